import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_MS, LEASE_MS, LeaseElection, RENEW_MS, type LeaseTimers } from './lease';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

/** localStorage as a Map, shared by the tabs of one test. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

/** Timers that a "crashed" tab stops running, without any goodbye. */
function tabTimers() {
  let dead = false;
  const timers: LeaseTimers = {
    setTimeout: (fn, ms) => setTimeout(() => dead || fn(), ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  };
  return { timers, crash: () => (dead = true) };
}

function tabs(n: number) {
  const storage = memoryStorage();
  return Array.from({ length: n }, (_, i) => {
    const { timers, crash } = tabTimers();
    const changes: boolean[] = [];
    const election = new LeaseElection({ key: 'tl-leader:alice', id: `tab${i}`, storage, timers, onChange: (l) => changes.push(l) });
    return { election, changes, crash, storage };
  });
}

const leaders = (list: { election: LeaseElection }[]) => list.filter((t) => t.election.isLeader).length;

describe('LeaseElection', () => {
  it('elects exactly one of three tabs started together, and keeps it', () => {
    const all = tabs(3);
    for (const t of all) t.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    expect(leaders(all)).toBe(1);
    vi.advanceTimersByTime(LEASE_MS * 10);
    expect(leaders(all)).toBe(1);
    // the same tab all along: nobody changed their mind
    expect(all.map((t) => t.changes)).toEqual(all.map((t) => (t.election.isLeader ? [true] : [])));
  });

  it('a leader that closes hands over within one renewal', () => {
    const all = tabs(2);
    all[0]!.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    all[1]!.election.start();
    vi.advanceTimersByTime(RENEW_MS);
    expect([all[0]!.election.isLeader, all[1]!.election.isLeader]).toEqual([true, false]);
    all[0]!.election.close();
    expect(all[0]!.changes).toEqual([true, false]);
    vi.advanceTimersByTime(RENEW_MS + CONFIRM_MS + 1);
    expect(all[1]!.election.isLeader).toBe(true);
  });

  it('a removed lease is claimed at once when the storage event says so', () => {
    const all = tabs(2);
    all[0]!.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    all[1]!.election.start();
    all[0]!.election.close();
    all[1]!.election.changed();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    expect(all[1]!.election.isLeader).toBe(true);
  });

  it('a crashed leader is replaced once its lease runs out (well within a 15 s poll interval)', () => {
    const all = tabs(2);
    all[0]!.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    all[1]!.election.start();
    vi.advanceTimersByTime(RENEW_MS * 3);
    expect(all[1]!.election.isLeader).toBe(false);
    all[0]!.crash();
    const crashedAt = Date.now();
    while (!all[1]!.election.isLeader && Date.now() - crashedAt < 15_000) vi.advanceTimersByTime(100);
    expect(all[1]!.election.isLeader).toBe(true);
    expect(Date.now() - crashedAt).toBeLessThanOrEqual(LEASE_MS + RENEW_MS + CONFIRM_MS + 100);
  });

  it('hands over to another tab, and leads again only if no other tab takes it', () => {
    const all = tabs(2);
    all[0]!.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    all[1]!.election.start();
    all[0]!.election.handOver();
    expect(all[0]!.election.isLeader).toBe(false);
    vi.advanceTimersByTime(RENEW_MS + CONFIRM_MS + 1);
    expect([all[0]!.election.isLeader, all[1]!.election.isLeader]).toEqual([false, true]);

    const alone = tabs(1)[0]!;
    alone.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    alone.election.handOver();
    vi.advanceTimersByTime(LEASE_MS + RENEW_MS * 2);
    expect(alone.election.isLeader).toBe(true);
  });

  it('a tab that finds another claim over its own steps down (two leaders never last)', () => {
    const all = tabs(1);
    const t = all[0]!;
    t.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    t.storage.setItem('tl-leader:alice', JSON.stringify({ id: 'intruder', until: Date.now() + LEASE_MS }));
    vi.advanceTimersByTime(RENEW_MS);
    expect(t.election.isLeader).toBe(false);
  });

  it('a broken lease in storage counts as none', () => {
    const all = tabs(1);
    all[0]!.storage.setItem('tl-leader:alice', '{not json');
    all[0]!.election.start();
    vi.advanceTimersByTime(CONFIRM_MS + 1);
    expect(all[0]!.election.isLeader).toBe(true);
  });
});
