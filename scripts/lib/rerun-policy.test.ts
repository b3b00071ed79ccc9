/**
 * The browser stage's rerun rule (scripts/lib/rerun-policy.mjs): a file the browser failed to
 * finish runs once more in a fresh browser, a failed assertion never runs again, and a file that
 * never began runs again with nothing held against it.
 */
import { describe, expect, it } from 'vitest';
import { afterBrowserRun, type BrowserRun } from './rerun-policy.mjs';
import type { FileResult } from './wtr-progress.mjs';

const result = (file: string, outcome: FileResult['outcome'], error = ''): FileResult => ({
  file,
  outcome,
  passed: outcome === 'passed' ? 3 : 1,
  failed: outcome === 'passed' ? 0 : 1,
  skipped: 0,
  ms: 100,
  failures: outcome === 'failed' ? [{ test: 'a › b', error }] : [],
  errors: outcome === 'interrupted' ? [error] : [],
});
const run = (over: Partial<BrowserRun>): BrowserRun => ({
  results: new Map(),
  begun: new Set(),
  anyProgress: true,
  stalled: false,
  silentMs: 0,
  code: 0,
  signal: null,
  ...over,
});

describe('after a browser run', () => {
  it('keeps passed and failed results; a failed assertion does not run again', () => {
    const strikes = new Map<string, number>();
    const next = afterBrowserRun({
      pending: ['a', 'b'],
      run: run({
        results: new Map([
          ['a', result('a', 'passed')],
          ['b', result('b', 'failed', 'expected 1 to equal 2')],
        ]),
      }),
      strikes,
      stallMs: 180_000,
    });
    expect([...next.done.keys()]).toEqual(['a', 'b']);
    expect(next.done.get('b')!.outcome).toBe('failed');
    expect(next.again).toEqual([]);
    expect(next.reruns).toEqual([]);
  });

  it('runs a file the browser dropped once more, and counts it failed the second time', () => {
    const strikes = new Map<string, number>();
    const dropped = run({
      results: new Map([['a', result('a', 'interrupted', 'Tests were interrupted because the browser disconnected.')]]),
    });
    const first = afterBrowserRun({ pending: ['a'], run: dropped, strikes, stallMs: 180_000 });
    expect(first.again).toEqual(['a']);
    expect(first.reruns).toEqual([{ file: 'a', why: 'Tests were interrupted because the browser disconnected.' }]);
    expect(first.done.size).toBe(0);
    const second = afterBrowserRun({ pending: ['a'], run: dropped, strikes, stallMs: 180_000 });
    expect(second.again).toEqual([]);
    expect(second.done.get('a')!.outcome).toBe('failed');
    expect(second.done.get('a')!.errors[0]).toMatch(/failed to finish this file twice/);
  });

  it('a stall strikes the file that had begun; the files after it run again with nothing held against them', () => {
    const strikes = new Map<string, number>();
    const next = afterBrowserRun({
      pending: ['a', 'b', 'c'],
      run: run({
        results: new Map([['a', result('a', 'passed')]]),
        begun: new Set(['a', 'b']),
        stalled: true,
        silentMs: 180_400,
        code: null,
        signal: 'SIGTERM',
      }),
      strikes,
      stallMs: 180_000,
    });
    expect(next.again).toEqual(['b', 'c']);
    expect(next.reruns).toEqual([{ file: 'b', why: 'stalled: no test finished for 180 s' }]);
    expect(strikes).toEqual(new Map([['b', 1]]));
  });

  it('a run that reported nothing fails every file at once rather than looping', () => {
    const next = afterBrowserRun({ pending: ['a', 'b'], run: run({ anyProgress: false, code: 1 }), strikes: new Map(), stallMs: 180_000 });
    expect(next.again).toEqual([]);
    expect([...next.done.values()].map((r) => r.errors[0])).toEqual([
      'the test runner exited (1) before any test ran',
      'the test runner exited (1) before any test ran',
    ]);
  });
});
