/**
 * <messaging-dock> message list and focus: the list is virtualised, so a message scrolled out of
 * view is unmounted, unless it holds the focus (src/ui/use-focused-row-kept.ts). A focused message
 * control scrolled away stays mounted at its own place, out of the rows in view, and the focus
 * stays in the window instead of falling to <body>.
 */
import { expect } from '@open-wc/testing';
import './index';
import { deepActiveElement } from '../../tests/helpers/dom';
import { waitFor } from '../../tests/helpers/wait';
import { axe, dock, dockGone, freshDock, loadedWindow, messageRows, openByName } from './dock.test-helpers';

const nextFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('<messaging-dock> message list focus', function () {
  this.timeout(30_000);
  beforeEach(() => freshDock());
  afterEach(dockGone);

  it('a focused message control scrolled out of view stays mounted and focused, at its own place (bob: 30 messages)', async () => {
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    const list = win.querySelector<HTMLElement>('[part~="messages"]')!;
    const newest = await waitFor(() => messageRows(win).at(-1));
    const id = newest.dataset.id!;
    const control = newest.querySelector<HTMLButtonElement>('button[part~="message-controls"]')!;
    expect(control, 'the newest message has its options button').to.exist;
    control.focus();
    await waitFor(() => deepActiveElement() === control, { message: 'the options button did not take focus' });

    // Up to the oldest message, as a wheel does it; older pages load on the way.
    const topId = () => messageRows(win)[0]?.dataset.id;
    for (let guard = 0; guard < 40; guard++) {
      const before = topId();
      list.scrollTop = 0;
      list.dispatchEvent(new Event('scroll'));
      await nextFrames();
      await waitFor(() => !win.querySelector('.messages__older'), { message: 'older messages never finished loading' });
      await nextFrames();
      if (topId() === before && list.scrollTop === 0) break;
    }
    const rowsInView = messageRows(win).filter((row) => row.dataset.id !== id);
    expect(rowsInView.length, 'rows far from the newest are mounted').to.be.greaterThan(0);
    const kept = messageRows(win).find((row) => row.dataset.id === id);
    expect(kept !== undefined && kept.contains(deepActiveElement()), 'the focused message was unmounted').to.equal(true);
    // It sits below the rows in view, where it belongs, not among them.
    const lastInView = rowsInView.at(-1)!.getBoundingClientRect();
    expect(kept!.getBoundingClientRect().top >= lastInView.bottom - 1, 'the kept row overlaps the rows in view').to.equal(true);
    expect(kept!.getBoundingClientRect().top >= list.getBoundingClientRect().bottom, 'the kept row shows in view').to.equal(true);
    await axe(host);

    // Focus elsewhere in the window: the row is let go.
    win.querySelector<HTMLTextAreaElement>('[part~="compose-input"]')!.focus();
    await waitFor(() => !messageRows(win).some((row) => row.dataset.id === id), { message: 'the row stayed mounted after the focus left' });
  });
});
