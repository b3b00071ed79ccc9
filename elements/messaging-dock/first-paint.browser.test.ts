/**
 * <messaging-dock>'s first drawing on a page with windows stored by an earlier one: the dock's
 * engine (polling, stored windows) and its windows are chunks of their own, loaded as it mounts,
 * yet the windows are in its first drawing: a dock drawn without them would move as they came.
 * Its own file: a fresh page, where no dock has loaded the engine yet (what a reload is).
 */
import { expect } from '@open-wc/testing';
import './index';
import { $session } from '../../src/session/session';
import { mount } from '../../tests/helpers/dom';
import { dockGone, freshDock, loadedWindow, windows, type Host } from './dock.test-helpers';

describe('<messaging-dock> first drawing', () => {
  beforeEach(() => freshDock());
  afterEach(dockGone);

  it('windows stored by an earlier page are in it: the dock is never drawn without them', async () => {
    const alice = $session.get().channels.find((c) => c.name === 'alice')!;
    localStorage.setItem(
      'messaging:alice:open',
      JSON.stringify([
        { id: 'alice-bob', participantUuid: alice.uuid, participants: [{ uuid: 't:bob', name: 'bob' }], lastOpenedDateTs: 1 },
      ]),
    );
    localStorage.setItem(
      'messaging:alice:minimized',
      JSON.stringify([{ participantUuid: alice.uuid, participants: [{ uuid: 't:chatty-bot', name: 'chatty-bot' }], lastOpenedDateTs: 2 }]),
    );

    // What the dock holds at each point the page could paint (after each task's DOM changes).
    const drawn: string[] = [];
    const host = mount<Host>('<messaging-dock></messaging-dock>');
    const root = host.shadowRoot;
    expect(root, 'the dock has its shadow root as it connects').to.exist;
    const observer = new MutationObserver(() => {
      const box = root!.querySelector('.dock');
      if (box) drawn.push(`${box.querySelectorAll('.window').length} open, ${box.querySelectorAll('.tab').length} minimized`);
    });
    observer.observe(root!, { childList: true, subtree: true });
    try {
      await host.ready;
      await loadedWindow(host, 'bob');
    } finally {
      observer.disconnect();
    }
    // Each window is a box from the first drawing on: a placeholder of its size while its code
    // loads, then the window.
    expect(drawn[0], `drawn: ${drawn.join(' / ')}`).to.equal('1 open, 1 minimized');
    expect(windows(host)).to.have.length(1);
  });
});
