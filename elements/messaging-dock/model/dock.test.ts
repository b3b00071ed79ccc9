import { describe, expect, it } from 'vitest';
import {
  addOverride,
  adoptConversationId,
  applyOverrides,
  closeWindow,
  conversationPreview,
  fitWindows,
  hasUnsent,
  isRedeliverable,
  isAtBottom,
  maxOpenWindows,
  mergeInboxPage,
  messageSummary,
  minimizeWindow,
  openWindow,
  pruneOverrides,
  revealNextBatch,
  windowUnread,
  unreadAction,
  windowKey,
  type DockWindow,
} from './dock';
import type { ConversationMessage, Participant } from '../../../src/messaging/model/conversation';
import type { OutgoingMessage } from '../../../src/messaging/model/send-queue';

const blog = (name: string): Participant => ({
  uuid: `t:${name}`,
  name,
  tags: [],
  can_receive_messages: true,
  is_blog_following_you: false,
  is_following_blog: false,
});
const win = (key: string, extra: Partial<DockWindow> = {}): Omit<DockWindow, 'minimized' | 'openedAt'> => ({
  key,
  conversationId: key,
  sender: { name: 'alice', uuid: 't:alice' },
  participants: [blog(key)],
  ...extra,
});
const desktop = { multipleWindows: true, minimize: true, maxOpen: 3 };

describe('window keys', () => {
  it('is the conversation id when there is one', () => {
    expect(windowKey({ conversationId: 'c1', sender: 't:alice', participants: ['t:bob'] })).toBe('c1');
  });
  it('is the sender and the sorted participants for a new conversation', () => {
    expect(windowKey({ sender: 't:alice', participants: ['t:dora', 't:bob'] })).toBe('new:t:alice:t:bob,t:dora');
    expect(windowKey({ sender: 't:alice', participants: ['t:bob', 't:dora'] })).toBe(
      windowKey({ sender: 't:alice', participants: ['t:dora', 't:bob'] }),
    );
  });
});

describe('how many windows fit', () => {
  it('fits one 320 px window (plus gaps and the tab column) per step, never fewer than one', () => {
    expect(maxOpenWindows(1280)).toBe(3);
    expect(maxOpenWindows(1000)).toBe(2);
    expect(maxOpenWindows(400)).toBe(1);
    expect(maxOpenWindows(0)).toBe(1);
    expect(maxOpenWindows(Number.NaN)).toBe(1);
  });
});

describe('opening windows', () => {
  it('adds a new window open, newest last', () => {
    let ws = openWindow([], win('a'), { ...desktop, now: 1 });
    ws = openWindow(ws, win('b'), { ...desktop, now: 2 });
    expect(ws.map((w) => [w.key, w.minimized])).toEqual([
      ['a', false],
      ['b', false],
    ]);
  });

  it('with multiple windows, the oldest open ones give way (minimized) beyond the limit', () => {
    let ws: DockWindow[] = [];
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) ws = openWindow(ws, win(k), { ...desktop, now: i + 1 });
    expect(ws.filter((w) => !w.minimized).map((w) => w.key)).toEqual(['b', 'c', 'd']);
    expect(ws.find((w) => w.key === 'a')?.minimized).toBe(true);
  });

  it('without multiple windows, opening one minimizes the others (minimize enabled) …', () => {
    let ws = openWindow([], win('a'), { ...desktop, multipleWindows: false, now: 1 });
    ws = openWindow(ws, win('b'), { ...desktop, multipleWindows: false, now: 2 });
    expect(ws.map((w) => [w.key, w.minimized])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('… or closes them (minimize disabled)', () => {
    let ws = openWindow([], win('a'), { ...desktop, multipleWindows: false, minimize: false, now: 1 });
    ws = openWindow(ws, win('b'), { ...desktop, multipleWindows: false, minimize: false, now: 2 });
    expect(ws.map((w) => w.key)).toEqual(['b']);
  });

  it('reopening a minimized window keeps its place and makes it the newest', () => {
    let ws = openWindow([], win('a'), { ...desktop, now: 1 });
    ws = openWindow(ws, win('b'), { ...desktop, now: 2 });
    ws = minimizeWindow(ws, 'a');
    expect(ws.find((w) => w.key === 'a')?.minimized).toBe(true);
    ws = openWindow(ws, win('a'), { ...desktop, now: 3 });
    expect(ws.map((w) => [w.key, w.minimized, w.openedAt])).toEqual([
      ['a', false, 3],
      ['b', false, 2],
    ]);
  });

  it('closing removes the window', () => {
    const ws = openWindow(openWindow([], win('a'), { ...desktop, now: 1 }), win('b'), { ...desktop, now: 2 });
    expect(closeWindow(ws, 'a').map((w) => w.key)).toEqual(['b']);
  });

  it('a shrinking viewport minimizes the oldest open windows', () => {
    let ws: DockWindow[] = [];
    for (const [i, k] of ['a', 'b', 'c'].entries()) ws = openWindow(ws, win(k), { ...desktop, now: i + 1 });
    const fitted = fitWindows(ws, { ...desktop, maxOpen: 1 });
    expect(fitted.filter((w) => !w.minimized).map((w) => w.key)).toEqual(['c']);
  });

  it('a new conversation adopts its id and remembers the key it had', () => {
    const ws = openWindow([], win('new:t:alice:t:bob', { conversationId: undefined }), { ...desktop, now: 1 });
    const adopted = adoptConversationId(ws, 'new:t:alice:t:bob', 'c9');
    expect(adopted[0]).toMatchObject({ key: 'c9', conversationId: 'c9', aliasKey: 'new:t:alice:t:bob' });
    // a window for that id already exists: the new one goes
    const both = openWindow(ws, win('c9'), { ...desktop, now: 2 });
    expect(adoptConversationId(both, 'new:t:alice:t:bob', 'c9').map((w) => w.key)).toEqual(['c9']);
  });
});

describe('unread', () => {
  it('keeps a local zero for 500 ms after a conversation was read', () => {
    const overrides = addOverride({}, 'c1', 1000);
    const unread = { alice: { c1: 3, c2: 1 } };
    expect(applyOverrides(unread, overrides, 1499)).toEqual({ alice: { c2: 1 } });
    expect(applyOverrides(unread, overrides, 1500)).toEqual(unread);
    expect(pruneOverrides(overrides, 1499)).toEqual({ c1: 1500 });
    expect(pruneOverrides(overrides, 1500)).toEqual({});
  });

  it('fetches new unread messages at the bottom, shows the pill otherwise, nothing when minimized or not rising', () => {
    expect(unreadAction(0, 2, { minimized: false, atBottom: true })).toBe('fetch');
    expect(unreadAction(0, 2, { minimized: false, atBottom: false })).toBe('pill');
    expect(unreadAction(0, 2, { minimized: true, atBottom: true })).toBe('none');
    expect(unreadAction(2, 2, { minimized: false, atBottom: true })).toBe('none');
    expect(unreadAction(3, 1, { minimized: false, atBottom: true })).toBe('none');
  });

  it('counts as at the bottom within 80 px', () => {
    expect(isAtBottom({ scrollTop: 920, scrollHeight: 1300, clientHeight: 300 })).toBe(true);
    expect(isAtBottom({ scrollTop: 919, scrollHeight: 1300, clientHeight: 300 })).toBe(false);
  });
});

describe('inbox previews', () => {
  const msg = (m: Partial<ConversationMessage>): ConversationMessage => ({ id: '1', type: 'TEXT', ts: 1, participant: 't:bob', ...m });
  const bob = blog('bob');

  it('shows the last message, cut at 100 characters', () => {
    const long = 'x'.repeat(150);
    expect(
      conversationPreview({ participants: [bob], messages: [msg({ text: 'first' }), msg({ id: '2', text: long })] }, ['t:alice']),
    ).toBe(`${'x'.repeat(100)}…`);
    expect(conversationPreview({ participants: [bob], messages: [] }, ['t:alice'])).toBe('');
  });

  it('describes photos and posts by who sent them', () => {
    expect(
      conversationPreview({ participants: [bob], messages: [msg({ type: 'IMAGE', image: { url: '/i.png', width: 1, height: 1 } })] }, [
        't:alice',
      ]),
    ).toBe('bob sent a photo');
    expect(
      conversationPreview(
        { participants: [bob], messages: [msg({ type: 'POSTREF', participant: 't:alice', post: { id: '5', is_nsfw: false } })] },
        ['t:alice'],
      ),
    ).toBe('You sent a post');
    expect(messageSummary(msg({ type: 'POSTREF', post: { id: '5', state: 'disabled', is_nsfw: false } }), 'bob')).toBe(
      "bob sent a post that's no longer available",
    );
  });
});

describe('revealing in batches', () => {
  it('reveals the first 5 waiting messages per step', () => {
    const waiting = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(revealNextBatch(waiting)).toEqual(['f', 'g']);
    expect(revealNextBatch(['f', 'g'])).toEqual([]);
    expect(revealNextBatch([])).toEqual([]);
  });
});

describe('a window unread count', () => {
  it("reads the sending blog's count for the conversation; 0 for a new conversation or none", () => {
    const unread = { alice: { c1: 3 }, 'alice-sketches': { c1: 9 } };
    const sender = { name: 'alice', uuid: 't:alice' };
    expect(windowUnread(unread, { conversationId: 'c1', sender })).toBe(3);
    expect(windowUnread(unread, { conversationId: 'c2', sender })).toBe(0);
    expect(windowUnread(unread, { sender })).toBe(0);
  });
});

describe('merging a refetched inbox page', () => {
  const conv = (id: string, ts: number) => ({
    id,
    last_modified_ts: ts,
    last_read_ts: 0,
    participants: [],
    messages: [],
    can_send: true,
    is_possible_spam: false,
    is_blurred_images: false,
  });
  it('keeps older pages, replaces what the fresh page has, and re-sorts', () => {
    const loaded = [conv('a', 50), conv('b', 40), conv('c', 30), conv('d', 20)];
    const merged = mergeInboxPage(loaded, [conv('d', 60), conv('a', 50)]);
    expect(merged.map((c) => [c.id, c.last_modified_ts])).toEqual([
      ['d', 60],
      ['a', 50],
      ['b', 40],
      ['c', 30],
    ]);
  });
});

describe('unsent messages (redelivery and the not-sent mark)', () => {
  const msg = (over: Partial<OutgoingMessage>): OutgoingMessage => ({
    clientId: 'c1',
    clientTs: 1,
    type: 'TEXT',
    participant: 't:me',
    state: 'queued',
    canRetry: true,
    ...over,
  });
  it('keeps trying what failed but can be retried, and what is queued; not what cannot be retried or is in flight', () => {
    expect(isRedeliverable(msg({ state: 'error', canRetry: true }))).toBe(true);
    expect(isRedeliverable(msg({ state: 'queued' }))).toBe(true);
    expect(isRedeliverable(msg({ state: 'error', canRetry: false }))).toBe(false);
    expect(isRedeliverable(msg({ state: 'pending' }))).toBe(false);
  });
  it('marks a conversation (or a new one, by its participants) with a failed message, or a queued one while offline', () => {
    const failed = msg({ conversationId: 'abc', state: 'error', canRetry: false });
    expect(hasUnsent([failed], 'abc', true)).toBe(true);
    expect(hasUnsent([failed], 'other', true)).toBe(false);
    const waiting = msg({ participants: ['t:bob'], state: 'queued' });
    const key = windowKey({ sender: 't:me', participants: ['t:bob'] });
    expect(hasUnsent([waiting], key, true)).toBe(false);
    expect(hasUnsent([waiting], key, false)).toBe(true);
    expect(hasUnsent([msg({ conversationId: 'abc', state: 'pending' })], 'abc', false)).toBe(false);
  });
});
