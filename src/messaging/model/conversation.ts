/**
 * Messaging data and rules, no DOM (spec §3 Conversation/Participant/Message/Unread data,
 * §4 Inbox/Unread handling/Compose box, §8 conversation errors, §9 limits): response parsing,
 * the inbox list rules, the message list decoration, error messages and the compose box rules.
 */
import { MalformedResponse } from '../../errors';
import { badgeText } from '../../models/badge';
import { MESSAGE_MAX_LENGTH } from './send-queue';
import { clientThumbnail, parsePhoto, type ImageSize, type PostPhoto } from './post-content';
import { isRecord } from '../../models/record';
import { parseMessageLinks, type MessageLink } from './message-links';

export { badgeText, MESSAGE_MAX_LENGTH };

// ---- limits (spec §9) ----
export const PREVIEW_MAX_CHARS = 100;
export const PAGE_FULL_SIZE = 10;
export const FAVOURITES_APPEND_RANGE = { min: 1, max: 3 } as const;
export const EMPTY_INBOX_FAVOURITES = 5;
export const EMPTY_INBOX_ROW = 4;
export const TIMESTAMP_HEADER_GAP_MS = 3_600_000;
export const COLLAPSE_GAP_MS = 60_000;
export const UNREAD_FETCH_MAX = 10;
export const UNREAD_FETCH_EXTRA = 5;
export const UNREAD_OVERRIDE_MS = 500;
export const SEARCH_DEBOUNCE_MS = 250;
/**
 * Spec §9: "favourites fetch limit default 8 in one place and 10 in another". 8 (the §7 default) for
 * the recipient pickers (the inbox's compose mode, the send-a-post popover); 10 for the favourites
 * the inbox itself shows under a short list or in the empty inbox (which keeps 5 of them).
 */
export const FAVOURITES_LIMIT = 8;
export const INBOX_FAVOURITES_LIMIT = 10;

// ---- strings (spec §4, §8) ----
export const ERROR_VERIFY_EMAIL = 'Please verify your email address before talking to a Tumblr.';
export const ERROR_FOLLOWED_ONLY = 'Sorry, {name} only allows messages from Tumblrs they follow.';
export const ERROR_MUST_FOLLOW = 'You can only send messages to Tumblrs you follow.';
export const ERROR_DAILY_LIMIT = "You've hit the daily limit on new conversations. Impressive.";
/** Spec: "a random generic message (for example 'Something went screwy.', 'Something's busted.')"; the rest are ours. */
export const GENERIC_ERROR_LINES: readonly string[] = [
  'Something went screwy.',
  "Something's busted.",
  'Well, that went sideways.',
  'The tubes are clogged.',
];
/** Spec: "a random message such as 'That isn't anyone.' or 'Uh, who?'"; the rest are ours. */
export const EMPTY_SEARCH_LINES: readonly string[] = ["That isn't anyone.", 'Uh, who?', 'Nobody by that name.', 'Never heard of them.'];
export const COULD_NOT_LOAD = 'Could not load conversation.';
export const CANNOT_RECEIVE = "This Tumblr can't receive messages.";
export const OFFLINE_PLACEHOLDER = 'Currently offline';
export const COMPOSE_PLACEHOLDERS: readonly string[] = [
  'New message',
  'Your message here',
  'Write a message',
  'Say something',
  'Say your thing',
];
export const RETRYING_LABEL = 'Retrying...';

// ---- data ----
export type MessageKind = 'TEXT' | 'POSTREF' | 'IMAGE';

export interface MessagingTheme {
  background_color?: string;
  link_color?: string;
  avatar_shape?: string;
  header_image_focused?: string;
  show_header_image: boolean;
  show_description?: boolean;
}

export interface Participant {
  uuid: string;
  name: string;
  url?: string;
  title?: string;
  avatar_url?: string;
  avatar_shape?: string;
  description?: string;
  tags: string[];
  theme?: MessagingTheme;
  can_receive_messages: boolean;
  is_blog_following_you: boolean;
  is_following_blog: boolean;
  duration_blog_following_you?: number;
  duration_following_blog?: number;
}

export interface MessageImage {
  url: string;
  width: number;
  height: number;
}

export interface PostContent {
  id: string;
  type?: string;
  summary?: string;
  /** 'disabled' = no longer available. */
  state?: string;
  post_url?: string;
  blog_name?: string;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
  /** Spec §3: the client-side thumbnail, only with a URL and numeric sizes. */
  thumbnail?: ImageSize;
  photos?: PostPhoto[];
  is_nsfw: boolean;
}

export interface ConversationMessage {
  /** The server id (ts is the id in the spec); unique in a conversation. */
  id: string;
  conversation_id?: string;
  type: MessageKind;
  /** Milliseconds. */
  ts: number;
  /** The sender blog's uuid. */
  participant: string;
  text?: string;
  /** Links in the text (content.formatting), checked and in order. */
  links?: MessageLink[];
  post?: PostContent;
  image?: MessageImage;
  client_id?: string;
}

export interface Conversation {
  id: string;
  status?: string;
  last_modified_ts: number;
  last_read_ts: number;
  participants: Participant[];
  messages: ConversationMessage[];
  can_send: boolean;
  is_possible_spam: boolean;
  is_blurred_images: boolean;
  unread_messages_count?: number;
}

export interface Paged<T> {
  items: T[];
  /** The href of _links.previous / _links.next. */
  previous?: string;
  next?: string;
}

export interface MessagesPage extends Paged<ConversationMessage> {
  /** Conversation fields sent with the messages (id, can_send, participants …). */
  conversation: Partial<Conversation>;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
const bool = (v: unknown, fallback = false): boolean =>
  typeof v === 'boolean' ? v : v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : fallback;
const opt = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

function linkHref(links: unknown, rel: 'previous' | 'next'): string | undefined {
  if (!isRecord(links)) return undefined;
  const link = links[rel];
  if (typeof link === 'string') return link || undefined;
  return isRecord(link) ? str(link.href) : undefined;
}

export function parseTheme(raw: unknown): MessagingTheme | undefined {
  if (!isRecord(raw)) return undefined;
  return {
    ...opt('background_color', str(raw.background_color)),
    ...opt('link_color', str(raw.link_color)),
    ...opt('avatar_shape', str(raw.avatar_shape)),
    ...opt('header_image_focused', str(raw.header_image_focused)),
    show_header_image: bool(raw.show_header_image, true),
    ...(raw.show_description !== undefined ? { show_description: bool(raw.show_description, true) } : {}),
  };
}

/** A participant (blog); null without a uuid or a name. Theme from `theme` or `global_theme_params`. */
export function parseParticipant(raw: unknown): Participant | null {
  if (!isRecord(raw)) return null;
  const uuid = str(raw.uuid) ?? str(raw.id);
  const name = str(raw.name);
  if (!uuid || !name) return null;
  const tagsRaw = Array.isArray(raw.tags) ? raw.tags : Array.isArray(raw.blog_tags) ? raw.blog_tags : [];
  const tags = tagsRaw.map((t) => (isRecord(t) ? str(t.tag) : str(t))).filter((t): t is string => t !== undefined);
  const theme = parseTheme(raw.theme) ?? parseTheme(raw.global_theme_params);
  const avatar = str(raw.avatar_url) ?? (Array.isArray(raw.avatar) && isRecord(raw.avatar[0]) ? str(raw.avatar[0].url) : undefined);
  return {
    uuid,
    name,
    ...opt('url', str(raw.url)),
    ...opt('title', str(raw.title)),
    ...opt('avatar_url', avatar),
    ...opt('avatar_shape', str(raw.avatar_shape) ?? theme?.avatar_shape),
    ...opt('description', typeof raw.description === 'string' ? raw.description : undefined),
    tags,
    ...opt('theme', theme),
    can_receive_messages: bool(raw.can_receive_messages, true),
    is_blog_following_you: bool(raw.is_blog_following_you),
    is_following_blog: bool(raw.is_following_blog),
    ...opt('duration_blog_following_you', num(raw.duration_blog_following_you)),
    ...opt('duration_following_blog', num(raw.duration_following_blog)),
  };
}

/** participant_info: read at `response` or the root (the client strips `response`). */
export function parseParticipantInfo(data: unknown): Participant {
  const p = parseParticipant(isRecord(data) && isRecord(data.blog) ? data.blog : data);
  if (!p) throw new MalformedResponse('participant_info has no blog (uuid and name)');
  return p;
}

/** participant_suggestions: a list at `blogs` or the root; malformed rows are dropped. */
export function parseSuggestions(data: unknown): Participant[] {
  const list = Array.isArray(data) ? data : isRecord(data) ? data.blogs : undefined;
  if (!Array.isArray(list)) throw new MalformedResponse('participant_suggestions has no blogs list');
  return list.map(parseParticipant).filter((p): p is Participant => p !== null);
}

const KINDS: Readonly<Record<string, MessageKind>> = {
  TEXT: 'TEXT',
  text: 'TEXT',
  POSTREF: 'POSTREF',
  post: 'POSTREF',
  IMAGE: 'IMAGE',
  image: 'IMAGE',
};

function parseImage(raw: unknown): MessageImage | undefined {
  if (!isRecord(raw)) return undefined;
  const size = isRecord(raw.original_size) ? raw.original_size : raw;
  const url = str(size.url);
  const width = num(size.width);
  const height = num(size.height);
  return url && width !== undefined && height !== undefined ? { url, width, height } : undefined;
}

function parsePost(raw: unknown): PostContent | undefined {
  if (!isRecord(raw)) return undefined;
  const id = str(raw.id);
  if (!id) return undefined;
  return {
    id,
    ...opt('type', str(raw.type)),
    ...opt('summary', typeof raw.summary === 'string' ? raw.summary : undefined),
    ...opt('state', str(raw.state)),
    ...opt('post_url', str(raw.post_url)),
    ...opt('blog_name', str(raw.blog_name) ?? (isRecord(raw.blog) ? str(raw.blog.name) : undefined)),
    ...opt('thumbnail_url', str(raw.thumbnail_url)),
    ...opt('thumbnail_width', num(raw.thumbnail_width)),
    ...opt('thumbnail_height', num(raw.thumbnail_height)),
    ...opt('thumbnail', clientThumbnail(raw.thumbnail_url, num(raw.thumbnail_width), num(raw.thumbnail_height))),
    ...(Array.isArray(raw.photos) ? { photos: raw.photos.map(parsePhoto).filter((p): p is PostPhoto => p !== null) } : {}),
    is_nsfw: bool(raw.is_nsfw),
  };
}

/** One message; null when it lacks a type, a time or a sender, or its content. */
export function parseMessage(raw: unknown): ConversationMessage | null {
  if (!isRecord(raw)) return null;
  const type = KINDS[String(raw.type)];
  const ts = num(raw.ts);
  const participant = isRecord(raw.participant) ? str(raw.participant.uuid) : str(raw.participant);
  if (!type || ts === undefined || !participant) return null;
  const content = isRecord(raw.content) ? raw.content : {};
  const text = typeof content.text === 'string' ? content.text : typeof raw.message === 'string' ? raw.message : undefined;
  const image = parseImage(raw.image) ?? (Array.isArray(raw.images) ? parseImage(raw.images[0]) : undefined);
  const post = parsePost(raw.post);
  if (type === 'TEXT' && text === undefined) return null;
  if (type === 'IMAGE' && !image) return null;
  if (type === 'POSTREF' && !post) return null;
  return {
    id: str(raw.id) ?? String(ts),
    ...opt('conversation_id', str(raw.conversation_id)),
    type,
    ts,
    participant,
    ...opt('text', text),
    ...(text && Array.isArray(content.formatting) && content.formatting.length > 0
      ? { links: parseMessageLinks(content.formatting, text) }
      : {}),
    ...opt('post', post),
    ...opt('image', image),
    ...opt('client_id', str(raw.client_id)),
  };
}

/** A conversation of the inbox; null without an id. */
export function parseConversation(raw: unknown): Conversation | null {
  if (!isRecord(raw)) return null;
  const id = str(raw.id);
  if (!id) return null;
  const participants = Array.isArray(raw.participants)
    ? raw.participants.map(parseParticipant).filter((p): p is Participant => p !== null)
    : [];
  const messagesRaw = isRecord(raw.messages) ? raw.messages.data : raw.messages;
  const messages = Array.isArray(messagesRaw) ? messagesRaw.map(parseMessage).filter((m): m is ConversationMessage => m !== null) : [];
  return {
    id,
    ...opt('status', str(raw.status)),
    last_modified_ts: num(raw.last_modified_ts) ?? 0,
    last_read_ts: num(raw.last_read_ts) ?? 0,
    participants,
    messages,
    can_send: bool(raw.can_send, true),
    is_possible_spam: bool(raw.is_possible_spam),
    is_blurred_images: bool(raw.is_blurred_images),
    ...opt('unread_messages_count', num(raw.unread_messages_count)),
  };
}

/** GET /svc/conversations: `conversations` (a list) and `_links`; sorted newest first. */
export function parseConversationsResponse(data: unknown): Paged<Conversation> {
  if (!isRecord(data) || !Array.isArray(data.conversations)) throw new MalformedResponse('Inbox response has no conversations list');
  return {
    items: sortConversations(data.conversations.map(parseConversation).filter((c): c is Conversation => c !== null)),
    ...opt('previous', linkHref(data._links, 'previous')),
    ...opt('next', linkHref(data._links, 'next')),
  };
}

/** GET /svc/conversations/messages: messages at `messages` or the root, with `data` (a list) and `_links`. */
export function parseMessagesResponse(data: unknown): MessagesPage {
  if (!isRecord(data)) throw new MalformedResponse('Messages response is not an object');
  const holder = isRecord(data.messages) ? data.messages : data;
  if (!Array.isArray(holder.data)) throw new MalformedResponse('Messages response has no data list');
  const items = inTimeOrder(holder.data.map(parseMessage).filter((m): m is ConversationMessage => m !== null));
  const conv = parseConversation({ ...data, messages: [] });
  const conversation: Partial<Conversation> = conv ? { ...conv } : {};
  delete conversation.messages;
  return { items, ...opt('previous', linkHref(holder._links, 'previous')), ...opt('next', linkHref(holder._links, 'next')), conversation };
}

/** POST /svc/conversations/messages: `messages.data[0]` or a message at the root. */
export function parseSendResponse(data: unknown): ConversationMessage {
  const raw = isRecord(data) && isRecord(data.messages) && Array.isArray(data.messages.data) ? data.messages.data[0] : data;
  const msg = parseMessage(raw);
  if (!msg) throw new MalformedResponse('Send response has no message');
  return msg;
}

/** Spec §3 Unread data: per blog (mention key), conversation id → unread count. */
export type UnreadData = Record<string, Record<string, number>>;

export type PollResponse = { error: true } | { error: false; unread: UnreadData };

/** GET /services/poll: `unread_messages` keyed by mention key, or an error flag. */
export function parsePollResponse(data: unknown): PollResponse {
  if (!isRecord(data)) throw new MalformedResponse('Poll response is not an object');
  if (data.error === true || data.error === 1 || data.error === 'true') return { error: true };
  if (!isRecord(data.unread_messages)) throw new MalformedResponse('Poll response has no unread_messages');
  const unread: UnreadData = {};
  for (const [key, counts] of Object.entries(data.unread_messages)) {
    if (!isRecord(counts)) continue;
    const out: Record<string, number> = {};
    for (const [conv, count] of Object.entries(counts)) {
      const n = num(count);
      if (n !== undefined && n > 0) out[conv] = Math.floor(n);
    }
    unread[key] = out;
  }
  return { error: false, unread };
}

/** Total unread of one blog's unread data. */
export function unreadSum(counts: Record<string, number> | undefined): number {
  return Object.values(counts ?? {}).reduce((a, b) => a + b, 0);
}

/** A stable string of unread data: the poller's "changed" test compares two of them. */
export function unreadSignature(unread: UnreadData): string {
  return JSON.stringify(
    Object.keys(unread)
      .sort()
      .map((k) => [
        k,
        Object.keys(unread[k]!)
          .sort()
          .map((c) => [c, unread[k]![c]]),
      ]),
  );
}

// ---- inbox rules ----

/** Spec §3: unread when last_modified_ts is later than last_read_ts. */
export function isUnread(c: Pick<Conversation, 'last_modified_ts' | 'last_read_ts'>): boolean {
  return c.last_modified_ts > c.last_read_ts;
}

/** Collections sort by last_modified_ts, newest first (a copy; stable for ties). */
export function sortConversations<T extends Pick<Conversation, 'last_modified_ts'>>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.last_modified_ts - a.last_modified_ts);
}

/** The tab badge: the sum of unread counts, '99+' above 99, hidden (null) at 0. */
export function inboxBadgeText(channels: readonly { unread_messages_count_sum?: number }[]): string | null {
  return badgeText(
    channels.reduce(
      (sum, c) =>
        sum + (Number.isFinite(c.unread_messages_count_sum) && c.unread_messages_count_sum! > 0 ? c.unread_messages_count_sum! : 0),
      0,
    ),
  );
}

/**
 * Header names: all but the last joined with ', ', the last joined with ' + '
 * ('bob' · 'bob + carol' · 'bob, carol + dora').
 */
export function participantNames(names: readonly string[]): string {
  const clean = names.filter((n) => n !== '');
  if (clean.length <= 1) return clean[0] ?? '';
  return `${clean.slice(0, -1).join(', ')} + ${clean[clean.length - 1]}`;
}

/** The participants who are not one of the user's own blogs. */
export function otherParticipants(participants: readonly Participant[], ownUuids: readonly string[]): Participant[] {
  return participants.filter((p) => !ownUuids.includes(p.uuid));
}

/** Inbox preview: the text cut at 100 characters (code points), with '…' when cut. */
export function previewText(text: string, max = PREVIEW_MAX_CHARS): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** Spec: a page is assumed to have more when the list has at least 10 items. */
export function pageHasMore(count: number): boolean {
  return count >= PAGE_FULL_SIZE;
}

/** Spec: favourites are appended when the inbox holds 1 to 3 items with no next page (configurable). */
export function shouldAppendFavourites(
  count: number,
  hasNextPage: boolean,
  range: { min: number; max: number } = FAVOURITES_APPEND_RANGE,
): boolean {
  return !hasNextPage && count >= range.min && count <= range.max;
}

/**
 * Spec M§6 "Extra favourite recipients": only blogs that can receive; and never one already in
 * the list or one of the user's own (`exclude`, uuids). A suggestion that could only end in "This
 * Tumblr can't receive messages." is no suggestion.
 */
export function extraFavourites<T extends { uuid: string; can_receive_messages: boolean }>(
  favourites: readonly T[],
  exclude: ReadonlySet<string>,
): T[] {
  return favourites.filter((p) => p.can_receive_messages && !exclude.has(p.uuid));
}

/** Empty inbox: 5 favourites kept, shown in whole rows of 4 (5 → 4, 3 → none). */
export function emptyInboxGrid<T>(favourites: readonly T[]): T[] {
  const kept = favourites.slice(0, EMPTY_INBOX_FAVOURITES);
  return kept.slice(0, Math.floor(kept.length / EMPTY_INBOX_ROW) * EMPTY_INBOX_ROW);
}

/** Spec: unread fetch size min(10, unread + 5). */
export function unreadFetchSize(unread: number): number {
  return Math.min(UNREAD_FETCH_MAX, Math.max(0, Math.floor(unread)) + UNREAD_FETCH_EXTRA);
}

// ---- message list ----

export interface MessageDecoration {
  /** A timestamp header goes above this message. */
  tsHeader: boolean;
  /** Collapsed into the message above (same sender, same batch, under a minute apart). */
  isCollapsed: boolean;
  /** Messages with the same group number render as one group. */
  collapseGroup: number;
}

/**
 * Timestamp headers (the first message, and any message more than an hour after the previous one)
 * and collapse groups (same participant and batch, less than 60000 ms apart; a header starts a new group).
 * Messages must be in time order; `batch` is whatever identifies a batch (e.g. the page a message came in).
 */
export function decorateMessages(messages: readonly { ts: number; participant: string; batch?: string | number }[]): MessageDecoration[] {
  const out: MessageDecoration[] = [];
  let group = 0;
  messages.forEach((m, i) => {
    const prev = i > 0 ? messages[i - 1]! : undefined;
    const tsHeader = !prev || m.ts - prev.ts > TIMESTAMP_HEADER_GAP_MS;
    const isCollapsed =
      !!prev && !tsHeader && prev.participant === m.participant && prev.batch === m.batch && m.ts - prev.ts < COLLAPSE_GAP_MS;
    if (i > 0 && !isCollapsed) group++;
    out.push({ tsHeader, isCollapsed, collapseGroup: group });
  });
  return out;
}

/** Merges fetched messages into a list: by id, time order; polling never removes existing ones. */
export function mergeMessages(existing: readonly ConversationMessage[], incoming: readonly ConversationMessage[]): ConversationMessage[] {
  const byId = new Map<string, ConversationMessage>();
  for (const m of existing) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return inTimeOrder([...byId.values()]);
}

/**
 * Sorts messages by time, in place. A page comes oldest first and is already in order: only a
 * list out of order (older messages after newer ones) pays for the sort, 4–8 ms over 10,000.
 */
function inTimeOrder(messages: ConversationMessage[]): ConversationMessage[] {
  for (let i = 1; i < messages.length; i++) if (messages[i]!.ts < messages[i - 1]!.ts) return messages.sort((a, b) => a.ts - b.ts);
  return messages;
}

// ---- errors ----

function pick(lines: readonly string[], random: () => number, previous?: string): string {
  const pool = lines.length > 1 ? lines.filter((l) => l !== previous) : lines;
  return pool[Math.min(pool.length - 1, Math.max(0, Math.floor(random() * pool.length)))]!;
}

export interface ConversationErrorView {
  message: string;
  /** Whether the error bar shows 'Retry' (refetches). */
  canRetry: boolean;
}

/** Spec §8: conversation fetch 403 and 429 are not retried. */
export function conversationRetryAllowed(status: number): boolean {
  return status !== 403 && status !== 429;
}

/** Spec §8: a 404 on a new conversation is an empty success. */
export function isEmptyNewConversation(status: number, isNew: boolean): boolean {
  return isNew && status === 404;
}

/**
 * The message of a failed conversation fetch, by HTTP status and the first error code:
 * 403+7001, 403+7003 (with the blog name), 409, 429, else a random generic line (never the same twice in a row).
 */
export function conversationError(
  status: number,
  code: number | undefined,
  blogName: string,
  options: { random?: () => number; previous?: string } = {},
): ConversationErrorView {
  let message: string;
  if (status === 403 && code === 7001) message = ERROR_VERIFY_EMAIL;
  else if (status === 403 && code === 7003) message = ERROR_FOLLOWED_ONLY.replace('{name}', blogName);
  else if (status === 409) message = ERROR_MUST_FOLLOW;
  else if (status === 429) message = ERROR_DAILY_LIMIT;
  else message = pick(GENERIC_ERROR_LINES, options.random ?? Math.random, options.previous);
  return { message, canRetry: conversationRetryAllowed(status) };
}

/** Empty recipient search: a random line, never the same twice in a row. */
export function emptySearchLine(random: () => number = Math.random, previous?: string): string {
  return pick(EMPTY_SEARCH_LINES, random, previous);
}

/** Spec §5: opening a conversation by blog name needs a uuid and a blog that can receive messages. */
export function openConversationError(blog: { uuid?: string; can_receive_messages?: boolean } | null | undefined): string | null {
  if (!blog?.uuid) return COULD_NOT_LOAD;
  if (blog.can_receive_messages === false) return CANNOT_RECEIVE;
  return null;
}

// ---- compose box ----

/** Valid when the trimmed text is non-empty and within 4096 characters. */
export function composeValid(text: string): boolean {
  return text.trim() !== '' && text.length <= MESSAGE_MAX_LENGTH;
}

/** Keeps typed/pasted text within the limit. */
export function clampComposeText(text: string): string {
  return text.length > MESSAGE_MAX_LENGTH ? text.slice(0, MESSAGE_MAX_LENGTH) : text;
}

/** Enter without Shift (and not while an IME is composing) submits. */
export function isSubmitKey(e: { key: string; shiftKey?: boolean; isComposing?: boolean }): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.isComposing;
}

/** Escape closes the conversation if the box is empty, else clears it; ignored while a lightbox is open. */
export function escapeAction(text: string, lightboxOpen = false): 'close' | 'clear' | 'ignore' {
  if (lightboxOpen) return 'ignore';
  return text === '' ? 'close' : 'clear';
}

/** A random compose placeholder ('Currently offline' while offline). */
export function composePlaceholder(offline: boolean, random: () => number = Math.random): string {
  if (offline) return OFFLINE_PLACEHOLDER;
  return COMPOSE_PLACEHOLDERS[Math.min(COMPOSE_PLACEHOLDERS.length - 1, Math.floor(random() * COMPOSE_PLACEHOLDERS.length))]!;
}
