/**
 * The ad slot (messaging spec §4 "Ads", §8, §9): a 300×250 box filled by the ad network's script.
 * The script is loaded once per page; a failed load is tried again once a second, up to 5 times,
 * then the slot fires `tl-ad-failure` and goes. When no ad renders, the slot goes too. A shown ad
 * refreshes every 10 s, at most 25 times. Each ad shown goes to the tracker (/svc/track).
 */
import { useEffect, useRef, useState } from 'react';
import { ADS, mayRefreshAd } from './model/rules';
import { safeLinkUrl } from '../../src/models/urls';
import { sendTrackerEvent } from '../../src/api/log';

interface AdNetwork {
  render(container: HTMLElement, options: { slot: string; refresh: number }): boolean;
}

const networks = new Map<string, Promise<AdNetwork>>();

/** Loads the ad script (same-origin or https only), retrying once a second up to 5 tries. */
function loadNetwork(src: string, onTry: (tries: number) => void): Promise<AdNetwork> {
  let pending = networks.get(src);
  if (pending) return pending;
  pending = new Promise<AdNetwork>((resolve, reject) => {
    let tries = 0;
    const attempt = () => {
      tries += 1;
      onTry(tries);
      const script = document.createElement('script');
      // A new address per retry (unique to this load): a failed answer is never served again from
      // the browser's memory cache.
      script.src = tries === 1 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${Date.now().toString(36)}-${tries}`;
      script.async = true;
      script.onload = () => {
        const net = (window as { tumblelogAds?: AdNetwork }).tumblelogAds;
        if (net && typeof net.render === 'function') resolve(net);
        else reject(new Error('The ad script loaded but offers no render()'));
      };
      script.onerror = () => {
        script.remove();
        if (tries >= ADS.scriptMaxTries) reject(new Error(`The ad script failed ${tries} times`));
        else setTimeout(attempt, ADS.scriptRetryMs);
      };
      document.head.append(script);
    };
    attempt();
  });
  networks.set(src, pending);
  pending.catch(() => networks.delete(src));
  return pending;
}

export function AdSlot({ ad, onFailure }: { ad: Record<string, unknown>; onFailure: (detail: { slot: string; tries: number }) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [gone, setGone] = useState(false);
  const slot = typeof ad.slot === 'string' ? ad.slot : 'peepr';
  const src = typeof ad.script_url === 'string' ? safeLinkUrl(ad.script_url) : undefined;
  const failure = useRef(onFailure);
  failure.current = onFailure;

  useEffect(() => {
    if (!src) {
      setGone(true);
      return;
    }
    let cancelled = false;
    let tries = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    loadNetwork(src, (n) => (tries = n)).then(
      (net) => {
        if (cancelled || !ref.current) return;
        const box = ref.current;
        const show = (refresh: number) => {
          let rendered = false;
          try {
            rendered = net.render(box, { slot, refresh }) === true && box.childElementCount > 0;
          } catch (error) {
            console.warn('[tumblelog] the ad script failed to render', error);
          }
          // The tracker counts every ad shown, the first and each refresh.
          if (rendered) sendTrackerEvent('ad', 'impression', { slot, refresh });
          return rendered;
        };
        if (!show(0)) {
          setGone(true);
          return;
        }
        let refreshes = 0;
        timer = setInterval(() => {
          if (!mayRefreshAd(refreshes)) {
            clearInterval(timer);
            return;
          }
          refreshes += 1;
          box.dataset.refreshes = String(refreshes);
          if (!show(refreshes)) {
            clearInterval(timer);
            setGone(true);
          }
        }, ADS.refreshMs);
      },
      () => {
        if (cancelled) return;
        setGone(true);
        failure.current({ slot, tries: Math.max(tries, ADS.scriptMaxTries) });
      },
    );
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [src, slot]);

  if (gone) return null;
  return (
    // An article of the feed (a feed holds articles only), named as what it is.
    <div className="ad" part="ad" role="article" aria-label="Advertisement">
      <div ref={ref} className="ad__box" style={{ width: `${ADS.width}px`, height: `${ADS.height}px` }} />
    </div>
  );
}
