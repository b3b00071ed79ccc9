/**
 * Which of the user's tabs polls (README, "Many tabs, one user"): the one holding a Web Lock named
 * for the user. The browser grants it to one tab at a time, queues the others, and hands it on by
 * itself when the holder's tab closes or crashes. Where Web Locks are missing (older engines, and
 * pages served over plain http, which are not secure contexts) a lease in localStorage
 * (model/lease.ts) does the same; with neither, or with tab sync off, every tab leads itself.
 */
import { safeStorage } from '../../../src/core/storage';
import { TAB_ID } from '../../../src/tabs/tab-channel';
import { LeaseElection } from '../model/lease';
import { defaultTimers } from '../model/poller';

export interface Leadership {
  readonly isLeader: boolean;
  /** Lets another waiting tab lead (this tab is hidden); this one queues again behind it. */
  handOver(): void;
  close(): void;
}

interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

function lockManager(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

function webLockLeadership(locks: LockManagerLike, name: string, onChange: (leader: boolean) => void): Leadership {
  let release: (() => void) | null = null;
  let waiting: AbortController | null = null;
  let closed = false;
  const request = () => {
    const controller = new AbortController();
    waiting = controller;
    locks
      .request(
        name,
        { signal: controller.signal },
        () =>
          new Promise<void>((resolve) => {
            if (waiting === controller) waiting = null;
            if (closed) return resolve();
            release = () => {
              release = null;
              resolve();
            };
            onChange(true);
          }),
      )
      .catch(() => undefined); // aborted while waiting (closed)
  };
  request();
  return {
    get isLeader() {
      return release !== null;
    },
    handOver() {
      if (!release || closed) return;
      release();
      onChange(false);
      request(); // behind the tabs already waiting: if none is, this tab leads again at once
    },
    close() {
      if (closed) return;
      closed = true;
      waiting?.abort();
      if (release) {
        release();
        onChange(false);
      }
    },
  };
}

function leaseLeadership(name: string, onChange: (leader: boolean) => void): Leadership | null {
  const storage = safeStorage();
  try {
    if (!globalThis.localStorage) return null;
  } catch {
    return null;
  }
  const key = `tl-leader:${name}`;
  const elect = () =>
    new LeaseElection({
      key,
      id: TAB_ID,
      storage,
      timers: defaultTimers,
      onChange,
    });
  let election = elect();
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) election.changed();
  };
  // a closing tab gives its lease up at once instead of letting it run out; a page brought back
  // from the back/forward cache stands again
  const onHide = () => election.close();
  const onShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    election = elect();
    election.start();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('pagehide', onHide);
  window.addEventListener('pageshow', onShow);
  election.start();
  return {
    get isLeader() {
      return election.isLeader;
    },
    handOver: () => election.handOver(),
    close() {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
      election.close();
    },
  };
}

/** The Web Lock (and the lease's storage key) the user's tabs hold in turn. */
export const pollLockName = (user: string): string => `tumblelog:poll:${user}`;

/** Joins the election for the user's poller; `onChange` hears this tab start and stop leading. */
export function electLeader(user: string, options: { alone: boolean }, onChange: (leader: boolean) => void): Leadership {
  if (!options.alone) {
    const locks = lockManager();
    const shared = locks ? webLockLeadership(locks, pollLockName(user), onChange) : leaseLeadership(pollLockName(user), onChange);
    if (shared) return shared;
  }
  let leading = true;
  onChange(true);
  return {
    get isLeader() {
      return leading;
    },
    handOver() {},
    close() {
      if (leading) onChange((leading = false));
    },
  };
}
