import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_FLUSH_MS, LOG_MAX_PER_BEACON, LogBatcher, batches, beaconBody, makeRecord, type LogContext } from './log-batch';

const ctx: LogContext = { log_key: 'dash', uuid: 't:alice', rid: 'rid-1', env: { path: '/dashboard' } };

function setup(enabled = { on: true }, accept = () => true) {
  const sent: string[] = [];
  let now = 1_000_000;
  const batcher = new LogBatcher({
    enabled: () => enabled.on,
    send: (body) => {
      const ok = accept();
      if (ok) sent.push(body);
      return ok;
    },
    context: () => ctx,
    formKey: () => 'FK',
    now: () => now,
    startedAt: 1_000_000 - 250,
  });
  return { batcher, sent, tick: (ms: number) => (now += ms) };
}

describe('log records and beacon body', () => {
  it('has every field of the spec record', () => {
    const r = makeRecord('click', { target: 'explore' }, ctx, 5000, 4000);
    expect(Object.keys(r).sort()).toEqual(['data', 'elapsed', 'env', 'event', 'log_key', 'rid', 'ts', 'uuid']);
    expect(r).toMatchObject({
      log_key: 'dash',
      uuid: 't:alice',
      event: 'click',
      ts: 5000,
      rid: 'rid-1',
      elapsed: 1000,
      data: { target: 'explore' },
      env: { path: '/dashboard' },
    });
    expect(makeRecord('x', undefined, ctx, 1, 5).elapsed).toBe(0);
    expect(makeRecord('x', undefined, ctx, 1, 0).data).toEqual({});
  });
  it('puts the form key in the body (a beacon has no headers)', () => {
    const body = JSON.parse(beaconBody([makeRecord('a', {}, ctx, 1, 0)], 'KEY'));
    expect(body.form_key).toBe('KEY');
    expect(body.logs).toHaveLength(1);
    expect(body.logs[0].event).toBe('a');
  });
  it('splits long queues into beacon-sized batches', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
  });
});

describe('LogBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flushes 15 s after the first record, in one beacon, then waits for the next record', () => {
    const { batcher, sent, tick } = setup();
    batcher.add('click', { target: 'explore' });
    tick(1000);
    batcher.add('fast_compose', { type: 'photo' });
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]!);
    expect(body.form_key).toBe('FK');
    expect(body.logs.map((l: { event: string }) => l.event)).toEqual(['click', 'fast_compose']);
    expect(body.logs[0]).toMatchObject({
      log_key: 'dash',
      uuid: 't:alice',
      rid: 'rid-1',
      ts: 1_000_000,
      elapsed: 250,
      data: { target: 'explore' },
      env: { path: '/dashboard' },
    });
    expect(body.logs[1]).toMatchObject({ ts: 1_001_000, elapsed: 1250 });
    expect(batcher.pending).toHaveLength(0);
    vi.advanceTimersByTime(LOG_FLUSH_MS * 3);
    expect(sent).toHaveLength(1); // no empty beacons
    batcher.add('again');
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(sent).toHaveLength(2);
  });

  it('flush() (page hide) sends at once and cancels the timer', () => {
    const { batcher, sent } = setup();
    batcher.add('a');
    expect(batcher.flush()).toBe(1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(sent).toHaveLength(1);
    expect(batcher.flush()).toBe(0);
  });

  it('queues nothing while the log flag is off, and drops the queue if it goes off', () => {
    const flag = { on: false };
    const { batcher, sent } = setup(flag);
    expect(batcher.add('a')).toBeNull();
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(sent).toHaveLength(0);
    flag.on = true;
    batcher.add('b');
    flag.on = false;
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(sent).toHaveLength(0);
    expect(batcher.pending).toHaveLength(0);
  });

  it('sends more than one beacon for a long queue and keeps what the browser refused', () => {
    let accepted = 1;
    const { batcher, sent } = setup({ on: true }, () => accepted-- > 0);
    for (let i = 0; i < LOG_MAX_PER_BEACON + 5; i++) batcher.add(`e${i}`);
    expect(batcher.flush()).toBe(LOG_MAX_PER_BEACON);
    expect(sent).toHaveLength(1);
    expect(batcher.pending).toHaveLength(5);
    accepted = 10;
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]!).logs).toHaveLength(5);
  });

  it('ignores records without an event name', () => {
    const { batcher } = setup();
    expect(batcher.add('')).toBeNull();
    expect(batcher.pending).toHaveLength(0);
  });
});
