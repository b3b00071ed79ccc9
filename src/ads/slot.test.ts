// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { runAdSlot, type AdSlotOptions } from './slot';
import { AdScriptError, type AdNetwork } from './script';
import { fakeClock, settle } from './fake-timers.test-helpers';

/** A network that fills the box, except on the refreshes listed in `empty`. */
function network(empty: number[] = []) {
  const calls: number[] = [];
  const net: AdNetwork = {
    render(container, { refresh }) {
      calls.push(refresh);
      if (empty.includes(refresh)) return false;
      container.replaceChildren(Object.assign(document.createElement('a'), { href: '/blog/tea', textContent: `ad ${refresh}` }));
      return true;
    },
  };
  return { net, calls };
}

function run(load: AdSlotOptions['load'], scriptUrl = '/assets/ads/peepr-ad.js') {
  const clock = fakeClock();
  const box = document.createElement('div');
  const seen: string[] = [];
  const tracked: { slot: string; refresh: number }[] = [];
  const dispose = runAdSlot(box, {
    slot: 'sidebar',
    scriptUrl,
    timers: clock.timers,
    load,
    track: (data) => tracked.push(data),
    onFailure: (detail) => seen.push(`failure ${JSON.stringify(detail)}`),
    onGone: () => seen.push('gone'),
  });
  return { clock, box, seen, tracked, dispose };
}

describe('an ad slot', () => {
  it('fills the box and sends the impression to the tracker', async () => {
    const { net } = network();
    const { box, seen, tracked } = run(() => Promise.resolve(net));
    await settle();
    expect(box.textContent).toBe('ad 0');
    expect(tracked).toEqual([{ slot: 'sidebar', refresh: 0 }]);
    expect(seen).toEqual([]);
  });

  it('refreshes every 10 s, each refresh tracked, and stops after 25', async () => {
    const { net, calls } = network();
    const { clock, box, tracked, seen } = run(() => Promise.resolve(net));
    await settle();
    await clock.advance(9_999);
    expect(calls).toEqual([0]);
    await clock.advance(1);
    expect(calls).toEqual([0, 1]);
    expect(box.dataset.refreshes).toBe('1');
    expect(tracked.at(-1)).toEqual({ slot: 'sidebar', refresh: 1 });
    await clock.advance(10_000 * 30);
    expect(calls).toHaveLength(26);
    expect(calls.at(-1)).toBe(25);
    expect(box.dataset.refreshes).toBe('25');
    expect(tracked).toHaveLength(26);
    expect(clock.pending).toBe(0);
    expect(seen).toEqual([]);
  });

  it('is gone when the network has no ad to show, and nothing is tracked or scheduled', async () => {
    const { net } = network([0]);
    const { clock, seen, tracked } = run(() => Promise.resolve(net));
    await settle();
    expect(seen).toEqual(['gone']);
    expect(tracked).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('is gone when render says yes but leaves the box empty, or throws', async () => {
    const empty = run(() => Promise.resolve({ render: () => true }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const throwing = run(() =>
      Promise.resolve({
        render: () => {
          throw new Error('ad server down');
        },
      }),
    );
    await settle();
    expect(empty.seen).toEqual(['gone']);
    expect(throwing.seen).toEqual(['gone']);
    expect(warn).toHaveBeenCalledOnce();
    expect([...empty.tracked, ...throwing.tracked]).toEqual([]);
  });

  it('is gone when a refresh has no ad', async () => {
    const { net, calls } = network([2]);
    const { clock, seen, tracked } = run(() => Promise.resolve(net));
    await settle();
    await clock.advance(60_000);
    expect(calls).toEqual([0, 1, 2]);
    expect(tracked.map((t) => t.refresh)).toEqual([0, 1]);
    expect(seen).toEqual(['gone']);
    expect(clock.pending).toBe(0);
  });

  it('a script that failed: the failure with its tries, then gone', async () => {
    const { seen } = run(() => Promise.reject(new AdScriptError('failed 5 times', 5)));
    await settle();
    expect(seen).toEqual(['failure {"slot":"sidebar","tries":5}', 'gone']);
  });

  it('an address that is neither same-origin nor https: gone at once, nothing loaded', () => {
    const load = vi.fn(() => new Promise<AdNetwork>(() => undefined));
    const { seen } = run(load, 'javascript:alert(1)');
    expect(seen).toEqual(['gone']);
    expect(load).not.toHaveBeenCalled();
  });

  it('disposed while the script loads: nothing renders, nobody is told', async () => {
    let loaded: (net: AdNetwork) => void = () => undefined;
    const { net, calls } = network();
    const { dispose, seen, clock } = run(() => new Promise<AdNetwork>((resolve) => (loaded = resolve)));
    dispose();
    loaded(net);
    await settle();
    expect(calls).toEqual([]);
    expect(seen).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('disposed after an ad showed: its refresh timer stops', async () => {
    const { net, calls } = network();
    const { dispose, clock, seen } = run(() => Promise.resolve(net));
    await settle();
    expect(clock.pending).toBe(1);
    dispose();
    expect(clock.pending).toBe(0);
    await clock.advance(60_000);
    expect(calls).toEqual([0]);
    expect(seen).toEqual([]);
  });
});
