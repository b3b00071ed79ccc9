import { describe, expect, it } from 'vitest';
import { Redelivery, REDELIVERY_BASE_MS, redeliveryDelay, type RedeliveryTimers } from './redelivery';

/** A hand-driven clock: advance() fires what is due, in order. */
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: RedeliveryTimers = {
    setTimeout: (fn, ms) => {
      const id = ++seq;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void due.delete(id as number),
    now: () => now,
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > end) break;
      now = next[1].at;
      due.delete(next[0]);
      next[1].fn();
      await Promise.resolve();
      await Promise.resolve();
    }
    now = end;
  };
  return { timers, advance, pendingTimers: () => due.size, clock: () => now };
}

/** A queue whose sends fail until `heal()`; records when each try ran. */
function flakyQueue(clock: () => number) {
  let unsent = 1;
  let healthy = false;
  const tries: number[] = [];
  return {
    tries,
    heal: () => void (healthy = true),
    add: () => void unsent++,
    pending: () => unsent > 0,
    retry: async () => {
      tries.push(clock());
      if (healthy) unsent = 0;
      else throw new Error('500');
    },
  };
}

describe('redelivery of unsent messages', () => {
  it('waits 2 s, 4 s, 8 s … capped at 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10, 99].map(redeliveryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000, 60000]);
  });

  it('retries on the back-off while something is unsent, and stops once it is delivered', async () => {
    const t = fakeTimers();
    const q = flakyQueue(t.clock);
    const r = new Redelivery({ retry: q.retry, pending: q.pending, online: () => true, timers: t.timers });
    r.check();
    await t.advance(2000 + 4000 + 8000 + 16000);
    expect(q.tries).toEqual([2000, 6000, 14000, 30000]);
    q.heal();
    await t.advance(32000);
    expect(q.tries.at(-1)).toBe(62000);
    expect(q.pending()).toBe(false);
    expect(r.scheduled).toBe(false);
    await t.advance(600000);
    expect(q.tries).toHaveLength(5);
  });

  it('online or visible again: tries at once and starts the back-off over', async () => {
    const t = fakeTimers();
    const q = flakyQueue(t.clock);
    const r = new Redelivery({ retry: q.retry, pending: q.pending, online: () => true, timers: t.timers });
    r.check();
    await t.advance(2000 + 4000 + 8000); // three tries: the next waits 16 s
    expect(r.attempts).toBe(3);
    r.nudge('visible');
    await t.advance(0);
    expect(q.tries.at(-1)).toBe(14000);
    expect(r.attempts).toBe(0);
    await t.advance(2000);
    expect(q.tries.at(-1)).toBe(16000); // 2 s again, not 16 s
  });

  it('a successful call tries at once but at most once per 2 s, and keeps the back-off', async () => {
    const t = fakeTimers();
    const q = flakyQueue(t.clock);
    const r = new Redelivery({ retry: q.retry, pending: q.pending, online: () => true, timers: t.timers });
    r.check();
    await t.advance(2000 + 4000); // two tries
    r.nudge('success');
    await t.advance(0);
    expect(q.tries).toEqual([2000, 6000]); // the last try was 0 ms ago
    await t.advance(REDELIVERY_BASE_MS);
    r.nudge('success');
    await t.advance(0);
    expect(q.tries).toEqual([2000, 6000, 8000]);
    expect(r.attempts).toBe(2);
  });

  it('offline: nothing is tried until the connection is back', async () => {
    const t = fakeTimers();
    const q = flakyQueue(t.clock);
    let online = false;
    const r = new Redelivery({ retry: q.retry, pending: q.pending, online: () => online, timers: t.timers });
    r.check();
    r.nudge('visible');
    await t.advance(120000);
    expect(q.tries).toEqual([]);
    online = true;
    q.heal();
    r.nudge('online');
    await t.advance(0);
    expect(q.tries).toEqual([120000]);
    expect(q.pending()).toBe(false);
  });

  it('nothing unsent: no timers at all; dispose stops what is scheduled', async () => {
    const t = fakeTimers();
    const q = flakyQueue(t.clock);
    q.heal();
    await q.retry();
    const r = new Redelivery({ retry: q.retry, pending: q.pending, online: () => true, timers: t.timers });
    r.check();
    r.nudge('online');
    expect(t.pendingTimers()).toBe(0);
    q.add();
    r.check();
    expect(r.scheduled).toBe(true);
    r.dispose();
    expect(t.pendingTimers()).toBe(0);
  });
});
