/**
 * <Popover>'s placement: beside its anchor in the first frame it shows (never a frame off screen
 * or at 0,0), and beside it still after the page scrolls or the anchor moves. What keeps it there
 * starts only after that first frame (popover-position.ts), so these check both sides of that.
 */
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Popover, preloadPopoverPosition } from './Popover';
import { waitFor } from '../../tests/helpers/wait';

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

describe('<Popover> placement', () => {
  let page: HTMLElement;
  let anchor: HTMLButtonElement;
  let root: Root;

  const panel = () => page.shadowRoot!.querySelector<HTMLElement>('.tl-popover')!;
  /** The panel's top edge is 8 px under the anchor's bottom edge, and their left edges line up. */
  const beside = () => {
    const a = anchor.getBoundingClientRect();
    const p = panel().getBoundingClientRect();
    return Math.abs(p.top - (a.bottom + 8)) < 1 && Math.abs(p.left - a.left) < 1;
  };

  beforeEach(async () => {
    await preloadPopoverPosition();
    page = document.createElement('div');
    page.style.cssText = 'padding: 200px 40px 2000px';
    document.body.append(page);
    const shadow = page.attachShadow({ mode: 'open' });
    anchor = document.createElement('button');
    anchor.textContent = 'Inbox';
    const spacer = document.createElement('div');
    const mountPoint = document.createElement('div');
    shadow.append(spacer, anchor, mountPoint);
    root = createRoot(mountPoint);
  });

  afterEach(() => {
    root.unmount();
    page.remove();
    scrollTo(0, 0);
  });

  const open = () =>
    flushSync(() =>
      root.render(
        createElement(Popover, {
          open: true,
          anchor,
          placement: 'bottom-start',
          'aria-label': 'A panel',
          children: createElement('p', null, 'Some content'),
        }),
      ),
    );

  it('shows beside its anchor in its first frame', async () => {
    open();
    // A frame callback runs before that frame's paint: what it sees is what the first frame shows.
    await nextFrame();
    expect(panel().matches(':popover-open')).to.equal(true);
    expect(beside(), `panel at ${JSON.stringify(panel().getBoundingClientRect())}`).to.equal(true);
  });

  it('follows its anchor when the page scrolls and when the anchor moves', async () => {
    open();
    await nextFrame();
    scrollBy(0, 120);
    await waitFor(() => scrollY === 120 && beside(), { message: 'the panel followed the scroll' });
    page.shadowRoot!.firstElementChild!.setAttribute('style', 'height: 60px');
    await waitFor(beside, { message: 'the panel followed its anchor down' });
  });
});
