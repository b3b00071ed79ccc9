/**
 * <messaging-dock> windows that persist (spec §3 Stored conversation window state, §5, §7, §9):
 * open and minimized windows are stored per user, come back in the same states after a reload
 * (the dock unmounted, its state forgotten, a new one mounted over the same storage), only when
 * the config enables it and the e-mail is verified, and a storage failure is announced and
 * otherwise ignored. An axe check in every state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { resetMessagingState } from './state/lifecycle';
import { $focusedWindow, $windows } from './state/stores';
import { updateWindowParticipants } from './state/windows';
import { $session, configure } from '../../src/session/session';
import { cleanup } from '../../tests/helpers/dom';
import { waitFor } from '../../tests/helpers/wait';
import {
  axe,
  dock,
  expectEvent,
  loadedWindow,
  openByName,
  tabs,
  text,
  windowFor,
  windows,
  type Host,
  dockGone,
  freshDock,
} from './dock.test-helpers';

const OPEN_KEY = 'messaging:alice:open';
const MINIMIZED_KEY = 'messaging:alice:minimized';

const stored = (
  key: string,
): { id?: string; participantUuid: string; participants: { name: string }[]; lastOpenedDateTs: number }[] | null => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : (JSON.parse(raw) as ReturnType<typeof stored>);
};
const storedNames = (key: string) => (stored(key) ?? []).map((w) => w.participants.map((p) => p.name).join(','));

/** Bob's window open, chatty-bot's minimized. */
async function twoWindows(host: Host): Promise<void> {
  openByName('chatty-bot');
  const bot = await loadedWindow(host, 'chatty-bot');
  bot.querySelector<HTMLButtonElement>('[part="minimize"]')!.click();
  // Minimizing animates (250 ms): the window is minimized once its tab shows.
  await waitFor(() => tabs(host).length === 1, { message: 'chatty-bot was never minimized' });
  openByName('bob');
  await loadedWindow(host, 'bob');
}

/** What a reload does to the dock: gone with its state, then a new one over the same storage. */
async function reload(): Promise<Host> {
  await cleanup();
  resetMessagingState();
  return dock();
}

describe('<messaging-dock> windows that persist', () => {
  beforeEach(() => freshDock());

  afterEach(dockGone);

  it('stores the open and the minimized windows with the spec fields, and brings them back in the same states after a reload', async () => {
    const host = await dock();
    await twoWindows(host);
    // The conversation id arrives with bob's first page; storage catches up one debounced write
    // (50 ms) later, so wait for the id too, not only the names (a loaded machine read it in between).
    await waitFor(
      () =>
        storedNames(OPEN_KEY).join() === 'bob' &&
        storedNames(MINIMIZED_KEY).join() === 'chatty-bot' &&
        stored(OPEN_KEY)?.[0]?.id === 'alice-bob',
      {
        message: 'storage never held bob open (with its conversation id) and chatty-bot minimized',
      },
    );
    const bob = stored(OPEN_KEY)![0]!;
    const alice = $session.get().channels.find((c) => c.name === 'alice')!;
    expect(bob.id).to.equal('alice-bob');
    expect(bob.participantUuid).to.equal(alice.uuid);
    expect(bob.lastOpenedDateTs).to.be.a('number');
    expect(Object.keys(bob.participants[0]!)).to.include.members(['uuid', 'name', 'url', 'avatar_url']);

    const again = await reload();
    const win = await loadedWindow(again, 'bob');
    expect(windows(again)).to.have.length(1);
    expect(tabs(again).map((t) => t.getAttribute('aria-label'))).to.deep.equal(['Open conversation with chatty-bot']);
    expect(text(win.querySelector('[part~="messages"]'))).to.not.equal('');
    await axe(again);

    // closing one is remembered too
    win.querySelector<HTMLButtonElement>('[part="close"]')!.click();
    await waitFor(() => stored(OPEN_KEY) === null, { message: 'the closed window stayed in storage' });
    const third = await reload();
    await waitFor(() => tabs(third).length === 1, { message: 'the minimized window did not come back' });
    expect(windows(third)).to.have.length(0);
  });

  it('stores nothing when the config does not enable it, or the e-mail is not verified', async () => {
    configure({ config: { ...$session.get().config, messaging_persistence: false } });
    let host = await dock();
    await twoWindows(host);
    expect(windows(host)).to.have.length(1);
    // past the 50 ms debounce
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(localStorage.getItem(OPEN_KEY)).to.equal(null);
    expect(localStorage.getItem(MINIMIZED_KEY)).to.equal(null);

    await cleanup();
    resetMessagingState();
    configure({
      config: { ...$session.get().config, messaging_persistence: true },
      user: { ...$session.get().user!, is_verified_email: false },
    });
    localStorage.setItem(
      OPEN_KEY,
      JSON.stringify([
        {
          id: 'alice-bob',
          participantUuid: $session.get().channels[0]!.uuid,
          participants: [{ uuid: 'x', name: 'bob' }],
          lastOpenedDateTs: 1,
        },
      ]),
    );
    host = await dock();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(windows(host), 'restored for an unverified e-mail').to.have.length(0);
  });

  // Another tab's write (here: storage set, then the event a real other tab's write fires) racing
  // this tab's own change within the 50 ms debounce. Found as a flake of the many-tabs e2e test: a
  // window closed in one tab came back, because the other tab had just stored a detail it learned.
  const otherTabStores = (key: string, value: string | null) => {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
  };
  const bobStoredOpen = async (host: Host) => {
    openByName('bob');
    await loadedWindow(host, 'bob');
    await waitFor(() => stored(OPEN_KEY)?.[0]?.id === 'alice-bob', { message: 'bob was never stored open' });
  };

  it('a window closed here stays closed when another tab stored its windows a moment before', async () => {
    const host = await dock();
    await bobStoredOpen(host);
    // the other tab's write arrives just before the close: what it stored (bob open, with a detail
    // of its own) is older than what the user does here
    otherTabStores(OPEN_KEY, JSON.stringify(stored(OPEN_KEY)!.map((w) => ({ ...w, lastOpenedDateTs: w.lastOpenedDateTs + 1 }))));
    windowFor(host, 'bob')!.querySelector<HTMLButtonElement>('[part="close"]')!.click();
    await waitFor(() => $windows.get().length === 0 && stored(OPEN_KEY) === null, {
      message: `the close was lost: windows ${$windows.get().length}, stored ${storedNames(OPEN_KEY).join()}`,
    });
    await waitFor(() => windows(host).length === 0, { message: 'the closed window stayed on screen' });
    await axe(host);
  });

  it('what this tab learns of a window does not bring back one another tab has just closed', async () => {
    const host = await dock();
    await bobStoredOpen(host);
    const bob = $windows.get()[0]!;
    // the user is busy elsewhere on the page (a window holding the focus stays open whatever another tab does)
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.textContent = 'Elsewhere';
    elsewhere.focus();
    await waitFor(() => $focusedWindow.get() === null, { message: 'the window kept the focus' });
    // a detail learned here (its conversation's answer), then the other tab closes the window
    // before this tab's debounced write runs
    updateWindowParticipants(
      bob.key,
      bob.participants.map((p) => ({ ...p, avatar_url: `${p.avatar_url ?? ''}?size=64` })),
    );
    otherTabStores(OPEN_KEY, null);
    await waitFor(() => $windows.get().length === 0 && stored(OPEN_KEY) === null, {
      message: `the other tab's close was undone: windows ${$windows.get().length}, stored ${storedNames(OPEN_KEY).join()}`,
    });
    await waitFor(() => windows(host).length === 0, { message: 'the window closed elsewhere stayed on screen' });
  });

  it('a storage failure is announced as tl-storage-error and otherwise ignored', async () => {
    const original = Storage.prototype.setItem;
    const event = expectEvent(document, 'tl-storage-error');
    Storage.prototype.setItem = function setItem(this: Storage, key: string, value: string) {
      if (key.startsWith('messaging:alice:')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      original.call(this, key, value);
    };
    try {
      const host = await dock();
      openByName('bob');
      const win = await loadedWindow(host, 'bob');
      const detail = (await event).detail as { key: string };
      expect(detail.key).to.match(/^messaging:alice:(open|minimized)$/);
      // the dock carries on
      win.querySelector<HTMLButtonElement>('[part="minimize"]')!.click();
      await waitFor(() => tabs(host).length === 1, { message: 'minimizing broke after the storage failure' });
      await axe(host);
    } finally {
      Storage.prototype.setItem = original;
    }
  });
});
