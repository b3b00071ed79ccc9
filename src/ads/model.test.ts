import { describe, expect, it } from 'vitest';
import { ADS, mayRefreshAd } from './model';

describe('ads', () => {
  it('refreshes at most 25 times', () => {
    expect(mayRefreshAd(24)).toBe(true);
    expect(mayRefreshAd(25)).toBe(false);
  });
  it('the spec’s numbers: 10 s between refreshes, 300×250, the script tried once a second up to 5 times', () => {
    expect(ADS).toEqual({ refreshMs: 10000, maxRefreshes: 25, scriptRetryMs: 1000, scriptMaxTries: 5, width: 300, height: 250 });
  });
});
