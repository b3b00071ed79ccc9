/**
 * The line between the open tabs of one user (README, "Many tabs, one user"): what one tab does
 * (a poll answered, a conversation read, a like) is posted here and heard by the others at once.
 *
 * BroadcastChannel where the browser has it; otherwise `storage` events on a localStorage key that
 * is written and removed at once. Neither delivers a tab's own messages back to it. One channel per
 * user, so a second account in another tab hears nothing, and one the whole origin hears for who is
 * logged in; none at all when the bootstrap turns it off (`config.tab_sync: false`): each tab is
 * then on its own, as before.
 *
 * A message comes from any script of the same origin, so receivers check its shape like any other
 * untrusted input.
 */
import { $session } from '../session/session';
import { isRecord } from '../models/record';
import { randomId } from '../models/random-id';

/**
 * Every message the tabs exchange, by name, in one place (who posts each: README, "Many tabs, one
 * user"; the poll messages: elements/messaging-dock/state/shared-polling.ts).
 */
export const TabMessages = {
  /** The polling tab's answer `{ unread }`. */
  pollAnswer: 'poll-answer',
  /** A tab's view `{ view }`: inbox or conversation open, in sight. */
  pollView: 'poll-view',
  /** A new polling tab asks for the views. */
  pollWho: 'poll-who',
  /** A tab's dock stopped (or the tab is closing). */
  pollBye: 'poll-bye',
  /** `{ kind: 'typing' | 'input' | 'restart' }` for the polling tab's poller. */
  pollNudge: 'poll-nudge',
  /** `{ stopped }`: polling stopped after errors, or started again. */
  pollStopped: 'poll-stopped',
  /** `{ blog, conversation }` was read. */
  conversationRead: 'conversation-read',
  /** `{ clientId, conversation }` was delivered. */
  messageSent: 'message-sent',
  /** `{ messages }`: the unsent list of the posting tab. */
  outgoing: 'outgoing',
  /** A new tab asks for the others' unsent lists. */
  outgoingWho: 'outgoing-who',
  /** `{ user }`: who this page was loaded for (null: logged out). */
  session: 'session',
  /** `{ store, key, value, scope }`: a shared store changed. */
  storeSet: 'store-set',
} as const;

export type TabMessageType = (typeof TabMessages)[keyof typeof TabMessages];

/** One message: a type, a sender tab, and fields of the type's own. */
export interface TabMessage {
  t: string;
  /** The tab that posted it (TAB_ID). */
  from: string;
  [field: string]: unknown;
}

export interface TabTransport {
  post(data: unknown): void;
  listen(fn: (data: unknown) => void): () => void;
  close(): void;
}

export interface TabChannel {
  readonly user: string;
  post(t: TabMessageType, fields?: Record<string, unknown>): void;
  /** Hears messages of type `t` from the other tabs; returns the stop. */
  on(t: TabMessageType, fn: (message: TabMessage) => void): () => void;
}

/** This tab's id for its lifetime (a reload is a new tab). */
export const TAB_ID = randomId();

export function broadcastTransport(name: string): TabTransport | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  return {
    post: (data) => channel.postMessage(data),
    listen(fn) {
      const onMessage = (event: MessageEvent) => fn(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

/** The fallback: a write to localStorage is a `storage` event in every other tab of the origin. */
export function storageTransport(name: string): TabTransport | null {
  let storage: Storage;
  try {
    storage = globalThis.localStorage;
    if (!storage || typeof window === 'undefined') return null;
  } catch {
    return null; // storage blocked: the tabs cannot hear each other
  }
  const key = `tl-tabs:${name}`;
  return {
    post(data) {
      try {
        // the nonce makes two equal messages in a row two changes, so both are heard
        storage.setItem(key, JSON.stringify({ d: data, n: randomId() }));
        storage.removeItem(key);
      } catch {
        // full or refused: the other tabs catch up at their next poll
      }
    },
    listen(fn) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || !event.newValue) return;
        try {
          const parsed: unknown = JSON.parse(event.newValue);
          if (isRecord(parsed)) fn(parsed.d);
        } catch {
          // not ours
        }
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
    close() {},
  };
}

/** A typed channel over a transport: one listener on the transport, dispatch by type. */
export function createTabChannel(user: string, transport: TabTransport, tabId = TAB_ID): TabChannel & { close(): void } {
  const handlers = new Map<string, Set<(message: TabMessage) => void>>();
  const stop = transport.listen((data) => {
    if (!isRecord(data) || typeof data.t !== 'string' || typeof data.from !== 'string' || data.from === tabId) return;
    for (const fn of [...(handlers.get(data.t) ?? [])]) fn(data as TabMessage);
  });
  return {
    user,
    post(t, fields = {}) {
      try {
        transport.post({ ...fields, t, from: tabId });
      } catch {
        // a value that cannot be cloned or a closed channel: the others catch up at their next poll
      }
    },
    on(t, fn) {
      let set = handlers.get(t);
      if (!set) handlers.set(t, (set = new Set()));
      set.add(fn);
      return () => set.delete(fn);
    },
    close() {
      stop();
      transport.close();
      handlers.clear();
    },
  };
}

/** Whether the bootstrap lets the tabs of one user work together (on unless `config.tab_sync` is false). */
export function tabSyncEnabled(config: Readonly<Record<string, unknown>>): boolean {
  return config.tab_sync !== false;
}

const open = new Map<string, TabChannel & { close(): void }>();

function channelNamed(name: string, user: string): TabChannel | null {
  let channel = open.get(name);
  if (!channel) {
    const transport = broadcastTransport(name) ?? storageTransport(name);
    if (!transport) return null;
    open.set(name, (channel = createTabChannel(user, transport)));
  }
  return channel;
}

/** The logged-in user's channel, or null (logged out, switched off, or no way to reach other tabs). */
export function tabChannel(): TabChannel | null {
  const s = $session.get();
  const user = s.user?.name;
  if (!user || !tabSyncEnabled(s.config)) return null;
  return channelNamed(`tumblelog:user:${user}`, user);
}

/**
 * The channel every tab of the origin hears, logged in or not: who is logged in. Cookies are the
 * browser's, not the tab's, so a page that loads logged out or as someone else has ended the
 * session of every other tab (src/session/session-end.ts).
 */
export function sessionChannel(): TabChannel | null {
  const s = $session.get();
  if (!tabSyncEnabled(s.config)) return null;
  return channelNamed('tumblelog:session', '');
}
