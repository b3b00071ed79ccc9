/** The dock's stores: what every part of it renders from. */
import { atom } from 'nanostores';
import type { Conversation, UnreadData } from '../../../src/messaging/model/conversation';
import type { OutgoingMessage } from '../../../src/messaging/model/send-queue';
import type { DockWindow } from '../model/dock';
import type { ShownOutgoing } from '../model/sending-elsewhere';

export const $windows = atom<DockWindow[]>([]);
/** The key of the window holding the focus in this tab, if any. */
export const $focusedWindow = atom<string | null>(null);
/** Unread counts by blog name (mention key) → conversation id → count, overrides applied. */
export const $unread = atom<UnreadData>({});
/** Unsent messages (queued, pending, failed), in order. */
export const $outgoing = atom<OutgoingMessage[]>([]);
/** Unsent messages other tabs of the user are sending, by tab (model/sending-elsewhere.ts). */
export const $sendingElsewhere = atom<Record<string, ShownOutgoing[]>>({});
/** A short notice the dock shows (e.g. 'Could not load conversation.'). */
export const $dockNotice = atom<{ id: number; text: string } | null>(null);
export const $online = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
/** The poller gave up after repeated errors (the inbox offers a way to start it again). */
export const $pollStopped = atom<boolean>(false);

export interface InboxCache {
  conversations: Conversation[];
  next?: string | undefined;
  fetched: boolean;
}
/** Each blog's inbox as last fetched (switching blogs shows the cache at once, then refetches). */
export const $inboxCache = atom<Record<string, InboxCache>>({});

export function setInboxCache(blogName: string, cache: InboxCache): void {
  $inboxCache.set({ ...$inboxCache.get(), [blogName]: cache });
}

let noticeId = 0;
export function showNotice(text: string): void {
  $dockNotice.set({ id: ++noticeId, text });
}
