/**
 * The page's own ad boxes (the dashboard's sidebar unit, src/ads/page-boxes.ts) against the demo's
 * local ad network: a box the page marks is filled in the size the page reserved, named for
 * assistive technology, refreshed after 10 s, tracked; it is removed when the network has no ad,
 * and after 5 failed tries a second apart `tl-ad-failure` comes from the box first. A box that
 * leaves the page stops. The ad script loads once per page, so the failure comes first.
 */
import { expect } from '@open-wc/testing';
import '../core/runtime';
import { axeCheck } from '../../tests/helpers/axe';
import { captureConsole, cleanup, mount } from '../../tests/helpers/dom';
import { dbRows, injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

const SCRIPT = '/assets/ads/peepr-ad.js';

/** A box the way a page marks and reserves one. */
const adBox = (attributes = `data-ad-script="${SCRIPT}"`) =>
  mount<HTMLDivElement>(`<div class="sidebar_ad" data-tl-ad-slot="sidebar" ${attributes} style="width: 300px; height: 250px"></div>`);

interface Network {
  render(container: HTMLElement, options: { slot: string; refresh: number }): boolean;
}
const network = () => (window as { tumblelogAds?: Network }).tumblelogAds!;

async function tracked(): Promise<{ slot: string; refresh: number }[]> {
  const rows = await dbRows<{ event: string; data: string }>('tracking', { kind: 'ad', event: 'impression' });
  return rows.map((r) => JSON.parse(r.data) as { slot: string; refresh: number });
}

describe('the page’s own ad boxes (sidebar unit)', function () {
  this.timeout(60_000);
  before(async () => {
    await resetServer();
  });
  beforeEach(async () => {
    await setupSession('alice');
  });
  afterEach(() => cleanup());

  it('a script that never loads: 5 tries a second apart, then tl-ad-failure from the box, and the box is removed', async () => {
    await injectFault(SCRIPT, 500, 5);
    let heard: { event: CustomEvent; target: EventTarget | null; connected: boolean } | undefined;
    const listener = (event: Event) => {
      heard = { event: event as CustomEvent, target: event.target, connected: (event.target as Element).isConnected };
    };
    document.addEventListener('tl-ad-failure', listener);
    try {
      const started = performance.now();
      // An address no earlier page loaded: Firefox serves a script an earlier page of the same
      // browser loaded from its own cache (no-store notwithstanding), and then the first try never
      // reaches the server and its failure. The fault matches the path, whatever the query.
      const box = adBox(`data-ad-script="${SCRIPT}?never-loads"`);
      await waitFor(() => heard, { timeout: 15_000, message: 'no tl-ad-failure' });
      expect(heard!.event.detail).to.deep.equal({ slot: 'sidebar', tries: 5 });
      expect(heard!.target, 'dispatched on the box').to.equal(box);
      expect(heard!.connected, 'while the box is still on the page').to.equal(true);
      expect(heard!.event.bubbles && heard!.event.composed).to.equal(true);
      // Four waits of a second between five tries.
      expect(performance.now() - started).to.be.at.least(3900);
      expect(box.isConnected, 'the box is removed').to.equal(false);
      expect([...document.head.querySelectorAll(`script[src*="peepr-ad.js"]`)].length, 'failed scripts are removed').to.equal(0);
    } finally {
      document.removeEventListener('tl-ad-failure', listener);
    }
  });

  it('fills the box in the size the page reserved, names it "Advertisement", tracks it; axe clean', async () => {
    const box = adBox();
    const before = box.getBoundingClientRect();
    const ad = await waitFor(() => box.querySelector('.demo-ad'), { message: 'no ad rendered', timeout: 8000 });
    expect(ad.textContent).to.contain('Sponsored');
    const after = box.getBoundingClientRect();
    expect([after.width, after.height, after.top], 'the ad fills the reserved box, nothing moves').to.deep.equal([
      before.width,
      before.height,
      before.top,
    ]);
    expect([box.getAttribute('role'), box.getAttribute('aria-label')]).to.deep.equal(['region', 'Advertisement']);
    await axeCheck(box.parentElement!);
    const impressions = await waitFor(async () => {
      const found = (await tracked()).filter((t) => t.slot === 'sidebar');
      return found.length ? found : null;
    });
    expect(impressions[0]).to.deep.equal({ slot: 'sidebar', refresh: 0 });
  });

  it('refreshes after 10 s (tracked); a box that left the page stops', async () => {
    const kept = adBox();
    const leaving = adBox();
    await waitFor(() => kept.querySelector('.demo-ad') && leaving.querySelector('.demo-ad'), { timeout: 8000 });
    const rendered: HTMLElement[] = [];
    const net = network();
    const render = net.render.bind(net);
    net.render = (container, options) => {
      rendered.push(container);
      return render(container, options);
    };
    try {
      leaving.parentElement!.remove();
      await waitFor(() => kept.dataset.refreshes === '1', { timeout: 12_000, message: 'no refresh after 10 s' });
      expect(kept.querySelector('.demo-ad')).to.not.equal(null);
      expect(rendered.includes(leaving), 'the removed box is never refreshed').to.equal(false);
      await waitFor(async () => (await tracked()).some((t) => t.slot === 'sidebar' && t.refresh === 1), {
        message: 'the refresh was not tracked',
      });
    } finally {
      net.render = render;
    }
  });

  it('no ad to show: the box is removed, no failure', async () => {
    const net = network();
    const render = net.render;
    net.render = () => false;
    const failures: Event[] = [];
    const listener = (event: Event) => failures.push(event);
    document.addEventListener('tl-ad-failure', listener);
    try {
      const box = adBox();
      await waitFor(() => !box.isConnected, { message: 'the box stayed' });
      expect(failures).to.have.length(0);
    } finally {
      net.render = render;
      document.removeEventListener('tl-ad-failure', listener);
    }
  });

  it('keeps the name the page gave the box', async () => {
    const holder = mount(
      `<section><h3 id="sponsor-title">Sponsored</h3><div data-tl-ad-slot="sidebar" data-ad-script="${SCRIPT}" role="complementary" aria-labelledby="sponsor-title" style="width: 300px; height: 250px"></div></section>`,
    );
    const box = holder.querySelector<HTMLElement>('[data-tl-ad-slot]')!;
    await waitFor(() => box.querySelector('.demo-ad'), { timeout: 8000 });
    expect([box.getAttribute('role'), box.getAttribute('aria-label')]).to.deep.equal(['complementary', null]);
  });

  it('a box without a usable script address: one console error naming the attribute, and the box goes', async () => {
    const { calls, text } = await captureConsole('error', async () => {
      const box = adBox('data-ad-script="javascript:alert(1)"');
      await waitFor(() => !box.isConnected, { message: 'the box stayed' });
    });
    expect(calls.length).to.equal(1);
    expect(text).to.contain('data-ad-script');
  });
});
