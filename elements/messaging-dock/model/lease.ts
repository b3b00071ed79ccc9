/**
 * Leader election over localStorage, for browsers (or insecure pages) without Web Locks: the
 * leader holds a lease `{ id, until }` it renews every RENEW_MS; a tab that finds no lease, or one
 * past its time, claims it, reads it back a moment later and leads only if its own claim is the
 * one that stayed (the last writer wins). A tab that closes removes its lease, and a crashed one's
 * runs out within LEASE_MS, so another tab leads within one poll interval (15 s) either way.
 *
 * No DOM: storage and timers are injected, so tests drive it with fake timers and a Map.
 */

export const LEASE_MS = 6000;
export const RENEW_MS = 2000;
/** How long a claim waits before reading itself back. */
export const CONFIRM_MS = 60;

export interface LeaseStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): unknown;
  removeItem(key: string): void;
}

export interface LeaseTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

export interface LeaseOptions {
  key: string;
  id: string;
  storage: LeaseStorage;
  timers: LeaseTimers;
  onChange: (leader: boolean) => void;
}

interface Lease {
  id: string;
  until: number;
}

function readLease(storage: LeaseStorage, key: string): Lease | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, until } = parsed as Record<string, unknown>;
    return typeof id === 'string' && typeof until === 'number' && Number.isFinite(until) ? { id, until } : null;
  } catch {
    return null;
  }
}

export class LeaseElection {
  private leader = false;
  private timer: unknown = null;
  private closed = false;
  /** After a hand-over this tab leaves the lease to the others until then. */
  private yieldUntil = 0;

  constructor(private readonly options: LeaseOptions) {}

  get isLeader(): boolean {
    return this.leader;
  }

  start(): void {
    this.tick();
  }

  /** Another tab changed the lease (a `storage` event): a removed lease is claimed at once. */
  changed(): void {
    if (this.closed || this.leader) return;
    if (readLease(this.options.storage, this.options.key) === null) this.schedule(0);
  }

  /** Steps down and leaves the lease to another tab for one lease period (this tab is hidden). */
  handOver(): void {
    if (!this.leader || this.closed) return;
    this.yieldUntil = this.options.timers.now() + LEASE_MS;
    this.options.storage.removeItem(this.options.key);
    this.setLeader(false);
    this.schedule(RENEW_MS);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clear();
    if (readLease(this.options.storage, this.options.key)?.id === this.options.id) this.options.storage.removeItem(this.options.key);
    this.setLeader(false);
  }

  private tick(): void {
    if (this.closed) return;
    const { storage, key, id, timers } = this.options;
    const now = timers.now();
    const lease = readLease(storage, key);
    if (this.leader) {
      if (lease && lease.id !== id && lease.until > now) {
        this.setLeader(false); // another tab claimed it meanwhile: two leaders never poll for long
      } else {
        storage.setItem(key, JSON.stringify({ id, until: now + LEASE_MS }));
      }
      this.schedule(RENEW_MS);
      return;
    }
    const free = !lease || lease.until <= now || lease.id === id;
    if (!free || now < this.yieldUntil) {
      this.schedule(RENEW_MS);
      return;
    }
    storage.setItem(key, JSON.stringify({ id, until: now + LEASE_MS }));
    this.timer = timers.setTimeout(() => {
      this.timer = null;
      if (this.closed) return;
      if (readLease(storage, key)?.id === id) this.setLeader(true);
      this.schedule(RENEW_MS);
    }, CONFIRM_MS);
  }

  private schedule(ms: number): void {
    this.clear();
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = null;
      this.tick();
    }, ms);
  }

  private clear(): void {
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private setLeader(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    this.options.onChange(leader);
  }
}
