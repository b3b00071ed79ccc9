/**
 * Rules of the messaging dock that are not about one conversation's data (spec §4 Conversation
 * window, Unread handling, §9 limits), no DOM: which windows stay open, window keys, unread
 * overrides, inbox row previews and the batched reveal of arriving messages.
 */
import type { Conversation, ConversationMessage, Participant, UnreadData } from '../../../src/messaging/model/conversation';
import { previewText, sortConversations, UNREAD_OVERRIDE_MS } from '../../../src/messaging/model/conversation';
import type { MessageTarget, OutgoingMessage } from '../../../src/messaging/model/send-queue';

/** Spec §9: message rendering in batches of 5 with a 100 ms delay. */
export const RENDER_BATCH_SIZE = 5;
export const RENDER_BATCH_DELAY_MS = 100;

/** Spec §9: a conversation window opens (and minimizes) over 250 ms; styles.css's `window-in` matches. */
export const WINDOW_MOTION_MS = 250;
/** Spec §9: the unread pill shows when the list is more than 80 px from the bottom. */
export const PILL_THRESHOLD_PX = 80;
/** Spec §9: the inbox loads its next page within 50 px of the bottom. */
export const INBOX_SCROLL_THRESHOLD_PX = 50;
/** Width of one open conversation window and the gap between windows (CSS must agree). */
export const WINDOW_WIDTH_PX = 320;
export const WINDOW_GAP_PX = 12;
/** Room the minimized tabs and the page edge take beside the open windows. */
export const DOCK_RESERVED_PX = 84;

export interface DockWindow {
  /** The conversation id, or `new:<sender uuid>:<uuids>` for a conversation not created yet. */
  key: string;
  conversationId?: string;
  /** The sending blog (one of the user's own) this window talks as. */
  sender: { name: string; uuid: string };
  /** The other participants. */
  participants: Participant[];
  minimized: boolean;
  /** When it was last opened or unminimized (orders the windows; the oldest open one gives way). */
  openedAt: number;
  /** The key it had before its conversation was created (messages queued under it still belong here). */
  aliasKey?: string;
  /** Opened or unminimized by another tab of the user: it shows, but does not take the focus here. */
  quiet?: boolean;
}

/** The key of a window: its conversation id, or its sender and (sorted) other participants. */
export function windowKey(target: { conversationId?: string | undefined; sender: string; participants?: readonly string[] }): string {
  if (target.conversationId) return target.conversationId;
  return `new:${target.sender}:${[...(target.participants ?? [])].sort().join(',')}`;
}

/** Where a window's messages go: its sending blog, its conversation (or participants), and who they are for. */
export function windowTarget(win: Pick<DockWindow, 'sender' | 'conversationId' | 'participants'>): MessageTarget {
  return {
    participant: win.sender.uuid,
    conversationId: win.conversationId,
    participants: win.participants.map((p) => p.uuid),
    to: win.participants.map((p) => ({ uuid: p.uuid, name: p.name, ...(p.avatar_url ? { avatar_url: p.avatar_url } : {}) })),
  };
}

/** How many open (not minimized) windows fit beside each other in a viewport this wide (at least 1). */
export function maxOpenWindows(viewportWidth: number): number {
  if (!Number.isFinite(viewportWidth) || viewportWidth <= 0) return 1;
  return Math.max(1, Math.floor((viewportWidth - DOCK_RESERVED_PX + WINDOW_GAP_PX) / (WINDOW_WIDTH_PX + WINDOW_GAP_PX)));
}

export interface OpenOptions {
  /** Several windows may be open at once (desktop); otherwise the others give way. */
  multipleWindows: boolean;
  /** Minimizing is enabled (else windows that give way are closed). */
  minimize: boolean;
  /** At most this many open at once (multiple windows only). */
  maxOpen: number;
  now: number;
}

/**
 * Opens (or unminimizes) a window. Spec: without multiple-windows support, opening a window
 * minimizes the others if minimize is enabled, or closes them. With it, the oldest open windows
 * give way the same way once more than `maxOpen` are open.
 */
export function openWindow(
  windows: readonly DockWindow[],
  win: Omit<DockWindow, 'minimized' | 'openedAt'>,
  options: OpenOptions,
): DockWindow[] {
  const existing = windows.find((w) => w.key === win.key);
  const opened: DockWindow = { ...(existing ?? win), ...win, minimized: false, openedAt: options.now };
  delete opened.quiet; // opened here: it takes the focus
  const others = windows.filter((w) => w.key !== win.key);
  const limit = options.multipleWindows ? Math.max(1, options.maxOpen) : 1;
  const open = others.filter((w) => !w.minimized).sort((a, b) => b.openedAt - a.openedAt);
  const giveWay = new Set(open.slice(limit - 1).map((w) => w.key));
  const kept = others.flatMap((w) => (giveWay.has(w.key) ? (options.minimize ? [{ ...w, minimized: true }] : []) : [w]));
  // the newest window sits nearest the right edge: keep the list in opening order
  return existing ? windows.flatMap((w) => (w.key === win.key ? [opened] : kept.filter((k) => k.key === w.key))) : [...kept, opened];
}

export function minimizeWindow(windows: readonly DockWindow[], key: string): DockWindow[] {
  return windows.map((w) => (w.key === key ? { ...w, minimized: true } : w));
}

export function closeWindow(windows: readonly DockWindow[], key: string): DockWindow[] {
  return windows.filter((w) => w.key !== key);
}

/** A window of a new conversation learned its id (its first message was sent). */
export function adoptConversationId(windows: readonly DockWindow[], key: string, conversationId: string): DockWindow[] {
  if (windows.some((w) => w.key === conversationId)) return windows.filter((w) => w.key !== key);
  return windows.map((w) => (w.key === key ? { ...w, key: conversationId, conversationId, aliasKey: key } : w));
}

/** Re-applies the limit after the viewport shrank: the oldest open windows give way. */
export function fitWindows(windows: readonly DockWindow[], options: Omit<OpenOptions, 'now'>): DockWindow[] {
  const newest = [...windows].filter((w) => !w.minimized).sort((a, b) => b.openedAt - a.openedAt)[0];
  return newest ? openWindow(windows, newest, { ...options, now: newest.openedAt }) : [...windows];
}

// ---- unread ----

/** conversation id → when (ms) a local zero stops overriding what the server says. */
export type UnreadOverrides = Record<string, number>;

/** Spec §4: a local zero count for a just-opened conversation is kept for 500 ms. */
export function addOverride(overrides: UnreadOverrides, conversationId: string, now: number): UnreadOverrides {
  return { ...overrides, [conversationId]: now + UNREAD_OVERRIDE_MS };
}

/** The unread data with the live overrides applied (their conversations count 0). */
export function applyOverrides(unread: UnreadData, overrides: UnreadOverrides, now: number): UnreadData {
  const live = Object.keys(overrides).filter((id) => overrides[id]! > now);
  if (live.length === 0) return unread;
  const out: UnreadData = {};
  for (const [key, counts] of Object.entries(unread)) {
    const copy = { ...counts };
    for (const id of live) delete copy[id];
    out[key] = copy;
  }
  return out;
}

/** The overrides still live at `now`. */
export function pruneOverrides(overrides: UnreadOverrides, now: number): UnreadOverrides {
  return Object.fromEntries(Object.entries(overrides).filter(([, until]) => until > now));
}

/** What a window's unread count change means (spec §4 Unread handling). */
export function unreadAction(previous: number, next: number, state: { minimized: boolean; atBottom: boolean }): 'none' | 'fetch' | 'pill' {
  if (next <= previous || next === 0 || state.minimized) return 'none';
  return state.atBottom ? 'fetch' : 'pill';
}

/** A window's unread count (0 for a conversation not created yet). */
export function windowUnread(unread: UnreadData, win: Pick<DockWindow, 'conversationId' | 'sender'>): number {
  return win.conversationId ? (unread[win.sender.name]?.[win.conversationId] ?? 0) : 0;
}

/** Whether a scroll position counts as "at the bottom" (within the pill threshold). */
export function isAtBottom(
  scroll: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = PILL_THRESHOLD_PX,
): boolean {
  return scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight <= threshold;
}

// ---- inbox rows ----

/** The inbox row's second line: the last message as text, cut at 100 characters. */
export function conversationPreview(conversation: Pick<Conversation, 'messages' | 'participants'>, ownUuids: readonly string[]): string {
  const last = conversation.messages[conversation.messages.length - 1];
  if (!last) return '';
  const fromMe = ownUuids.includes(last.participant);
  const who = fromMe ? 'You' : (conversation.participants.find((p) => p.uuid === last.participant)?.name ?? 'They');
  return previewText(messageSummary(last, who));
}

/** A message as one line of text (previews, screen-reader labels). */
export function messageSummary(message: ConversationMessage, who: string): string {
  if (message.type === 'TEXT') return message.text ?? '';
  if (message.type === 'IMAGE') return `${who} sent a photo`;
  if (message.post?.state === 'disabled') return `${who} sent a post that's no longer available`;
  return `${who} sent a post`;
}

/** A refetched first page over the pages loaded before: fresh copies win, ordered by last activity. */
export function mergeInboxPage(loaded: readonly Conversation[], fresh: readonly Conversation[]): Conversation[] {
  const ids = new Set(fresh.map((c) => c.id));
  return sortConversations([...fresh, ...loaded.filter((c) => !ids.has(c.id))]);
}

// ---- revealing messages in batches ----

/** One batch step: the first 5 messages still waiting are revealed, the rest wait for the next step. */
export function revealNextBatch<T>(waiting: readonly T[]): T[] {
  return waiting.slice(RENDER_BATCH_SIZE);
}

// ---- unsent messages ----

/** A message the dock keeps trying to deliver: failed but retryable, or queued and not yet tried. */
export function isRedeliverable(msg: Pick<OutgoingMessage, 'state' | 'canRetry'>): boolean {
  return (msg.state === 'error' && msg.canRetry) || msg.state === 'queued';
}

/**
 * Whether a conversation has a message that is not sent: failed (retryable or not), or waiting
 * while offline. `key` is the window key (a conversation id, or the participants of a new one).
 */
export function hasUnsent(messages: readonly OutgoingMessage[], key: string, online: boolean): boolean {
  return messages.some(
    (m) =>
      windowKey({ conversationId: m.conversationId, sender: m.participant, participants: m.participants ?? [] }) === key &&
      (m.state === 'error' || (!online && m.state === 'queued')),
  );
}
