import { describe, expect, it } from 'vitest';
import { adScriptLoader, AdScriptError, type AdScriptDeps } from './script';
import { fakeClock, settle } from './fake-timers.test-helpers';

/** A page whose script loads fail `failures` times, then set up `network`. */
function page(failures: number, network: unknown = { render: () => true }) {
  const clock = fakeClock();
  const appended: { url: string; at: number }[] = [];
  let loaded: unknown;
  const deps: AdScriptDeps = {
    timers: clock.timers,
    append(url, done) {
      appended.push({ url, at: clock.now });
      const ok = appended.length > failures;
      if (ok) loaded = network;
      queueMicrotask(() => done(ok));
    },
    network: () => loaded,
  };
  return { clock, appended, load: adScriptLoader(deps) };
}

describe('the ad script loader', () => {
  it('loads a script once for every slot that asks for it', async () => {
    const { appended, load } = page(0);
    const first = load('/ads.js');
    const second = load('/ads.js');
    expect(second).toBe(first);
    await expect(first).resolves.toHaveProperty('render');
    await load('/ads.js');
    expect(appended).toHaveLength(1);
  });

  it('tries a failed load again once a second, each retry at an address of its own', async () => {
    const { clock, appended, load } = page(2);
    const loading = load('/ads.js?v=1');
    await settle();
    expect(appended).toHaveLength(1);
    await clock.advance(999);
    expect(appended).toHaveLength(1);
    await clock.advance(1);
    expect(appended).toHaveLength(2);
    await clock.advance(1000);
    await expect(loading).resolves.toHaveProperty('render');
    expect(appended.map((a) => a.at)).toEqual([0, 1000, 2000]);
    expect(appended[0]!.url).toBe('/ads.js?v=1');
    expect(appended[1]!.url).toMatch(/^\/ads\.js\?v=1&retry=[a-z0-9]+-2$/);
    expect(appended[2]!.url).toMatch(/&retry=[a-z0-9]+-3$/);
    expect(clock.pending).toBe(0);
  });

  it('gives up after 5 tries, and forgets the failure: a later slot tries afresh', async () => {
    const { clock, appended, load } = page(5);
    const loading = load('/ads.js');
    const failed = loading.catch((error: unknown) => error);
    await settle();
    await clock.advance(10_000);
    const error = await failed;
    expect(error).toBeInstanceOf(AdScriptError);
    expect((error as AdScriptError).tries).toBe(5);
    expect(appended.map((a) => a.at)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(clock.pending).toBe(0);
    // The sixth load succeeds: a new slot asking now gets a network.
    await expect(load('/ads.js')).resolves.toHaveProperty('render');
    expect(appended).toHaveLength(6);
  });

  it('a script that loads but sets up no network is a failure at once, no retry', async () => {
    const { clock, appended, load } = page(0, { render: 'not a function' });
    const error = await load('/ads.js').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdScriptError);
    expect((error as AdScriptError).tries).toBe(1);
    expect(appended).toHaveLength(1);
    expect(clock.pending).toBe(0);
  });
});
