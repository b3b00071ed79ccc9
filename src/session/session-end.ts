/**
 * The session ending while the page is open (README, "Many tabs, one user"). Cookies belong to the
 * browser, not the tab: when one tab logs out (a call answered 401) or loads as someone else, every
 * other tab of the old user has lost its session too, and hears it at once on the session channel
 * instead of at its next failing call. Such a tab stops polling, its dock says so (keeping every
 * draft), and `tl-session-end` tells the page, which may send the user to log in. A tab of the same
 * user loading again (logging back in) ends it: `tl-session-end` with `ended: false`.
 */
import { atom } from 'nanostores';
import { onCallFailed } from '../api/client';
import { sessionChannel, TabMessages } from '../tabs/tab-channel';
import { announce } from '../core/announce';
import { Events } from '../core/events';
import { BOOTSTRAP_ID } from './bootstrap';
import { $session } from './session';

export type SessionEndReason = 'logged-out' | 'switched';

/** Why this tab's session ended, or null while it holds. */
export const $sessionEnded = atom<SessionEndReason | null>(null);

function setEnded(reason: SessionEndReason | null): void {
  if ($sessionEnded.get() === reason) return;
  $sessionEnded.set(reason);
  if (typeof document !== 'undefined') announce(document, Events.sessionEnd, { ended: reason !== null, reason: reason ?? undefined });
}

let watching = false;

/** Once per page (the runtime): says who this page is for, and listens for the others. */
export function watchSessionEnd(): void {
  if (watching) return;
  watching = true;
  const channel = sessionChannel();
  const own = () => $session.get().user?.name ?? null;
  // A page with no bootstrap data says nothing about the session: only a page that was rendered
  // for someone, or rendered logged out, speaks.
  const rendered = typeof document !== 'undefined' && document.getElementById(BOOTSTRAP_ID) !== null;
  if (channel && (own() !== null || rendered)) channel.post(TabMessages.session, { user: own() });
  channel?.on(TabMessages.session, (m) => {
    const mine = own();
    if (!mine || (m.user !== null && typeof m.user !== 'string')) return;
    setEnded(m.user === mine ? null : m.user === null ? 'logged-out' : 'switched');
  });
  onCallFailed((_path, status) => {
    if (status !== 401 || own() === null || $sessionEnded.get() !== null) return;
    setEnded('logged-out');
    channel?.post(TabMessages.session, { user: null });
  });
}

/** For tests: the session holds again (nothing is announced). */
export function resetSessionEnd(): void {
  $sessionEnded.set(null);
}
