// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadWhenIdle } from './preload-when-idle';

describe('preloadWhenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at the first idle moment 2 s after the page has loaded, and not at all once cancelled', () => {
    vi.useFakeTimers();
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const preload = vi.fn();
    preloadWhenIdle(preload);
    vi.advanceTimersByTime(1999);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(preload).not.toHaveBeenCalled();
    idle[0]!();
    expect(preload).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    preloadWhenIdle(cancelled)();
    vi.advanceTimersByTime(5000);
    expect(idle).toHaveLength(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('a page still loading: the 2 s count from its load event', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const preload = vi.fn();
    preloadWhenIdle(preload);
    vi.advanceTimersByTime(10_000);
    expect(preload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2000);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback (WebKit) it runs after the 2 s', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const preload = vi.fn();
    preloadWhenIdle(preload);
    vi.advanceTimersByTime(2000);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('never with Save-Data', () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const preload = vi.fn();
    preloadWhenIdle(preload);
    vi.advanceTimersByTime(60_000);
    expect(preload).not.toHaveBeenCalled();
  });
});
