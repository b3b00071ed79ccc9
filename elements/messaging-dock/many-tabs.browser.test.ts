/**
 * <messaging-dock> among the user's other tabs (README, "Many tabs, one user"), in each engine. The
 * test plays the other tab: it holds the poll lock and talks on the user's BroadcastChannel, which
 * reaches the page's own channel object as another tab's would. The dock, its polling and the
 * reference server are real.
 */
import { expect } from '@open-wc/testing';
import './index';
import { $session, configure } from '../../src/session/session';
import { $sessionEnded } from '../../src/session/session-end';
import { injectFault } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { typeInto } from '../../tests/helpers/dom';
import { pollLockName } from './state/poll-leader';
import { SESSION_ENDED_NOTICE } from './model/notices';
import { $unread } from './state/stores';
import {
  axe,
  dock,
  dockGone,
  dockNotice,
  expectEvent,
  freshDock,
  loadedWindow,
  messageRows,
  openByName,
  openInbox,
  text,
} from './dock.test-helpers';

interface Heard {
  t: string;
  from: string;
  [field: string]: unknown;
}

/** The other tab: the user's channel, with everything it heard. */
function otherTab(name = `tumblelog:user:${$session.get().user!.name}`) {
  const channel = new BroadcastChannel(name);
  const heard: Heard[] = [];
  channel.onmessage = (event: MessageEvent<Heard>) => heard.push(event.data);
  return {
    heard,
    post: (message: Record<string, unknown>) => channel.postMessage({ from: 'the-other-tab', ...message }),
    close: () => channel.close(),
  };
}

/** Holds the user's poll lock until release() (the other tab is the one polling). */
async function holdPollLock(): Promise<{ release: () => void }> {
  let release!: () => void;
  const granted = new Promise<void>((resolve) => {
    void navigator.locks.request(pollLockName($session.get().user!.name), () => {
      resolve();
      return new Promise<void>((r) => (release = r));
    });
  });
  await granted;
  return { release: () => release() };
}

/** Counts this page's calls to /services/poll. */
function countPolls(): { count: () => number; restore: () => void } {
  const original = window.fetch;
  let polls = 0;
  window.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('/services/poll')) polls++;
    return original(input, init);
  };
  return { count: () => polls, restore: () => void (window.fetch = original) };
}

/** alice's own unread sum as the header badge and blog selectors read it (her other blogs add their own). */
const aliceUnread = () => $session.get().channels.find((c) => c.name === 'alice')?.unread_count;
const closers: Array<() => void> = [];

describe('<messaging-dock> with the user’s other tabs', () => {
  before(async () => {
    // the runtime loads it as a chunk of its own beside itself: be sure it is there
    (await import('../../src/tabs/page-tabs')).startPageTabs();
  });
  beforeEach(async () => {
    await freshDock('alice');
    configure({ config: { ...$session.get().config, messaging_poll_frequency: 250 } });
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    await dockGone();
  });

  it('a tab without the lock does not poll: it tells its view, shows the polling tab’s answers, and takes over when the lock is free', async () => {
    const other = otherTab();
    closers.push(other.close);
    const lock = await holdPollLock();
    closers.push(lock.release);
    const polls = countPolls();
    closers.push(polls.restore);

    const host = await dock();
    await openInbox(host);
    await waitFor(() => other.heard.some((m) => m.t === 'poll-view' && (m.view as { inboxOpen?: boolean }).inboxOpen === true), {
      message: 'the dock never told the other tab that its inbox is open',
    });
    other.post({ t: 'poll-answer', unread: { alice: { 'alice-bob': 2, 'alice-carol': 1 } } });
    await waitFor(() => aliceUnread() === 3, { message: `alice's unread is ${aliceUnread()}, not the other tab's 3` });
    // four poll intervals: the polling tab polls, this one does not
    await new Promise((r) => setTimeout(r, 1000));
    expect(polls.count()).to.equal(0);
    // a malformed answer changes nothing
    other.post({ t: 'poll-answer', unread: 'lots' });
    other.post({ t: 'poll-answer', unread: { alice: { 'alice-bob': 'many' } } });

    // typing here reaches the poller over there
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    typeInto(win.querySelector<HTMLTextAreaElement>('[part~="compose-input"]')!, 'h');
    await waitFor(() => other.heard.some((m) => m.t === 'poll-nudge'), { message: 'no nudge reached the polling tab' });

    // the polling tab goes: this one takes the lock, polls the server, and tells the others
    lock.release();
    await waitFor(() => polls.count() > 0, { message: 'the dock never polled after the lock came free' });
    await waitFor(() => other.heard.some((m) => m.t === 'poll-answer'), { message: 'the new polling tab never shared its answer' });
  });

  it('a polling tab that stays hidden while another tab is in sight hands the poller over, and queues again', async () => {
    configure({ config: { ...$session.get().config, messaging_tab_handover_ms: 300 } });
    const other = otherTab();
    closers.push(other.close);
    const host = await dock();
    await openInbox(host);
    await waitFor(() => other.heard.some((m) => m.t === 'poll-answer'), { message: 'the dock never polled (it should hold the lock)' });
    other.post({ t: 'poll-view', view: { inboxOpen: true, conversationOpen: false, visible: true } });
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    closers.push(() => {
      delete (document as { visibilityState?: unknown }).visibilityState;
      Object.defineProperty(Document.prototype, 'visibilityState', visibility);
      document.dispatchEvent(new Event('visibilitychange'));
    });
    document.dispatchEvent(new Event('visibilitychange'));
    // the other tab asks for the lock: it is granted once the hidden dock lets go
    const lock = await holdPollLock();
    closers.push(lock.release);
    await waitFor(() => other.heard.some((m) => m.t === 'poll-view' && (m.view as { visible?: boolean }).visible === false), {
      message: 'the dock never said it is out of sight',
    });
    const polls = countPolls();
    closers.push(polls.restore);
    await new Promise((r) => setTimeout(r, 1000));
    expect(polls.count(), 'polls after handing over').to.equal(0);
    // the other tab goes: the dock, queued again, polls again
    lock.release();
    await waitFor(() => polls.count() > 0, { message: 'the dock did not take the lock back' });
  });

  it('without Web Locks a lease in localStorage decides: a live lease elsewhere means no polling here, a run-out one is taken over', async () => {
    const locks = Object.getOwnPropertyDescriptor(Navigator.prototype, 'locks');
    Object.defineProperty(navigator, 'locks', { configurable: true, get: () => undefined });
    closers.push(() => {
      delete (navigator as { locks?: unknown }).locks;
      if (locks) Object.defineProperty(Navigator.prototype, 'locks', locks);
    });
    const key = `tl-leader:${pollLockName('alice')}`;
    closers.push(() => localStorage.removeItem(key));
    localStorage.setItem(key, JSON.stringify({ id: 'the-other-tab', until: Date.now() + 1500 }));
    const polls = countPolls();
    closers.push(polls.restore);
    const host = await dock();
    await openInbox(host);
    await new Promise((r) => setTimeout(r, 1000));
    expect(polls.count(), 'polls while the other tab holds the lease').to.equal(0);
    // the other tab stopped renewing: within a renewal of its end, this tab leads and polls
    await waitFor(() => polls.count() > 0, { timeout: 8000, message: 'the dock never took over a lease that ran out' });
    expect((JSON.parse(localStorage.getItem(key)!) as { id: string }).id).not.to.equal('the-other-tab');
  });

  it('a conversation read in another tab clears its count here at once; one read here is told to the others', async () => {
    const other = otherTab();
    closers.push(other.close);
    const lock = await holdPollLock();
    closers.push(lock.release);
    const host = await dock();
    await openInbox(host);
    await waitFor(() => other.heard.some((m) => m.t === 'poll-view'), { message: 'the dock never spoke' });
    other.post({ t: 'poll-answer', unread: { alice: { 'some-conversation': 2, 'alice-bob': 1 } } });
    await waitFor(() => aliceUnread() === 3, { message: 'the answer never showed' });
    other.post({ t: 'conversation-read', blog: 'alice', conversation: 'some-conversation' });
    await waitFor(() => aliceUnread() === 1, { message: `alice's unread is ${aliceUnread()} after the read in the other tab` });
    expect($unread.get().alice).to.deep.equal({ 'alice-bob': 1 });

    openByName('bob');
    await loadedWindow(host, 'bob');
    await waitFor(() => other.heard.some((m) => m.t === 'conversation-read' && m.conversation === 'alice-bob'), {
      message: 'the read here never reached the other tab',
    });
    await waitFor(() => aliceUnread() === 0, { message: 'the count did not clear here' });
  });

  it('a message another tab is sending shows in the same conversation with its state and no controls, until it is delivered', async () => {
    const other = otherTab();
    closers.push(other.close);
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    const me = $session.get().channels.find((c) => c.name === 'alice')!.uuid;
    const message = (state: string) => ({
      clientId: 'from-the-other-tab',
      clientTs: Date.now(),
      type: 'TEXT',
      participant: me,
      conversationId: 'alice-bob',
      message: 'typed in the other tab',
      state,
      ...(state === 'error' ? { errorLine: "Hrm. Post didn't send." } : {}),
    });
    const shown = () => messageRows(win).find((r) => text(r).includes('typed in the other tab'));
    other.post({ t: 'outgoing', messages: [message('pending')] });
    const row = await waitFor(shown, { message: 'the other tab’s message never showed' });
    expect(text(row)).to.contain('Sending from another tab…');
    expect(row.querySelectorAll('button')).to.have.length(0);
    await axe(host);
    other.post({ t: 'outgoing', messages: [message('error')] });
    await waitFor(() => text(shown()).includes('It can be tried again in the tab it was written in.'), {
      message: 'the failure never showed',
    });
    expect(shown()!.querySelectorAll('button, [role="alert"]')).to.have.length(0);
    // malformed lists change nothing; delivered, it goes (the window fetches the server's copy)
    other.post({ t: 'outgoing', messages: 'lots' });
    other.post({ t: 'message-sent', clientId: 'from-the-other-tab', conversation: 'alice-bob' });
    await waitFor(() => shown() === undefined, { message: 'the delivered message stayed as unsent' });
  });

  it('a tab that loads logged out ends the session here (the dock says so and stops polling); the same user loading again ends that', async () => {
    const session = otherTab('tumblelog:session');
    closers.push(session.close);
    const host = await dock();
    await openInbox(host);
    const ended = expectEvent(document, 'tl-session-end');
    session.post({ t: 'session', user: null });
    expect((await ended).detail).to.deep.equal({ ended: true, reason: 'logged-out' });
    const notice = await waitFor(() => (text(dockNotice(host)) === SESSION_ENDED_NOTICE ? dockNotice(host) : null), {
      message: 'the dock never said the session ended',
    });
    expect(notice.getAttribute('role')).to.equal('alert');
    await axe(host);

    const polls = countPolls();
    closers.push(polls.restore);
    await new Promise((r) => setTimeout(r, 1000));
    expect(polls.count(), 'polls after the session ended').to.equal(0);

    const back = expectEvent(document, 'tl-session-end');
    session.post({ t: 'session', user: 'alice' });
    expect((await back).detail).to.deep.equal({ ended: false, reason: undefined });
    await waitFor(() => dockNotice(host) === null, { message: 'the notice stayed after alice came back' });
    await waitFor(() => polls.count() > 0, { message: 'polling did not start again' });

    // someone else loading in another tab: switched
    session.post({ t: 'session', user: 'bob' });
    await waitFor(() => $sessionEnded.get() === 'switched', { message: 'a tab loading as bob did not end alice’s session' });
  });

  it('a call answered 401 here ends the session and tells the other tabs', async () => {
    const session = otherTab('tumblelog:session');
    closers.push(session.close);
    const host = await dock();
    await injectFault('/svc/conversations', 401);
    await openInbox(host);
    await waitFor(() => session.heard.some((m) => m.t === 'session' && m.user === null), {
      message: 'the 401 was never told to the other tabs',
    });
    expect($sessionEnded.get()).to.equal('logged-out');
    await waitFor(() => text(dockNotice(host)) === SESSION_ENDED_NOTICE, { message: 'the dock never said so' });
  });
});
