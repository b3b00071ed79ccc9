import { atom, computed } from 'nanostores';
import { normalizeSessionInput, readBootstrap } from './bootstrap';
import type { FeatureFlag, Session, SessionInput, SessionUser } from './types';

const EMPTY: Session = { user: null, channels: [], currentChannel: null, flags: {}, apiBase: '', config: {}, formKey: '' };

function pickCurrent(session: Session): string | null {
  if (!session.user) return null;
  const names = session.channels.map((c) => c.name);
  if (session.currentChannel && names.includes(session.currentChannel)) return session.currentChannel;
  return (
    session.channels.find((c) => c.is_current)?.name ??
    (names.includes(session.user.primary) ? session.user.primary : (names[0] ?? session.user.primary))
  );
}

function withDefaults(partial: Partial<Session>, base: Session): Session {
  const next = { ...base, ...partial };
  next.currentChannel = pickCurrent(next);
  return next;
}

/** The one session every element on the page shares. */
export const $session = atom<Session>(withDefaults(typeof document === 'undefined' ? {} : readBootstrap(document), EMPTY));

export const $isLoggedIn = computed($session, (s) => s.user !== null);
export const $currentChannel = computed($session, (s) => s.channels.find((c) => c.name === s.currentChannel) ?? null);

/** Sets up the session from code instead of (or on top of) the page's bootstrap data. */
export function configure(input: SessionInput): void {
  const next = normalizeSessionInput(input);
  const base = $session.get();
  // A new user or set of blogs starts from its own current blog, not the previous session's choice.
  const keepChoice = !('user' in next) && !('channels' in next);
  $session.set(withDefaults(next, keepChoice ? base : { ...base, currentChannel: null }));
}

/** Changes fields of the logged-in user in place (the current blog choice stays). */
export function updateUser(patch: Partial<SessionUser>): void {
  const s = $session.get();
  if (s.user) $session.set({ ...s, user: { ...s.user, ...patch } });
}

export function setCurrentChannel(name: string): void {
  const s = $session.get();
  if (s.channels.some((c) => c.name === name)) $session.set({ ...s, currentChannel: name });
}

export function isFlagOn(flag: FeatureFlag | string): boolean {
  return $session.get().flags[flag] === true;
}

/** The messaging dock's poll result: each blog's unread sum (the header badge and blog selectors read it). */
export function setChannelUnread(counts: Readonly<Record<string, number>>): void {
  const s = $session.get();
  let changed = false;
  const channels = s.channels.map((c) => {
    const n = counts[c.name];
    if (n === undefined || n === c.unread_count) return c;
    changed = true;
    return { ...c, unread_count: n };
  });
  if (changed) $session.set({ ...s, channels });
}
