/**
 * Dialog's `openBeforeContent`: content that focuses itself as it mounts (a layout effect, as the
 * post form's first field does) finds the modal already open, so the focus holds in the same
 * commit; without it the modal opens in a passive effect, after such content. Focus goes back to
 * the opener on close either way.
 */
import { expect } from '@open-wc/testing';
import { createElement, useLayoutEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Dialog } from './Dialog';
import { deepActiveElement } from './deep-active-element';
import { createLiveVoice } from './live-voice';
import { WidgetContext, type WidgetContextValue } from '../core/widget-context';

/** A field that focuses itself in a layout effect, noting whether its dialog was open then. */
function SelfFocusingField({ seen }: { seen: { openAtMount?: boolean } }) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    seen.openAtMount = ref.current?.closest('dialog')?.open ?? false;
    ref.current?.focus();
  }, []);
  return createElement('input', { ref, 'aria-label': 'Title' });
}

describe('<Dialog> openBeforeContent', () => {
  let host: HTMLElement;
  let root: Root;
  let opener: HTMLButtonElement;
  let context: WidgetContextValue;
  const render = (open: boolean, openBeforeContent: boolean, seen: { openAtMount?: boolean }) =>
    flushSync(() =>
      root.render(
        createElement(
          WidgetContext.Provider,
          { value: context },
          createElement(Dialog, {
            open,
            onCancel: () => {},
            labelledBy: 't',
            openBeforeContent,
            children: [createElement('h2', { id: 't', key: 'h' }, 'A form'), createElement(SelfFocusingField, { seen, key: 'f' })],
          }),
        ),
      ),
    );

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    opener = document.createElement('button');
    opener.textContent = 'Open';
    shadow.append(opener);
    const mountPoint = document.createElement('div');
    shadow.append(mountPoint);
    root = createRoot(mountPoint);
    context = { host, shadowRoot: shadow, tag: 'test-dialog', instanceId: 'test-dialog-1', announce: () => true, voice: createLiveVoice() };
    opener.focus();
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('with it: the modal is open when its content mounts, and the field keeps focus from that commit', () => {
    const seen: { openAtMount?: boolean } = {};
    render(true, true, seen);
    // Checked right after the synchronous render: no frame, no passive effect in between.
    expect(seen.openAtMount).to.equal(true);
    const dialog = host.shadowRoot!.querySelector('dialog')!;
    expect(dialog.matches(':modal')).to.equal(true);
    expect((deepActiveElement() as HTMLElement).getAttribute('aria-label')).to.equal('Title');
    // The marker renders nothing a user or the accessibility tree sees.
    expect(dialog.querySelector('template')?.content.childNodes.length).to.equal(0);
    render(false, true, seen);
    expect(deepActiveElement()).to.equal(opener);
  });

  it('without it: the modal opens after its content mounted (content focuses in its own passive effect)', async () => {
    const seen: { openAtMount?: boolean } = {};
    render(true, false, seen);
    expect(seen.openAtMount).to.equal(false);
    const dialog = host.shadowRoot!.querySelector('dialog')!;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.querySelector('template')).to.equal(null);
    render(false, false, seen);
    expect(deepActiveElement()).to.equal(opener);
  });
});
