import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, throttle } from './timing';

describe('debounce', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  it('runs once, 250 ms after the last call, with the last value', () => {
    const seen: string[] = [];
    const d = debounce((v: string) => seen.push(v), 250);
    d('c');
    vi.advanceTimersByTime(200);
    d('ca');
    vi.advanceTimersByTime(200);
    d('cat');
    vi.advanceTimersByTime(249);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['cat']);
  });
  it('flush runs now, cancel drops', () => {
    const seen: number[] = [];
    const d = debounce((v: number) => seen.push(v), 250);
    d(1);
    d.flush();
    d(2);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([1]);
  });
});

describe('throttle', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs at once, then at most once per 100 ms with the latest value', () => {
    const seen: string[] = [];
    const t = throttle((v: string) => seen.push(v), 100);
    t('a');
    t('ab');
    t('abc');
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['a', 'abc']);
    vi.advanceTimersByTime(500);
    t('abcd');
    expect(seen).toEqual(['a', 'abc', 'abcd']);
  });

  it('cancel drops a pending call; flush runs it now', () => {
    const seen: number[] = [];
    const t = throttle((v: number) => seen.push(v), 100);
    t(1);
    t(2);
    t.cancel();
    vi.advanceTimersByTime(200);
    expect(seen).toEqual([1]);
    t(3);
    t(4);
    t.flush();
    expect(seen).toEqual([1, 3, 4]);
  });
});
