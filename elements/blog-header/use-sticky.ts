/**
 * The mobile header's sticky behaviour (messaging spec §2 Mobile header), shared by the mobile
 * header and the help-docs shell: the steps are in model/rules.ts, this hook runs them on scroll.
 */
import { useEffect, useState } from 'react';
import { STICKY_DELAY_MS, STICKY_INITIAL, stickyScroll, stickyTimerFired, type StickyState } from './model/rules';

/** Sticky after 45 px (500 ms delay); while sticky, scrolling down slides it away and up brings it back. */
export function useSticky(): StickyState {
  const [state, setState] = useState<StickyState>(STICKY_INITIAL);
  useEffect(() => {
    let current = stickyScroll(STICKY_INITIAL, window.scrollY);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (next: StickyState) => {
      current = next;
      setState(next);
      if (next.pending && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          apply(stickyTimerFired(current));
        }, STICKY_DELAY_MS);
      } else if (!next.pending && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
    apply(current);
    const onScroll = () => apply(stickyScroll(current, window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);
  return state;
}
