/**
 * Ads (messaging spec §4 "Ads", §8, §9 "Ads"): the numbers every ad slot runs by, the drawer's and
 * the page's sidebar unit alike. No DOM, no React.
 */
export const ADS = {
  refreshMs: 10000,
  maxRefreshes: 25,
  scriptRetryMs: 1000,
  scriptMaxTries: 5,
  width: 300,
  height: 250,
} as const;

/** Whether another ad refresh may run after `done` refreshes. */
export function mayRefreshAd(done: number): boolean {
  return done < ADS.maxRefreshes;
}
