/**
 * The dock's shared state: open windows, unread counts from polling, the inbox cache per blog,
 * the send queue and the poller. One instance per page, however many <messaging-dock>s exist
 * (started by the first, stopped with the last). The rules live in src/models; this wires them to
 * the API, the session and the stores the components render from.
 */
import { atom, type WritableAtom } from 'nanostores';
import { safeStorage } from '../../src/core/storage';
import { $session, setChannelUnread, setCurrentChannel } from '../../src/session/session';
import { $inboxOpen } from '../../src/stores/inbox';
import type { SessionChannel } from '../../src/session/types';
import { fetchParticipantInfo, pollUnread, sendMessage } from '../../src/api/messaging';
import { Poller } from '../../src/models/poller';
import { SendQueue, type OutgoingMessage } from '../../src/models/messaging/send-queue';
import {
  mergeMessages,
  openConversationError,
  unreadSignature,
  unreadSum,
  type Conversation,
  type ConversationMessage,
  type Participant,
  type UnreadData,
} from '../../src/models/messaging/conversation';
import {
  addOverride,
  adoptConversationId,
  applyOverrides,
  closeWindow,
  fitWindows,
  maxOpenWindows,
  minimizeWindow,
  openWindow,
  pruneOverrides,
  windowKey,
  type DockWindow,
  type UnreadOverrides,
} from '../../src/models/messaging/dock';

export const $windows = atom<DockWindow[]>([]);
/** Unread counts by blog name (mention key) → conversation id → count, overrides applied. */
export const $unread = atom<UnreadData>({});
/** Unsent messages (queued, pending, failed), in order. */
export const $outgoing = atom<OutgoingMessage[]>([]);
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

// ---- the sending blog ----

/** The user's blogs that can message (spec §6: only those appear as messaging identities). */
export function messagingChannels(channels: readonly SessionChannel[]): SessionChannel[] {
  return channels.filter((c) => c.can_send_messages !== false && c.uuid);
}

export function currentSender(): SessionChannel | null {
  const s = $session.get();
  const list = messagingChannels(s.channels);
  return list.find((c) => c.name === s.currentChannel) ?? list[0] ?? null;
}

const channelKey = (user: string) => `messaging:${user}:channel`;

/** Spec §4: switching the sending blog remembers the choice (and sets the page's current blog). */
export function chooseSender(name: string): void {
  setCurrentChannel(name);
  const user = $session.get().user?.name;
  if (user) safeStorage().setItem(channelKey(user), name);
}

function restoreSender(): void {
  const s = $session.get();
  const remembered = s.user ? safeStorage().getItem(channelKey(s.user.name)) : null;
  if (remembered && messagingChannels(s.channels).some((c) => c.name === remembered)) setCurrentChannel(remembered);
}

// ---- storage: src/core/storage.ts (failures become tl-storage-error, never an exception) ----

// ---- the send queue ----

type SentListener = (msg: OutgoingMessage, result: ConversationMessage) => void;
const sentListeners = new Set<SentListener>();
let queue: SendQueue | null = null;
let queueUser: string | null = null;

export function onMessageSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** The current user's queue (a new user gets their own, loaded from storage). */
export function getQueue(): SendQueue | null {
  const user = $session.get().user?.name ?? null;
  if (!user) return null;
  if (queue && queueUser === user) return queue;
  queueUser = user;
  queue = new SendQueue({
    send: (msg) => sendMessage(msg),
    storage: safeStorage(),
    userName: user,
    // A delivered message leaves the unsent list only once the server's copy is in its conversation (onSent), so it never blinks out.
    onUpdate: (msg) => {
      if (msg.state !== 'sent') $outgoing.set(queue?.messages ?? []);
    },
    onSent: (msg, result) => {
      const message = result as ConversationMessage;
      let key = outgoingKey(msg);
      if (message.conversation_id && !msg.conversationId) {
        renameWindow(key, message.conversation_id);
        key = message.conversation_id;
      }
      updateConversation(key, (d) => ({ messages: mergeMessages(d.messages, [message]) }));
      $outgoing.set(queue?.messages ?? []);
      for (const listener of [...sentListeners]) listener(msg, message);
    },
  });
  $outgoing.set(queue.messages);
  return queue;
}

/** Queues a message and sends what is queued. */
export function queueMessage(msg: OutgoingMessage): void {
  const q = getQueue();
  if (!q) return;
  q.enqueue(msg);
  if ($online.get()) void q.flush();
}

export function retryMessage(clientId: string): void {
  void getQueue()?.retry(clientId);
}

export function discardMessage(clientId: string): void {
  const q = getQueue();
  if (q?.remove(clientId)) $outgoing.set(q.messages);
}

/** The window key an outgoing message belongs to. */
export function outgoingKey(msg: OutgoingMessage): string {
  return windowKey({ conversationId: msg.conversationId, sender: msg.participant, participants: msg.participants });
}

// ---- windows ----

function layoutOptions() {
  const s = $session.get();
  const width = typeof window === 'undefined' ? 1280 : window.innerWidth;
  return {
    multipleWindows: s.flags.is_mobile_handset !== true,
    minimize: s.config.messaging_minimize !== false,
    maxOpen: maxOpenWindows(width),
  };
}

export function showWindow(win: Omit<DockWindow, 'minimized' | 'openedAt'>): void {
  $windows.set(openWindow($windows.get(), win, { ...layoutOptions(), now: Date.now() }));
}

export function hideWindow(key: string): void {
  $windows.set(minimizeWindow($windows.get(), key));
}

export function removeWindow(key: string): void {
  $windows.set(closeWindow($windows.get(), key));
}

export function refitWindows(): void {
  const next = fitWindows($windows.get(), layoutOptions());
  if (next.some((w, i) => w.minimized !== $windows.get()[i]?.minimized)) $windows.set(next);
}

/** A new conversation's window learned its id: its data and draft move with it. */
export function renameWindow(key: string, conversationId: string): void {
  if (key === conversationId) return;
  const data = dataStores.get(key);
  if (data && !dataStores.has(conversationId)) dataStores.set(conversationId, data);
  const draft = drafts.get(key);
  if (draft !== undefined && !drafts.has(conversationId)) drafts.set(conversationId, draft);
  $windows.set(adoptConversationId($windows.get(), key, conversationId));
}

// ---- per-conversation data (kept while a window is minimized) ----

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ConversationData {
  status: LoadStatus;
  error?: { message: string; canRetry: boolean; status: number } | undefined;
  retrying: boolean;
  /** Server messages in time order. */
  messages: ConversationMessage[];
  /** Ids of messages that arrived by polling and wait for their batch to be revealed. */
  unrevealed: string[];
  previous?: string | undefined;
  loadingOlder: boolean;
  canSend: boolean;
  fetched: boolean;
}

const EMPTY_DATA: ConversationData = { status: 'idle', retrying: false, messages: [], unrevealed: [], loadingOlder: false, canSend: true, fetched: false };
const dataStores = new Map<string, WritableAtom<ConversationData>>();

export function conversationStore(key: string): WritableAtom<ConversationData> {
  let store = dataStores.get(key);
  if (!store) dataStores.set(key, (store = atom<ConversationData>(EMPTY_DATA)));
  return store;
}

export function updateConversation(key: string, change: Partial<ConversationData> | ((d: ConversationData) => Partial<ConversationData>)): void {
  const store = conversationStore(key);
  const current = store.get();
  store.set({ ...current, ...(typeof change === 'function' ? change(current) : change) });
}

/** Compose drafts by window key: minimizing or closing the inbox never loses what was typed. */
export const drafts = new Map<string, string>();

export function updateWindowParticipants(key: string, participants: Participant[]): void {
  $windows.set($windows.get().map((w) => (w.key === key ? { ...w, participants } : w)));
}

let noticeId = 0;
export function showNotice(text: string): void {
  $dockNotice.set({ id: ++noticeId, text });
}

/** Opens a window for a conversation from the inbox. Spec §5: never one the sending blog is not in. */
export function openConversation(conversation: Conversation, sender: SessionChannel): void {
  const own = $session.get().channels.map((c) => c.uuid);
  const others = conversation.participants.filter((p) => !own.includes(p.uuid));
  showWindow({ key: conversation.id, conversationId: conversation.id, sender: { name: sender.name, uuid: sender.uuid }, participants: others });
  $inboxOpen.set(false);
}

/** Opens a (possibly new) conversation with one blog, chosen in compose or from the page. */
export function openWithParticipant(participant: Participant, sender: SessionChannel): boolean {
  const problem = openConversationError(participant);
  if (problem) {
    showNotice(problem);
    return false;
  }
  // Spec §5: not opened when the current blog is already among the chosen participants.
  const own = $session.get().channels.map((c) => c.uuid);
  if (own.includes(participant.uuid)) return false;
  const key = windowKey({ sender: sender.uuid, participants: [participant.uuid] });
  const existing = $windows.get().find((w) => w.sender.uuid === sender.uuid && w.participants.length === 1 && w.participants[0]!.uuid === participant.uuid);
  showWindow({ key: existing?.key ?? key, ...(existing?.conversationId ? { conversationId: existing.conversationId } : {}), sender: { name: sender.name, uuid: sender.uuid }, participants: [participant] });
  $inboxOpen.set(false);
  return true;
}

/** Opens a conversation with a blog known only by name (the page, a blog card). */
export async function openByBlogName(blogName: string): Promise<boolean> {
  const sender = currentSender();
  if (!sender || !blogName) return false;
  let participant: Participant;
  try {
    participant = await fetchParticipantInfo(blogName, sender.uuid);
  } catch {
    showNotice(openConversationError(null)!);
    return false;
  }
  return openWithParticipant(participant, sender);
}

// ---- unread and polling ----

let overrides: UnreadOverrides = {};

/** A conversation was just read (its messages fetched): count it as 0 now and for 500 ms. */
export function markRead(blogName: string, conversationId: string): void {
  overrides = addOverride(pruneOverrides(overrides, Date.now()), conversationId, Date.now());
  const unread = $unread.get();
  const counts = unread[blogName];
  if (counts?.[conversationId]) {
    const { [conversationId]: _gone, ...rest } = counts;
    void _gone;
    setUnread({ ...unread, [blogName]: rest });
  }
}

function setUnread(next: UnreadData): void {
  $unread.set(next);
  const sums: Record<string, number> = {};
  for (const [name, counts] of Object.entries(next)) sums[name] = unreadSum(counts);
  setChannelUnread(sums);
}

let poller: Poller | null = null;
let lastSignature = '';

export function pollerTyping(): void {
  poller?.typing();
}
export function pollerInput(): void {
  poller?.input();
}
export function restartPolling(): void {
  $pollStopped.set(false);
  poller?.restart();
}

async function pollOnce(): Promise<boolean> {
  const s = $session.get();
  const token = s.user?.polling_token;
  if (!token) throw new Error('No polling token');
  const response = await pollUnread({ token, mentionKeys: messagingChannels(s.channels).map((c) => c.name) });
  if (response.error) throw new Error('The poll answered with its error flag');
  // reachable again: anything that failed to send is tried again
  if ($outgoing.get().some((m) => m.state === 'error' && m.canRetry)) void getQueue()?.retryAll();
  const unread = applyOverrides(response.unread, overrides, Date.now());
  const signature = unreadSignature(unread);
  const changed = signature !== lastSignature;
  lastSignature = signature;
  if (changed) setUnread(unread);
  return changed;
}

let users = 0;
let stopAll: (() => void) | null = null;

/** Starts the page's messaging (the first dock); the returned function stops it with the last. */
export function startMessaging(): () => void {
  users++;
  if (users === 1) stopAll = start();
  return () => {
    users--;
    if (users === 0) {
      stopAll?.();
      stopAll = null;
    }
  };
}

function start(): () => void {
  restoreSender();
  const frequency = Number(($session.get().config as { messaging_poll_frequency?: unknown }).messaging_poll_frequency);
  poller = new Poller({
    poll: () => pollOnce(),
    ...(Number.isFinite(frequency) && frequency > 0 ? { frequencyMs: frequency } : {}),
    onStop: () => $pollStopped.set(true),
  });
  const sync = () => {
    const s = $session.get();
    poller?.setState({
      verifiedEmail: s.user?.is_verified_email === true,
      inboxOpen: $inboxOpen.get(),
      conversationOpen: $windows.get().some((w) => !w.minimized),
    });
  };
  const stops = [$session.listen(sync), $inboxOpen.listen(sync), $windows.listen(sync)];
  sync();

  const q = getQueue();
  const onOnline = () => {
    $online.set(true);
    void getQueue()?.retryAll();
  };
  const onOffline = () => $online.set(false);
  const onResize = () => refitWindows();
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  window.addEventListener('resize', onResize);

  // Unsent messages from before a reload: show their conversations (minimized) and send them.
  if (q) {
    for (const msg of q.messages) {
      const key = outgoingKey(msg);
      if ($windows.get().some((w) => w.key === key)) continue;
      const sender = $session.get().channels.find((c) => c.uuid === msg.participant);
      if (!sender || !msg.to) continue;
      $windows.set([
        ...$windows.get(),
        {
          key,
          ...(msg.conversationId ? { conversationId: msg.conversationId } : {}),
          sender: { name: sender.name, uuid: sender.uuid },
          participants: msg.to.map((r) => ({ ...r, tags: [], can_receive_messages: true, is_blog_following_you: false, is_following_blog: false })),
          minimized: true,
          openedAt: msg.clientTs,
        },
      ]);
    }
    if ($online.get() && q.messages.length > 0) void q.retryAll();
  }

  return () => {
    for (const stop of stops) stop();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('resize', onResize);
    poller?.dispose();
    poller = null;
  };
}

/** For tests: forget everything (windows, caches, the queue object; storage is left alone). */
export function resetMessagingState(): void {
  $windows.set([]);
  $unread.set({});
  $outgoing.set([]);
  $inboxCache.set({});
  $dockNotice.set(null);
  $pollStopped.set(false);
  $online.set(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
  overrides = {};
  lastSignature = '';
  dataStores.clear();
  drafts.clear();
  queue = null;
  queueUser = null;
}

