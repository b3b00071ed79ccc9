/**
 * The ad network's script (messaging spec §8 "Ads", §9): loaded once per page for every slot that
 * names it; a failed load is tried again once a second, up to 5 tries in all. The script offers
 * `window.tumblelogAds.render(container, { slot, refresh })`, which fills the container and says
 * whether it had an ad to show.
 */
import { ADS } from './model';
import { trustedScriptUrl } from '../core/trusted-types';

export interface AdNetwork {
  render(container: HTMLElement, options: { slot: string; refresh: number }): boolean;
}

/** The timers the loader and the slots wait with; injected in unit tests. */
export interface AdTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** Looks the globals up at call time, so fake timers installed later are used. */
export const defaultAdTimers: AdTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** The script could not be loaded after `tries` tries, or loaded and offers no render(). */
export class AdScriptError extends Error {
  constructor(
    message: string,
    readonly tries: number,
  ) {
    super(message);
    this.name = 'AdScriptError';
  }
}

export interface AdScriptDeps {
  timers: AdTimers;
  /** Adds one script for `url`; `done(true)` once it ran, `done(false)` when it failed (and is gone). */
  append(url: string, done: (loaded: boolean) => void): void;
  /** The network the script set up, if it did. */
  network(): unknown;
}

const domDeps: AdScriptDeps = {
  timers: defaultAdTimers,
  append(url, done) {
    // Only an http(s) address, signed for a page that enforces Trusted Types.
    const src = trustedScriptUrl(url);
    if (!src) {
      done(false);
      return;
    }
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => done(true);
    script.onerror = () => {
      // A failed script stays out of the page: the next try adds its own.
      script.remove();
      done(false);
    };
    document.head.append(script);
  },
  network: () => (window as { tumblelogAds?: unknown }).tumblelogAds,
};

const isNetwork = (value: unknown): value is AdNetwork =>
  typeof value === 'object' && value !== null && typeof (value as { render?: unknown }).render === 'function';

/**
 * A loader with its own memory of what it loaded: each script address is loaded once, and every
 * slot asking for it shares the one load. A load that failed is forgotten, so a slot that comes
 * later tries afresh.
 */
export function adScriptLoader(deps: AdScriptDeps = domDeps): (src: string) => Promise<AdNetwork> {
  const loads = new Map<string, Promise<AdNetwork>>();
  return (src) => {
    let pending = loads.get(src);
    if (pending) return pending;
    pending = new Promise<AdNetwork>((resolve, reject) => {
      let tries = 0;
      const attempt = () => {
        tries += 1;
        // A new address per retry (unique to this load): a failed answer is never served again from
        // the browser's memory cache.
        const url = tries === 1 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${Date.now().toString(36)}-${tries}`;
        deps.append(url, (loaded) => {
          if (loaded) {
            const net = deps.network();
            if (isNetwork(net)) resolve(net);
            else reject(new AdScriptError('The ad script loaded but offers no render()', tries));
          } else if (tries >= ADS.scriptMaxTries) reject(new AdScriptError(`The ad script failed ${tries} times`, tries));
          else deps.timers.setTimeout(attempt, ADS.scriptRetryMs);
        });
      };
      attempt();
    });
    loads.set(src, pending);
    pending.catch(() => loads.delete(src));
    return pending;
  };
}

/** The page's one loader: every slot on the page, in any element or the page's own, shares it. */
export const loadAdNetwork = adScriptLoader();
