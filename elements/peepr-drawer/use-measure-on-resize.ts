/**
 * Measures now, and again a frame after any observed element resizes. The frame's wait matters: a
 * state change made inside the ResizeObserver callback resizes within the observer's own loop, which
 * Chromium and Firefox report as "ResizeObserver loop completed with undelivered notifications".
 */
import { useLayoutEffect, type DependencyList } from 'react';

export function useMeasureOnResize(targets: () => readonly Element[], measure: () => void, deps: DependencyList): void {
  useLayoutEffect(() => {
    measure();
    const observed = targets();
    if (observed.length === 0) return;
    let frame = 0;
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    for (const el of observed) ro.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
    // The caller names what re-subscribes (deps), as with useLayoutEffect itself.
  }, deps);
}
