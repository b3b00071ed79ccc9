/**
 * One ad slot (messaging spec §4 "Ads", §8, §9), DOM only, no React: the drawer's slot
 * (elements/peepr-drawer/AdSlot.tsx) and the page's sidebar unit (./page-slot.ts) both run it.
 *
 * The network's script is loaded (./script.ts: once per page, retried once a second up to 5
 * tries; then `onFailure` and the slot is over). It fills the box; when it has no ad to show, the
 * slot is over (`onGone`: the caller removes the container). A shown ad refreshes every 10 s, at
 * most 25 times; a refresh with no ad ends the slot too. Every ad shown, the first and each
 * refresh, goes to the tracker (/svc/track).
 */
import { ADS, mayRefreshAd } from './model';
import { defaultAdTimers, loadAdNetwork, AdScriptError, type AdNetwork, type AdTimers } from './script';
import { safeLinkUrl } from '../models/urls';
import { sendTrackerEvent } from '../api/log';

export interface AdFailure {
  slot: string;
  tries: number;
}

export interface AdSlotOptions {
  /** The slot's name, passed to the network and the tracker (`peepr-lrec`, `sidebar`). */
  slot: string;
  /** The network's script: same-origin or https, anything else ends the slot at once. */
  scriptUrl: string;
  /** The script could not be loaded (after 5 tries); `onGone` follows. */
  onFailure(detail: AdFailure): void;
  /** The slot is over (nothing rendered, or the script failed): remove its container. Called once. */
  onGone(): void;
  timers?: AdTimers;
  load?: (src: string) => Promise<AdNetwork>;
  track?: (data: { slot: string; refresh: number }) => void;
}

const trackImpression = (data: { slot: string; refresh: number }) => void sendTrackerEvent('ad', 'impression', data);

/** Runs the slot in `box` until it is over or the returned dispose is called (which stops every timer). */
export function runAdSlot(box: HTMLElement, options: AdSlotOptions): () => void {
  const { slot, onFailure, onGone } = options;
  const timers = options.timers ?? defaultAdTimers;
  const track = options.track ?? trackImpression;
  let over = false;
  let timer: unknown;
  const end = () => {
    if (over) return;
    over = true;
    timers.clearTimeout(timer);
    onGone();
  };
  const src = safeLinkUrl(options.scriptUrl);
  if (!src) {
    end();
    return () => undefined;
  }

  const show = (net: AdNetwork, refresh: number): boolean => {
    let rendered = false;
    try {
      rendered = net.render(box, { slot, refresh }) === true && box.childElementCount > 0;
    } catch (error) {
      console.warn('[tumblelog] the ad script failed to render', error);
    }
    // The tracker counts every ad shown, the first and each refresh.
    if (rendered) track({ slot, refresh });
    return rendered;
  };

  (options.load ?? loadAdNetwork)(src).then(
    (net) => {
      if (over) return;
      if (!show(net, 0)) {
        end();
        return;
      }
      let refreshes = 0;
      const next = () => {
        if (!mayRefreshAd(refreshes)) return;
        timer = timers.setTimeout(() => {
          if (over) return;
          refreshes += 1;
          box.dataset.refreshes = String(refreshes);
          if (show(net, refreshes)) next();
          else end();
        }, ADS.refreshMs);
      };
      next();
    },
    (error: unknown) => {
      if (over) return;
      onFailure({ slot, tries: error instanceof AdScriptError ? error.tries : ADS.scriptMaxTries });
      end();
    },
  );

  return () => {
    // Disposed: nothing more happens, and nobody is told (the caller is the one leaving).
    over = true;
    timers.clearTimeout(timer);
  };
}
