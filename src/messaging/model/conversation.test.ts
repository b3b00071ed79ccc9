import { describe, expect, it } from 'vitest';
import { MalformedResponse } from '../../errors';
import {
  CANNOT_RECEIVE,
  COULD_NOT_LOAD,
  EMPTY_SEARCH_LINES,
  GENERIC_ERROR_LINES,
  badgeText,
  clampComposeText,
  composePlaceholder,
  composeValid,
  conversationError,
  decorateMessages,
  emptyInboxGrid,
  extraFavourites,
  emptySearchLine,
  escapeAction,
  inboxBadgeText,
  isEmptyNewConversation,
  isSubmitKey,
  isUnread,
  mergeMessages,
  openConversationError,
  pageHasMore,
  parseConversationsResponse,
  parseMessage,
  parseMessagesResponse,
  parseParticipantInfo,
  parsePollResponse,
  parseSendResponse,
  parseSuggestions,
  participantNames,
  previewText,
  shouldAppendFavourites,
  sortConversations,
  unreadFetchSize,
  unreadSignature,
  unreadSum,
} from './conversation';
import { badgeText as sharedBadgeText } from '../../models/badge';

const blog = (name: string, extra: Record<string, unknown> = {}) => ({ uuid: `t:${name}`, name, ...extra });
const textMsg = (ts: number, participant = 't:bob', text = `m${ts}`) => ({ type: 'TEXT', ts, participant, content: { text } });

describe('inbox rules', () => {
  it('joins participant names with ", " and " + "', () => {
    expect(participantNames([])).toBe('');
    expect(participantNames(['bob'])).toBe('bob');
    expect(participantNames(['bob', 'carol'])).toBe('bob + carol');
    expect(participantNames(['bob', 'carol', 'dora'])).toBe('bob, carol + dora');
  });

  it('cuts the preview at 100 characters', () => {
    expect(previewText('short')).toBe('short');
    expect(previewText('a'.repeat(100))).toBe('a'.repeat(100));
    expect(previewText('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
    expect(previewText(`${'😀'.repeat(101)}`)).toBe(`${'😀'.repeat(100)}…`);
    expect(previewText('  two\n\nlines ')).toBe('two lines');
  });

  it('is unread when last_modified_ts is later than last_read_ts', () => {
    expect(isUnread({ last_modified_ts: 2, last_read_ts: 1 })).toBe(true);
    expect(isUnread({ last_modified_ts: 2, last_read_ts: 2 })).toBe(false);
    expect(isUnread({ last_modified_ts: 1, last_read_ts: 2 })).toBe(false);
  });

  it('sorts by last_modified_ts, newest first', () => {
    expect(
      sortConversations([
        { id: 'a', last_modified_ts: 1 },
        { id: 'b', last_modified_ts: 3 },
        { id: 'c', last_modified_ts: 2 },
      ]).map((c) => c.id),
    ).toEqual(['b', 'c', 'a']);
  });

  it('badges reuse the shared badgeText (99+ cap, hidden at 0)', () => {
    expect(badgeText).toBe(sharedBadgeText);
    expect(inboxBadgeText([{ unread_messages_count_sum: 60 }, { unread_messages_count_sum: 40 }])).toBe('99+');
    expect(inboxBadgeText([{ unread_messages_count_sum: 99 }])).toBe('99');
    expect(inboxBadgeText([{ unread_messages_count_sum: 0 }, {}])).toBeNull();
  });

  it('page size, favourites and the empty-inbox grid', () => {
    expect(pageHasMore(9)).toBe(false);
    expect(pageHasMore(10)).toBe(true);
    expect([0, 1, 2, 3, 4].map((n) => shouldAppendFavourites(n, false))).toEqual([false, true, true, true, false]);
    expect(shouldAppendFavourites(2, true)).toBe(false);
    expect(shouldAppendFavourites(5, false, { min: 1, max: 5 })).toBe(true);
  });

  it('suggests as extra favourites only blogs that can receive, not in the list, not the user’s own (spec M§6)', () => {
    const blog = (uuid: string, can = true) => ({ uuid, can_receive_messages: can });
    expect(extraFavourites([blog('a'), blog('b', false), blog('c'), blog('own')], new Set(['c', 'own']))).toEqual([blog('a')]);
    expect(emptyInboxGrid([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([1, 2, 3, 4]);
    expect(emptyInboxGrid([1, 2, 3])).toEqual([]);
    expect(emptyInboxGrid([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });

  it('unread fetch size is min(10, unread + 5)', () => {
    expect(unreadFetchSize(0)).toBe(5);
    expect(unreadFetchSize(3)).toBe(8);
    expect(unreadFetchSize(5)).toBe(10);
    expect(unreadFetchSize(40)).toBe(10);
  });
});

describe('message list decoration', () => {
  it('puts a header above the first message and after gaps of more than an hour', () => {
    const d = decorateMessages([
      { ts: 0, participant: 'a' },
      { ts: 3_600_000, participant: 'a' }, // exactly an hour: no header
      { ts: 7_200_001, participant: 'a' },
    ]);
    expect(d.map((x) => x.tsHeader)).toEqual([true, false, true]);
  });

  it('collapses same participant and batch under 60000 ms apart', () => {
    const d = decorateMessages([
      { ts: 0, participant: 'a', batch: 1 },
      { ts: 59_999, participant: 'a', batch: 1 }, // collapsed
      { ts: 119_999, participant: 'a', batch: 1 }, // 60000 apart: not collapsed
      { ts: 120_000, participant: 'b', batch: 1 }, // other participant
      { ts: 120_001, participant: 'b', batch: 2 }, // other batch
      { ts: 120_002, participant: 'b', batch: 2 }, // collapsed
    ]);
    expect(d.map((x) => x.isCollapsed)).toEqual([false, true, false, false, false, true]);
    expect(d.map((x) => x.collapseGroup)).toEqual([0, 0, 1, 2, 3, 3]);
  });

  it('merges fetched messages by id without removing existing ones', () => {
    const a = parseMessage(textMsg(1))!;
    const b = parseMessage(textMsg(2))!;
    const c = parseMessage(textMsg(3))!;
    expect(mergeMessages([a, c], [b, c]).map((m) => m.ts)).toEqual([1, 2, 3]);
  });
});

describe('errors', () => {
  it('maps status and code to the spec messages and retry rule', () => {
    expect(conversationError(403, 7001, 'bob')).toEqual({
      message: 'Please verify your email address before talking to a Tumblr.',
      canRetry: false,
    });
    expect(conversationError(403, 7003, 'letterpress')).toEqual({
      message: 'Sorry, letterpress only allows messages from Tumblrs they follow.',
      canRetry: false,
    });
    expect(conversationError(409, undefined, 'x')).toEqual({
      message: 'You can only send messages to Tumblrs you follow.',
      canRetry: true,
    });
    expect(conversationError(429, undefined, 'x')).toEqual({
      message: "You've hit the daily limit on new conversations. Impressive.",
      canRetry: false,
    });
    const generic = conversationError(500, undefined, 'x', { random: () => 0 });
    expect(generic).toEqual({ message: 'Something went screwy.', canRetry: true });
    expect(GENERIC_ERROR_LINES).toContain("Something's busted.");
    expect(GENERIC_ERROR_LINES).toContain(conversationError(403, 1004, 'x').message);
    expect(conversationError(403, 1004, 'x').canRetry).toBe(false);
  });

  it('never repeats the previous generic or empty-search line', () => {
    let prevError: string | undefined;
    let prevSearch: string | undefined;
    for (let i = 0; i < 40; i++) {
      const r = () => ((i * 7) % 10) / 10;
      const e = conversationError(0, undefined, 'x', { random: r, ...(prevError ? { previous: prevError } : {}) }).message;
      expect(e).not.toBe(prevError);
      prevError = e;
      const s = emptySearchLine(r, prevSearch);
      expect(s).not.toBe(prevSearch);
      expect(EMPTY_SEARCH_LINES).toContain(s);
      prevSearch = s;
    }
    expect(EMPTY_SEARCH_LINES.slice(0, 2)).toEqual(["That isn't anyone.", 'Uh, who?']);
  });

  it('a 404 on a new conversation is an empty success', () => {
    expect(isEmptyNewConversation(404, true)).toBe(true);
    expect(isEmptyNewConversation(404, false)).toBe(false);
    expect(isEmptyNewConversation(500, true)).toBe(false);
  });

  it('opening by blog name needs a uuid and a blog that can receive messages', () => {
    expect(openConversationError(null)).toBe(COULD_NOT_LOAD);
    expect(openConversationError({ can_receive_messages: true })).toBe('Could not load conversation.');
    expect(openConversationError({ uuid: 't:x', can_receive_messages: false })).toBe(CANNOT_RECEIVE);
    expect(openConversationError({ uuid: 't:x', can_receive_messages: true })).toBeNull();
  });
});

describe('compose box', () => {
  it('is valid when trimmed non-empty and within 4096', () => {
    expect(composeValid('')).toBe(false);
    expect(composeValid('  \n ')).toBe(false);
    expect(composeValid(' hi ')).toBe(true);
    expect(composeValid('a'.repeat(4096))).toBe(true);
    expect(composeValid('a'.repeat(4097))).toBe(false);
    expect(clampComposeText('a'.repeat(5000))).toHaveLength(4096);
  });

  it('Enter without shift submits; Escape closes when empty, clears otherwise, ignored with a lightbox', () => {
    expect(isSubmitKey({ key: 'Enter' })).toBe(true);
    expect(isSubmitKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSubmitKey({ key: 'Enter', isComposing: true })).toBe(false);
    expect(escapeAction('')).toBe('close');
    expect(escapeAction('draft')).toBe('clear');
    expect(escapeAction(' ')).toBe('clear');
    expect(escapeAction('', true)).toBe('ignore');
  });

  it('placeholders', () => {
    expect(composePlaceholder(true)).toBe('Currently offline');
    expect(composePlaceholder(false, () => 0)).toBe('New message');
    expect(composePlaceholder(false, () => 0.99)).toBe('Say your thing');
  });
});

describe('response parsing', () => {
  it('reads messages at response.messages with data and _links', () => {
    const page = parseMessagesResponse({
      id: 'c1',
      can_send: false,
      participants: [blog('alice'), blog('bob')],
      messages: {
        data: [
          textMsg(2000),
          { type: 'POSTREF', ts: '1000', participant: { uuid: 't:alice' }, post: { id: 9, type: 'photo', state: 'disabled' } },
          { type: 'IMAGE', ts: 3000, participant: 't:bob', images: [{ original_size: { url: '/i.png', width: 10, height: 20 } }] },
          { junk: 1 },
        ],
        _links: { previous: { href: '/svc/conversations/messages?conversation_id=c1&before=1000' }, next: '/next' },
      },
    });
    expect(page.items.map((m) => [m.type, m.ts])).toEqual([
      ['POSTREF', 1000],
      ['TEXT', 2000],
      ['IMAGE', 3000],
    ]);
    expect(page.items[2]!.image).toEqual({ url: '/i.png', width: 10, height: 20 });
    expect(page.items[0]!.post).toMatchObject({ id: '9', state: 'disabled' });
    expect(page.previous).toBe('/svc/conversations/messages?conversation_id=c1&before=1000');
    expect(page.next).toBe('/next');
    expect(page.conversation).toMatchObject({ id: 'c1', can_send: false });
    expect(page.conversation.participants?.map((p) => p.name)).toEqual(['alice', 'bob']);
  });

  it('reads messages at the root too, and lower-case types', () => {
    const page = parseMessagesResponse({ data: [{ type: 'text', ts: 5, participant: 't:a', message: 'hi' }] });
    expect(page.items[0]).toMatchObject({ type: 'TEXT', text: 'hi', id: '5' });
    expect(page.previous).toBeUndefined();
  });

  it.each([null, 'x', [], {}, { messages: { data: 'no' } }, { data: {} }])('rejects %j as malformed messages', (v) => {
    expect(() => parseMessagesResponse(v)).toThrow(MalformedResponse);
  });

  it('reads the inbox: conversations (sorted) and _links', () => {
    const inbox = parseConversationsResponse({
      conversations: [
        { id: 'a', last_modified_ts: 1, last_read_ts: 1, participants: [blog('bob')], messages: { data: [textMsg(1)] } },
        { id: 'b', last_modified_ts: 5, last_read_ts: 2, participants: [blog('carol'), { name: 'no-uuid' }], can_send: false },
        { nope: true },
      ],
      _links: { next: { href: '/svc/conversations?participant=t:alice&before=1' } },
    });
    expect(inbox.items.map((c) => c.id)).toEqual(['b', 'a']);
    expect(inbox.items[0]).toMatchObject({ can_send: false, is_possible_spam: false });
    expect(inbox.items[0]!.participants).toHaveLength(1);
    expect(isUnread(inbox.items[0]!)).toBe(true);
    expect(inbox.items[1]!.messages[0]!.text).toBe('m1');
    expect(inbox.next).toBe('/svc/conversations?participant=t:alice&before=1');
    expect(() => parseConversationsResponse({ conversations: {} })).toThrow(MalformedResponse);
    expect(() => parseConversationsResponse(null)).toThrow(MalformedResponse);
  });

  it('reads the send response at messages.data[0] or the root', () => {
    expect(parseSendResponse({ messages: { data: [textMsg(7, 't:alice', 'yo')] } })).toMatchObject({ text: 'yo', ts: 7 });
    expect(parseSendResponse({ ...textMsg(8), client_id: 'k1' })).toMatchObject({ ts: 8, client_id: 'k1' });
    expect(() => parseSendResponse({ messages: { data: [] } })).toThrow(MalformedResponse);
    expect(() => parseSendResponse({ type: 'IMAGE', ts: 1, participant: 't:a' })).toThrow(MalformedResponse);
  });

  it('reads participant info with theme or global_theme_params', () => {
    const p = parseParticipantInfo(
      blog('bob', {
        global_theme_params: { background_color: '#fff', avatar_shape: 'square' },
        blog_tags: ['diy', { tag: 'synth' }],
        can_receive_messages: false,
        is_following_blog: 1,
      }),
    );
    expect(p).toMatchObject({
      uuid: 't:bob',
      name: 'bob',
      tags: ['diy', 'synth'],
      can_receive_messages: false,
      is_following_blog: true,
      avatar_shape: 'square',
    });
    expect(p.theme).toEqual({ background_color: '#fff', avatar_shape: 'square', show_header_image: true });
    expect(() => parseParticipantInfo({ name: 'x' })).toThrow(MalformedResponse);
  });

  it('reads suggestions at blogs or the root', () => {
    expect(parseSuggestions({ blogs: [blog('a'), 'junk'] }).map((b) => b.name)).toEqual(['a']);
    expect(parseSuggestions([blog('b')]).map((b) => b.name)).toEqual(['b']);
    expect(() => parseSuggestions({ blogs: null })).toThrow(MalformedResponse);
  });

  it('reads the poll response: unread per mention key, or the error flag', () => {
    const r = parsePollResponse({ unread_messages: { 'mk-alice': { c1: 2, c2: '3', c3: 0, c4: 'x' }, 'mk-sketch': {} } });
    expect(r).toEqual({ error: false, unread: { 'mk-alice': { c1: 2, c2: 3 }, 'mk-sketch': {} } });
    expect(r.error === false && unreadSum(r.unread['mk-alice'])).toBe(5);
    expect(parsePollResponse({ error: true })).toEqual({ error: true });
    expect(() => parsePollResponse({})).toThrow(MalformedResponse);
    expect(() => parsePollResponse('x')).toThrow(MalformedResponse);
  });

  it('unread signatures ignore key order and change with a count', () => {
    expect(unreadSignature({ a: { x: 1, y: 2 }, b: {} })).toBe(unreadSignature({ b: {}, a: { y: 2, x: 1 } }));
    expect(unreadSignature({ a: { x: 1 } })).not.toBe(unreadSignature({ a: { x: 2 } }));
  });
});
