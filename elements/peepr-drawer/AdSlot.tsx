/**
 * The drawer's ad slot (messaging spec §4 "Ads", §8, §9): a 300×250 box in the feed, run by the
 * shared slot runner (src/ads/slot.ts: the script loaded once per page with its retries, then
 * `tl-ad-failure`; no ad rendered removes the slot; a refresh every 10 s, at most 25; each ad shown
 * to the tracker). This wrapper gives it its place in the list and takes it out when it is over.
 */
import { useEffect, useRef, useState } from 'react';
import { ADS } from '../../src/ads/model';
import { runAdSlot, type AdFailure } from '../../src/ads/slot';

export function AdSlot({ ad, onFailure }: { ad: Record<string, unknown>; onFailure: (detail: AdFailure) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [gone, setGone] = useState(false);
  const slot = typeof ad.slot === 'string' ? ad.slot : 'peepr';
  const src = typeof ad.script_url === 'string' ? ad.script_url : '';
  const failure = useRef(onFailure);
  failure.current = onFailure;

  useEffect(() => {
    if (!ref.current) return;
    return runAdSlot(ref.current, {
      slot,
      scriptUrl: src,
      onFailure: (detail) => failure.current(detail),
      onGone: () => setGone(true),
    });
  }, [src, slot]);

  if (gone) return null;
  return (
    // An article of the feed (a feed holds articles only), named as what it is.
    <div className="ad" part="ad" role="article" aria-label="Advertisement">
      <div ref={ref} className="ad__box" style={{ width: `${ADS.width}px`, height: `${ADS.height}px` }} />
    </div>
  );
}
