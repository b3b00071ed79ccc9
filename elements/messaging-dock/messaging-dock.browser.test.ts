/**
 * <messaging-dock> against the in-process reference server (demo/server/routes/messaging.ts and
 * its seed): the inbox popover (opened through $inboxOpen or the dock's own trigger; loading, the
 * list with previews and unread rows, paging, the empty inbox, the error view with Retry, Escape),
 * compose mode (Nevermind, the focused 'To:' box, Favorites, debounced search, empty-search lines,
 * Enter and ArrowDown+Enter), conversation windows (open from a row, minimize to a tab and back,
 * close, Escape in an empty box, Enter sends and is stored, Shift+Enter is a new line), the error
 * views of spec §8 (7003, 409, 429, 7001, a generic failure with Retry / 'Retrying...'), and
 * opening by blog name from page code — an axe check in every state.
 *
 * These tests found five product bugs, fixed since: the selector's accessible name (WCAG 2.5.3),
 * the tab close button's size (2.5.8), the inbox mounting twice per open, pending-bubble contrast,
 * and a delivered message vanishing from its window.
 */
import { expect } from '@open-wc/testing';
import './index';
import { resetMessagingState } from './state/lifecycle';
import { $inboxOpen, setInboxOpen } from '../../src/stores/inbox';
import { $session, configure, updateUser } from '../../src/session/session';
import { GENERIC_ERROR_LINES } from '../../src/messaging/model/conversation';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, deepActiveElement, mount, shadow, shadowAll, typeInto } from '../../tests/helpers/dom';
import { clearFaults, dbRows, injectFault, resetServer, setupSession, type TestSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import {
  type Host,
  part,
  rows,
  windows,
  tabs,
  text,
  rowName,
  rowFor,
  windowFor,
  isMine,
  messageRows,
  composeIn,
  composeInput,
  errorView,
  dockNotice,
  buttonNamed,
  expectEvent,
  pressShiftEnter,
  axe,
  restores,
  holdFetch,
  serverCall,
  dock,
  openInbox,
  inboxWithRows,
  startCompose,
  openByName,
  loadedWindow,
  showsNewest,
  erroredWindow,
  clearMessagingStorage,
  nextFrame,
} from './dock.test-helpers';

// Spec strings (shared/spec/messaging-and-browsing.md §2, §5, §8), written out rather than
// imported so a wrong constant in the product fails here.
const EMPTY_SEARCH_LINES = ["That isn't anyone.", 'Uh, who?', 'Nobody by that name.', 'Never heard of them.'];
const VERIFY_EMAIL = 'Please verify your email address before talking to a Tumblr.';
const MUST_FOLLOW = 'You can only send messages to Tumblrs you follow.';
const DAILY_LIMIT = "You've hit the daily limit on new conversations. Impressive.";
const COULD_NOT_LOAD = 'Could not load conversation.';
const CANNOT_RECEIVE = "This Tumblr can't receive messages.";

describe('<messaging-dock>', () => {
  let session: TestSession;

  beforeEach(async () => {
    await resetServer();
    clearMessagingStorage();
    resetMessagingState();
    setInboxOpen(false);
    session = await setupSession('alice');
  });

  afterEach(() => {
    cleanup();
    while (restores.length) restores.pop()!();
    setInboxOpen(false);
    resetMessagingState();
    clearMessagingStorage();
  });

  describe('inbox', () => {
    it('opens through $inboxOpen: a loader first, then the list with 100-character previews and unread rows', async () => {
      // The newest conversation gets a 150-character last message.
      const long = 'abcdefghij'.repeat(15);
      await serverCall(session, 'POST', '/svc/conversations/messages', {
        participant: 'alice',
        conversation_id: 'alice-paper-planes',
        type: 'TEXT',
        message: long,
      });
      const hold = holdFetch((url) => url.pathname === '/svc/conversations');
      const host = await dock();
      const panel = await openInbox(host);
      expect($inboxOpen.get()).to.equal(true);
      expect(part(host, 'trigger')!.getAttribute('aria-expanded')).to.equal('true');
      // loading
      await waitFor(() => hold.held() > 0);
      const loader = await waitFor(() => panel.querySelector('[role="status"][aria-label="Loading messages for alice"]'), {
        message: 'no loader while the inbox loads',
      });
      expect(loader).to.exist;
      expect(panel.querySelector('[aria-busy="true"]')).to.exist;
      expect(rows(host)).to.have.length(0);
      expect(text(panel.querySelector('h2'))).to.equal('Inbox');
      await axe(host);
      // the list
      hold.release();
      await waitFor(() => rows(host).length > 0);
      expect(panel.querySelector('[role="status"][aria-label="Loading messages for alice"]')).to.equal(null);
      expect(rows(host)).to.have.length(10);
      const first = rows(host)[0]!;
      expect(rowName(first)).to.equal('paper-planes');
      expect(text(first.querySelector('.inbox__row-preview'))).to.equal(`${long.slice(0, 100)}…`);
      for (const row of rows(host)) expect([...text(row.querySelector('.inbox__row-preview'))].length, rowName(row)).to.be.at.most(101);
      // alice has not read bob's last two messages; she has read everything from chatty-bot
      expect(rowFor(host, 'bob')!.classList.contains('is-unread')).to.equal(true);
      expect(rowFor(host, 'chatty-bot')!.classList.contains('is-unread')).to.equal(false);
      expect(rowFor(host, 'paper-planes')!.classList.contains('is-unread')).to.equal(false);
      await axe(host);
    });

    it("opens from the dock's own trigger (no <blog-header> on the page); Escape closes it and focus returns to the trigger", async () => {
      const host = await dock();
      const trigger = part<HTMLButtonElement>(host, 'trigger')!;
      expect(trigger.getAttribute('aria-expanded')).to.equal('false');
      expect(part(host, 'inbox')).to.equal(null);
      // its badge: the sum of the blogs' unread counts (alice: 5 + alice-sketches: 1 in the seed)
      const unread = $session.get().channels.reduce((n, c) => n + (c.unread_count ?? 0), 0);
      expect(unread).to.equal(6);
      expect(text(part(host, 'badge'))).to.equal('6');
      expect(trigger.getAttribute('aria-label')).to.equal('Messages, 6 unread');
      trigger.click();
      expect($inboxOpen.get()).to.equal(true);
      await waitFor(() => rows(host).length > 0);
      expect(trigger.getAttribute('aria-expanded')).to.equal('true');
      await axe(host);
      // Escape from inside the inbox (its heading takes focus when it opens)
      const inbox = part(host, 'inbox')!;
      if (!inbox.contains(deepActiveElement())) inbox.querySelector<HTMLElement>('h2')!.focus();
      await waitFor(() => inbox.contains(deepActiveElement()), { message: 'focus is not inside the inbox' });
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !part(host, 'inbox'));
      expect($inboxOpen.get()).to.equal(false);
      expect(trigger.getAttribute('aria-expanded')).to.equal('false');
      expect(deepActiveElement()).to.equal(trigger);
      await axe(host);
    });

    // Once fixed: an inline ref callback on the dock's trigger dropped the anchor on every render, remounting the inbox.
    it('opening the inbox mounts it once and asks the server for the inbox once', async () => {
      const requests: string[] = [];
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname === '/svc/conversations') requests.push(url.search);
        return original(input, init);
      };
      restores.push(() => void (window.fetch = original));
      const host = await dock();
      const mounts: Element[] = [];
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) if (node instanceof Element && node.matches('[part~="inbox"]')) mounts.push(node);
      }).observe(host.shadowRoot!, { childList: true, subtree: true });
      await inboxWithRows(host);
      expect(mounts, 'inbox popover mounts').to.have.length(1);
      expect(requests, 'GET /svc/conversations').to.have.length(1);
    });

    it("pages with 'Load older conversations' (alice: 15 conversations, 10 a page)", async () => {
      const host = await dock();
      const panel = await inboxWithRows(host);
      expect(rows(host)).to.have.length(10);
      const more = buttonNamed(panel, 'Load older conversations');
      expect(more, "no 'Load older conversations'").to.exist;
      await axe(host);
      const firstPage = rows(host).map(rowName);
      more!.click();
      await waitFor(() => rows(host).length === 15, { message: 'the second page never arrived' });
      const all = rows(host).map(rowName);
      expect(all.slice(0, 10)).to.deep.equal(firstPage);
      expect(new Set(all).size).to.equal(15);
      // the last page: no more button
      expect(buttonNamed(panel, 'Load older conversations')).to.equal(undefined);
      await axe(host);
    });

    it("shows 'Talk to a Tumblr' with a grid of suggested avatars for an empty inbox", async () => {
      // dora's only conversation is deleted and she follows four blogs (alice, bob + two more): four suggestions.
      session = await setupSession('dora');
      await serverCall(session, 'DELETE', '/svc/conversations/messages', { participant: 'dora', conversation_id: 'alice-dora' });
      for (const blog of ['tea-ceremony', 'small-birds']) await serverCall(session, 'POST', '/svc/follow', { tumblelog: blog });
      const host = await dock();
      const panel = await openInbox(host);
      const empty = await waitFor(() => part(host, 'empty'), { message: 'no empty inbox view' });
      expect(text(empty.querySelector('h3'))).to.equal('Talk to a Tumblr');
      const links = await waitFor(
        () => {
          const found = [...empty.querySelectorAll<HTMLAnchorElement>('a')];
          return found.length > 0 ? found : null;
        },
        { message: 'no suggested avatars' },
      );
      expect(links).to.have.length(4);
      expect(links.map((a) => a.getAttribute('aria-label')).sort()).to.deep.equal([
        'Message alice',
        'Message bob',
        'Message small-birds',
        'Message tea-ceremony',
      ]);
      for (const a of links) {
        const box = (a.querySelector('img, [class*="avatar"]') ?? a).getBoundingClientRect();
        expect([Math.round(box.width), Math.round(box.height)], a.getAttribute('aria-label')!).to.deep.equal([40, 40]);
      }
      expect(rows(host)).to.have.length(0);
      expect(buttonNamed(panel, 'Load older conversations')).to.equal(undefined);
      await axe(host);
    });

    it('shows the error view when the inbox fails to load, and Retry loads it', async () => {
      // Every inbox request fails until the faults are cleared (however many requests opening makes).
      await injectFault('/svc/conversations', 500, 20, { method: 'GET' });
      const host = await dock();
      await openInbox(host);
      const error = await waitFor(() => part(host, 'inbox-error'), { message: 'no inbox error view' });
      expect(error.getAttribute('role')).to.equal('alert');
      expect(text(error)).to.contain("Couldn't load your messages.");
      expect(rows(host)).to.have.length(0);
      await axe(host);
      await clearFaults();
      buttonNamed(error, 'Retry')!.click();
      await waitFor(() => rows(host).length === 10, { message: 'Retry did not load the list' });
      expect(part(host, 'inbox-error')).to.equal(null);
      await axe(host);
    });
  });

  describe('polling', () => {
    it("stops after more than 3 failed polls, says so in the inbox, and 'Check again' starts it again", async () => {
      configure({ config: { messaging_poll_frequency: 1000 } });
      await injectFault('/services/poll', 500, 4);
      const host = await dock();
      const panel = await inboxWithRows(host);
      const notice = await waitFor(
        () =>
          [...panel.querySelectorAll<HTMLElement>('[role="status"]')].find((el) => text(el).startsWith('New messages stopped arriving.')),
        {
          timeout: 15000,
          message: 'the poller did not stop after 4 failed polls',
        },
      );
      await axe(host);
      // all four faults were used: the next poll is the one 'Check again' starts
      const hold = holdFetch((url) => url.pathname === '/services/poll');
      buttonNamed(notice, 'Check again')!.click();
      await waitFor(() => !text(panel).includes('New messages stopped arriving.'), { message: "'Check again' did not clear the notice" });
      await waitFor(() => hold.held() === 1, { timeout: 5000, message: "'Check again' did not start polling again" });
      hold.release();
    });
  });

  describe('compose mode', () => {
    it("toggles 'Compose message' / 'Nevermind', focuses 'To:' and lists Favorites while it is empty", async () => {
      const host = await dock();
      await inboxWithRows(host);
      const toggle = part<HTMLButtonElement>(host, 'compose-toggle')!;
      expect(text(toggle)).to.equal('Compose message');
      toggle.click();
      const input = await waitFor(() => part<HTMLInputElement>(host, 'to-input'));
      expect(text(toggle)).to.equal('Nevermind');
      expect(text(input.labels?.[0])).to.equal('To:');
      await waitFor(() => deepActiveElement() === input, { message: "the 'To:' input is not focused" });
      expect(rows(host)).to.have.length(0); // the list hides while composing
      const compose = part(host, 'compose')!;
      await waitFor(() => [...compose.querySelectorAll('h3')].some((h) => text(h) === 'Favorites'), { message: "no 'Favorites'" });
      const favourites = [...compose.querySelectorAll('[role="option"]')].map((o) => text(o.querySelector('.tl-picker__name')));
      expect(favourites.length).to.be.greaterThan(0);
      expect(favourites).to.include('bob');
      expect(favourites).to.not.include('alice');
      expect(favourites, 'cannot receive messages').to.not.include('vintage-maps');
      await axe(host);
      toggle.click();
      await waitFor(() => !part(host, 'to-input') && rows(host).length > 0);
      expect(text(toggle)).to.equal('Compose message');
      await axe(host);
    });

    it("favourites: the empty inbox fetches 10, the compose picker 8 (spec §7, §9 'default 8 in one place and 10 in another')", async () => {
      const limits: string[] = [];
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname === '/svc/conversations/participant_suggestions' && !url.searchParams.get('q'))
          limits.push(url.searchParams.get('limit') ?? '');
        return original(input, init);
      };
      restores.push(() => void (window.fetch = original));
      session = await setupSession('dora');
      await serverCall(session, 'DELETE', '/svc/conversations/messages', { participant: 'dora', conversation_id: 'alice-dora' });
      for (const blog of ['tea-ceremony', 'small-birds']) await serverCall(session, 'POST', '/svc/follow', { tumblelog: blog });
      const host = await dock();
      await openInbox(host);
      await waitFor(() => part(host, 'empty')?.querySelector('a'), { message: 'no suggested avatars' });
      expect(limits).to.deep.equal(['10']);
      part<HTMLButtonElement>(host, 'compose-toggle')!.click();
      await waitFor(() => limits.length === 2, { message: 'the compose picker fetched no favourites' });
      expect(limits).to.deep.equal(['10', '8']);
    });

    it('searches as you type (debounced) and shows the results; an unknown name shows an empty-search line', async () => {
      const searches: string[] = [];
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname === '/svc/conversations/participant_suggestions' && url.searchParams.get('q'))
          searches.push(url.searchParams.get('q')!);
        return original(input, init);
      };
      restores.push(() => void (window.fetch = original));
      const host = await dock();
      const input = await startCompose(host);
      const compose = part(host, 'compose')!;
      const names = () => [...compose.querySelectorAll('[role="option"] .tl-picker__name')].map((n) => text(n));
      // 'rec' matches field-recordings and grandmas-recipes (names and titles), none of them a favourite
      const favourites = await waitFor(() => (names().length > 0 ? names() : null), { message: 'no favourites' });
      expect(favourites).to.not.include('field-recordings');
      typeInto(input, 'r');
      typeInto(input, 're');
      typeInto(input, 'rec');
      await waitFor(() => names().includes('field-recordings'), { message: 'no search results' });
      expect(names()).to.deep.equal(['field-recordings', 'grandmas-recipes']);
      expect(searches, 'one request once typing paused').to.deep.equal(['rec']);
      expect([...compose.querySelectorAll('h3')].some((h) => text(h) === 'Favorites')).to.equal(false);
      expect(input.getAttribute('aria-expanded')).to.equal('true');
      await axe(host);
      typeInto(input, 'zzqx-nobody-here');
      const line = await waitFor(() => compose.querySelector('[role="status"].tl-picker__empty'), { message: 'no empty-search line' });
      expect(EMPTY_SEARCH_LINES).to.include(text(line));
      expect(names()).to.deep.equal([]);
      await axe(host);
    });

    it('Enter with exactly one result opens that conversation', async () => {
      const host = await dock();
      const input = await startCompose(host);
      typeInto(input, 'chatty');
      await waitFor(
        () => shadowAll(host, '[role="option"]').length === 1 && text(shadow(host, '[role="option"] .tl-picker__name')) === 'chatty-bot',
        {
          message: "'chatty' did not find exactly chatty-bot",
        },
      );
      await waitFor(() => deepActiveElement() === input);
      await sendKeys({ press: 'Enter' });
      const win = await loadedWindow(host, 'chatty-bot');
      await showsNewest(win, 'Beep boop! You said: "hello robot"');
      expect($inboxOpen.get()).to.equal(false);
      await waitFor(() => !part(host, 'inbox'));
      await axe(host);
    });

    it('ArrowDown moves through the results and Enter opens the active one', async () => {
      const host = await dock();
      const input = await startCompose(host);
      typeInto(input, 'rec');
      const names = await waitFor(
        () => {
          const found = shadowAll(host, '[role="option"] .tl-picker__name').map((n) => text(n));
          return found.includes('field-recordings') ? found : null;
        },
        { message: "no results for 'rec'" },
      );
      expect(names).to.deep.equal(['field-recordings', 'grandmas-recipes']);
      await waitFor(() => deepActiveElement() === input);
      await sendKeys({ press: 'ArrowDown' });
      await waitFor(() => shadowAll(host, '[role="option"]')[0]?.getAttribute('aria-selected') === 'true');
      expect(input.getAttribute('aria-activedescendant')).to.equal(shadowAll(host, '[role="option"]')[0]!.id);
      await sendKeys({ press: 'ArrowDown' });
      await waitFor(() => shadowAll(host, '[role="option"]')[1]?.getAttribute('aria-selected') === 'true');
      expect(input.getAttribute('aria-activedescendant')).to.equal(shadowAll(host, '[role="option"]')[1]!.id);
      await axe(host);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => windowFor(host, 'grandmas-recipes'), { message: 'Enter did not open grandmas-recipes' });
      expect(windows(host)).to.have.length(1);
      expect($inboxOpen.get()).to.equal(false);
      // a new conversation: no messages yet, ready to write
      await waitFor(() => {
        const box = composeInput(windowFor(host, 'grandmas-recipes')!);
        return box && !box.disabled;
      });
      await axe(host);
    });
  });

  describe('conversation windows', () => {
    it('clicking a row opens a window with the names and the messages, and closes the inbox', async () => {
      const host = await dock();
      await inboxWithRows(host);
      const opened = expectEvent(host, 'tl-conversation-open');
      rowFor(host, 'bob')!.querySelector('a')!.click();
      const win = await loadedWindow(host, 'bob');
      expect((await opened).detail).to.deep.include({ blogNames: ['bob'] });
      expect($inboxOpen.get()).to.equal(false);
      await waitFor(() => !part(host, 'inbox'));
      expect(part(host, 'trigger')!.getAttribute('aria-expanded')).to.equal('false');
      expect([...win.querySelectorAll('h2 a')].map((a) => text(a))).to.deep.equal(['bob']);
      expect(win.querySelector('h2 a')!.getAttribute('href')).to.match(/bob/);
      await showsNewest(win, 'pics soon');
      for (const name of ['actions', 'minimize', 'close', 'messages', 'compose-box'])
        expect(win.querySelector(`[part~="${name}"]`), name).to.exist;
      await axe(host);
    });

    it('Minimize moves the window to a tab, the tab opens it again, Close removes it', async () => {
      const host = await dock();
      openByName('bob');
      const win = await loadedWindow(host, 'bob');
      win.querySelector<HTMLButtonElement>('[part~="minimize"]')!.click();
      await waitFor(() => windows(host).length === 0 && tabs(host).length === 1, { message: 'no minimized tab' });
      const tab = tabs(host)[0]!;
      expect(tab.getAttribute('aria-label')).to.match(/^Open conversation with bob/);
      await axe(host);
      tab.click();
      const again = await loadedWindow(host, 'bob');
      expect(tabs(host)).to.have.length(0);
      await axe(host);
      const closed = expectEvent(host, 'tl-conversation-close');
      again.querySelector<HTMLButtonElement>('[part~="close"]')!.click();
      expect((await closed).detail).to.deep.include({ blogNames: ['bob'] });
      await waitFor(() => windows(host).length === 0);
      expect(tabs(host)).to.have.length(0);
      await axe(host);
    });

    it('Escape clears a compose box with text, and closes the window when the box is empty', async () => {
      const host = await dock();
      const { box } = await composeIn(host, 'bob');
      typeInto(box, 'never mind');
      await waitFor(() => box.value === 'never mind');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => box.value === '', { message: 'Escape did not clear the box' });
      expect(windows(host)).to.have.length(1);
      await axe(host);
      await waitFor(() => deepActiveElement() === box);
      await sendKeys({ press: 'Escape' });
      await waitFor(() => windows(host).length === 0, { message: 'Escape in an empty box did not close the window' });
      expect(tabs(host)).to.have.length(0);
      await axe(host);
    });

    // The pending state once failed axe's contrast check (the bubble was faded to 65 %).
    it('Shift+Enter is a new line; Enter sends: the message shows while it is sent and is stored on the server', async () => {
      const host = await dock();
      const { win, box } = await composeIn(host, 'bob');
      typeInto(box, 'first line');
      await pressShiftEnter();
      // a new line, not a send (sending clears the box at once)
      await waitFor(() => box.value === 'first line\n', {
        message: `Shift+Enter did not add a new line (value ${JSON.stringify(box.value)})`,
      });
      expect(messageRows(win).some((r) => text(r).includes('first line'))).to.equal(false);
      typeInto(box, `${box.value}second line`);
      const hold = holdFetch((url, method) => url.pathname === '/svc/conversations/messages' && method === 'POST');
      const sent = expectEvent(host, 'tl-message-sent');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => box.value === '', { message: 'the box did not clear after sending' });
      // shown at once, while it is being sent
      await waitFor(
        () =>
          hold.held() === 1 &&
          messageRows(win).some((r) => isMine(r) && r.querySelector('[part~="outgoing-pending"], [part~="outgoing-queued"]')),
        {
          message: 'the message is not shown while it is sent',
        },
      );
      await axe(host); // the pending state
      hold.release();
      expect((await sent).detail).to.deep.include({ conversationId: 'alice-bob' });
      const stored = await dbRows<{ sender_blog: string; text: string; type: string }>('messages', {
        conversation_id: 'alice-bob',
        text: 'first line\nsecond line',
      });
      expect(stored).to.have.length(1);
      expect(stored[0]).to.deep.include({ sender_blog: 'alice', type: 'TEXT' });
    });

    // Once accepted, the server's copy (the POST answer) takes the place of the pending message.
    it('a delivered message stays in the conversation', async () => {
      const host = await dock();
      const { win, box } = await composeIn(host, 'bob');
      typeInto(box, 'delivered\nand kept');
      const sent = expectEvent(host, 'tl-message-sent');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => box.value === '', { message: 'the box did not clear after sending' });
      expect((await sent).detail).to.deep.include({ conversationId: 'alice-bob' });
      expect(await dbRows('messages', { conversation_id: 'alice-bob', text: 'delivered\nand kept' })).to.have.length(1);
      await waitFor(
        () =>
          messageRows(win).some(
            (r) =>
              text(r).includes('delivered and kept') &&
              !r.querySelector('[part~="outgoing-pending"], [part~="outgoing-queued"], [part~="outgoing-error"]'),
          ),
        {
          message: 'the delivered message is not in the list',
        },
      );
      await axe(host);
    });

    it("offline: the box says 'Currently offline', a message waits unsent, and goes out once back online", async () => {
      const host = await dock();
      openByName('bob');
      const win = await loadedWindow(host, 'bob');
      const box = composeInput(win)!;
      const placeholder = box.placeholder;
      window.dispatchEvent(new Event('offline'));
      await waitFor(() => composeInput(win)?.placeholder === 'Currently offline', { message: 'no offline placeholder' });
      box.focus();
      typeInto(box, 'written offline');
      await sendKeys({ press: 'Enter' });
      await waitFor(
        () => messageRows(win).some((r) => text(r).includes('written offline') && r.querySelector('[part~="outgoing-queued"]')),
        {
          message: 'the message is not shown as waiting',
        },
      );
      expect(await dbRows('messages', { conversation_id: 'alice-bob', text: 'written offline' })).to.have.length(0);
      await axe(host);
      window.dispatchEvent(new Event('online'));
      await waitFor(() => composeInput(win)?.placeholder === placeholder, { message: 'the placeholder did not come back' });
      await waitFor(async () => (await dbRows('messages', { conversation_id: 'alice-bob', text: 'written offline' })).length === 1, {
        message: 'not sent once back online',
      });
      await waitFor(() =>
        messageRows(win).some(
          (r) => text(r).includes('written offline') && !r.querySelector('[part~="outgoing-queued"], [part~="outgoing-pending"]'),
        ),
      );
    });
  });

  describe('unsent messages deliver themselves', () => {
    it("a failed message marks its minimized tab and its inbox row 'not sent', and goes out by itself once the server answers, the window still minimized", async () => {
      const host = await dock();
      openByName('bob');
      const win = await loadedWindow(host, 'bob');
      await injectFault('/svc/conversations/messages', 500, 1000, { method: 'POST' });
      const box = composeInput(win)!;
      box.focus();
      typeInto(box, 'sent into the void');
      await sendKeys({ press: 'Enter' });
      await waitFor(
        () => messageRows(win).some((r) => text(r).includes('sent into the void') && r.querySelector('[part~="outgoing-error"]')),
        { message: 'the send did not fail' },
      );
      win.querySelector<HTMLButtonElement>('[part="minimize"]')!.click();
      const tab = await waitFor(() => shadow<HTMLButtonElement>(host, '[part="minimized-tab"]'));
      await waitFor(() => tab.querySelector('[part="unsent-mark"]'), { message: 'no not-sent mark on the tab' });
      expect(tab.getAttribute('aria-label')).to.contain('a message not sent');
      setInboxOpen(true);
      const row = await waitFor(() => shadowAll(host, '[part="conversation-row"]').find((r) => r.querySelector('[part="unsent-mark"]')), {
        message: 'no not-sent mark on the inbox row',
      });
      expect(row.querySelector('[part="unsent-mark"]')!.getAttribute('aria-label')).to.equal('Not sent');
      await axe(host);
      setInboxOpen(false);
      // Still failing: it keeps trying on its own (2 s, then 4 s …); nothing is stored meanwhile.
      expect(await dbRows('messages', { conversation_id: 'alice-bob', text: 'sent into the void' })).to.have.length(0);
      await clearFaults();
      await waitFor(async () => (await dbRows('messages', { conversation_id: 'alice-bob', text: 'sent into the void' })).length === 1, {
        timeout: 15_000,
        message: 'the message never delivered itself',
      });
      await waitFor(() => tab.isConnected && tab.querySelector('[part="unsent-mark"]') === null, { message: 'the not-sent mark stayed' });
      expect(shadow(host, '[part="window"]'), 'the window stayed minimized').to.equal(null);
      // delivered once
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await dbRows('messages', { conversation_id: 'alice-bob', text: 'sent into the void' })).to.have.length(1);
    });
  });

  describe('conversation errors (spec §8)', () => {
    it("letterpress: 'Sorry, letterpress only allows messages from Tumblrs they follow.' with no Retry", async () => {
      const host = await dock();
      openByName('letterpress');
      const { win, error } = await erroredWindow(host, 'letterpress');
      expect(error.getAttribute('role')).to.equal('alert');
      expect(text(error.querySelector('p'))).to.equal('Sorry, letterpress only allows messages from Tumblrs they follow.');
      expect(error.querySelector('button')).to.equal(null);
      expect(messageRows(win)).to.have.length(0);
      const box = composeInput(win);
      if (box) expect(box.disabled).to.equal(true);
      await axe(host);
    });

    it(`lighthouse-keeper (409): '${MUST_FOLLOW}'`, async () => {
      const host = await dock();
      openByName('lighthouse-keeper');
      const { win, error } = await erroredWindow(host, 'lighthouse-keeper');
      expect(text(error.querySelector('p'))).to.equal(MUST_FOLLOW);
      expect(messageRows(win)).to.have.length(0);
      await axe(host);
    });

    it('dora (daily limit used up): a new conversation shows the 429 line with no Retry; an existing one loads', async () => {
      await setupSession('dora');
      const host = await dock();
      openByName('tea-ceremony');
      const { error } = await erroredWindow(host, 'tea-ceremony');
      expect(text(error.querySelector('p'))).to.equal(DAILY_LIMIT);
      expect(error.querySelector('button')).to.equal(null);
      await axe(host);
      // the limit is about new conversations only
      openByName('alice');
      const win = await loadedWindow(host, 'alice');
      await showsNewest(win, 'pace yourself');
    });

    it(`carol (unverified e-mail): '${VERIFY_EMAIL}'`, async () => {
      await setupSession('carol');
      const host = await dock();
      await inboxWithRows(host);
      rowFor(host, 'bob')!.querySelector('a')!.click();
      const { win, error } = await erroredWindow(host, 'bob');
      expect(text(error.querySelector('p'))).to.equal(VERIFY_EMAIL);
      expect(error.querySelector('button')).to.equal(null);
      expect(messageRows(win)).to.have.length(0);
      await axe(host);
    });

    it("a generic failure shows a generic line with Retry, 'Retrying...' while it loads, then the conversation", async () => {
      await injectFault('/svc/conversations/messages', 500, 1, { method: 'GET' });
      const host = await dock();
      openByName('bob');
      const { win, error } = await erroredWindow(host, 'bob');
      const line = text(error.querySelector('p'));
      expect(GENERIC_ERROR_LINES).to.include(line);
      expect([VERIFY_EMAIL, MUST_FOLLOW, DAILY_LIMIT]).to.not.include(line);
      const retry = buttonNamed(error, 'Retry')!;
      expect(retry, 'no Retry').to.exist;
      expect(composeInput(win)?.disabled ?? true).to.equal(true);
      await axe(host);
      const hold = holdFetch((url, method) => url.pathname === '/svc/conversations/messages' && method === 'GET');
      retry.click();
      await waitFor(() => hold.held() > 0);
      const retrying = await waitFor(
        () => {
          const button = windowFor(host, 'bob')?.querySelector<HTMLButtonElement>('[part~="error"] button');
          return button && text(button) === 'Retrying...' ? button : null;
        },
        { message: "no 'Retrying...' while the retry loads" },
      );
      expect(retrying.disabled).to.equal(true);
      expect(text(errorView(windowFor(host, 'bob')!)!.querySelector('p'))).to.equal(line);
      await axe(host);
      hold.release();
      const loaded = await loadedWindow(host, 'bob');
      expect(errorView(loaded)).to.equal(null);
      await showsNewest(loaded, 'pics soon');
      expect(windows(host)).to.have.length(1);
      await axe(host);
    });
  });

  describe('a failed load is not kept', () => {
    it('a window closed after its load failed loads again when the conversation is opened again', async () => {
      await injectFault('/svc/conversations/messages', 500, 1, { method: 'GET' });
      const host = await dock();
      openByName('bob');
      const { win } = await erroredWindow(host, 'bob');
      win.querySelector<HTMLButtonElement>('[part~="close"]')!.click();
      await waitFor(() => windows(host).length === 0, { message: 'the window did not close' });
      openByName('bob');
      const loaded = await loadedWindow(host, 'bob');
      expect(errorView(loaded)).to.equal(null);
      await showsNewest(loaded, 'pics soon');
    });
  });

  describe('opening by blog name (tl-messaging-open-request)', () => {
    it('opens a conversation with bob', async () => {
      const host = await dock();
      const opened = expectEvent(host, 'tl-conversation-open');
      openByName('bob');
      const win = await loadedWindow(host, 'bob');
      expect((await opened).detail).to.deep.include({ blogNames: ['bob'] });
      expect(windows(host)).to.have.length(1);
      await showsNewest(win, 'pics soon');
      await axe(host);
    });

    it('closed, the window gives the focus back to the page control that opened it', async () => {
      const host = await dock();
      const opener = mount<HTMLButtonElement>('<button type="button">Message bob</button>');
      opener.focus();
      openByName('bob');
      // Re-queried: the window is rendered anew once it learns the conversation's id.
      const box = await waitFor(() => {
        const win = windowFor(host, 'bob');
        const input = win && messageRows(win).length > 0 ? composeInput(win) : null;
        return input && deepActiveElement() === input ? input : null;
      });
      expect(box.value).to.equal('');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => windows(host).length === 0, { message: 'Escape in the empty box did not close the window' });
      // It used to go to the inbox button (here the dock's own trigger).
      await waitFor(() => deepActiveElement() === opener, { message: 'the focus did not go back to the opener' });
    });

    it('closed, the window leaves alone a focus that moved on before the next frame', async () => {
      const host = await dock();
      const opener = mount<HTMLButtonElement>('<button type="button">Message bob</button>');
      const elsewhere = mount<HTMLButtonElement>('<button type="button">Somewhere else</button>');
      opener.focus();
      openByName('bob');
      const win = await waitFor(() => {
        const found = windowFor(host, 'bob');
        const input = found && messageRows(found).length > 0 ? composeInput(found) : null;
        return input && deepActiveElement() === input ? found : null;
      });
      win.querySelector<HTMLButtonElement>('[part~="close"]')!.click();
      // Before the frame in which the window hands the focus back: a menu or another window took it.
      elsewhere.focus();
      await waitFor(() => windows(host).length === 0, { message: 'the window did not close' });
      await nextFrame();
      await nextFrame();
      expect(deepActiveElement(), 'the closed window took the focus back to its opener').to.equal(elsewhere);
    });

    it(`an unknown blog shows the notice '${COULD_NOT_LOAD}'`, async () => {
      const host = await dock();
      openByName('no-such-blog-anywhere');
      const notice = await waitFor(() => dockNotice(host), { message: 'no notice' });
      expect(text(notice.querySelector('span'))).to.equal(COULD_NOT_LOAD);
      expect(windows(host)).to.have.length(0);
      expect(tabs(host)).to.have.length(0);
      await axe(host);
    });

    it(`a blog that cannot receive messages (vintage-maps) shows '${CANNOT_RECEIVE}'`, async () => {
      const host = await dock();
      openByName('vintage-maps');
      const notice = await waitFor(() => dockNotice(host), { message: 'no notice' });
      expect(text(notice.querySelector('span'))).to.equal(CANNOT_RECEIVE);
      expect(windows(host)).to.have.length(0);
      await axe(host);
      buttonNamed(notice, 'Dismiss')!.click();
      await waitFor(() => !dockNotice(host));
    });
  });

  it('renders nothing when logged out', async () => {
    await setupSession('anonymous');
    const host = mount<Host>('<messaging-dock></messaging-dock>');
    await host.ready;
    expect(host.shadowRoot!.querySelector('button, section, [part]')).to.equal(null);
  });

  it('renders nothing for a user who may not message (can_message off), and the dock once they may', async () => {
    updateUser({ can_message: false });
    const host = mount<Host>('<messaging-dock></messaging-dock>');
    await host.ready;
    expect(host.shadowRoot!.querySelector('button, section, [part]')).to.equal(null);
    updateUser({ can_message: true });
    await waitFor(() => shadow(host, '[part="dock"]'), { message: 'the dock did not appear once messaging was allowed' });
  });
});
