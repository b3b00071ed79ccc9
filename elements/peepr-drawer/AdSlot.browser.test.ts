/**
 * The drawer's ad slot against the demo's local ad network: a script that fails to load is tried
 * once a second up to 5 times, then `tl-ad-failure` fires and the slot goes; a script that loads
 * fills the slot after the second post, and an ad network with nothing to show removes the slot.
 * Its own file: the ad script loads once per page, and the failure has to come first.
 */
import { expect } from '@open-wc/testing';
import './index';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, mount, shadow, shadowAll } from '../../tests/helpers/dom';
import { dbRows, injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

type Host = HTMLElement & { ready: Promise<void> };

async function openBlog(blog: string): Promise<Host> {
  const host = mount<Host>('<peepr-drawer></peepr-drawer>');
  await host.ready;
  mount<HTMLAnchorElement>(`<a href="/blog/${blog}" data-peepr="${blog}">${blog}</a>`).click();
  await waitFor(() => shadowAll(host, 'article.post').length >= 3, { timeout: 8000 });
  return host;
}

describe('<peepr-drawer> ad slot', function () {
  this.timeout(60_000);
  const stop = (e: Event) => e.preventDefault();
  before(async () => {
    await resetServer();
    document.addEventListener('tl-navigate', stop);
  });
  after(() => document.removeEventListener('tl-navigate', stop));
  beforeEach(async () => {
    await setupSession('alice');
  });
  afterEach(() => cleanup());

  it('a script that never loads: 5 tries a second apart, then tl-ad-failure and the slot is removed', async () => {
    await injectFault('/assets/ads/peepr-ad.js', 500, 5);
    const failed = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('tl-ad-failure', (e) => resolve(e as CustomEvent), { once: true }),
    );
    const started = performance.now();
    const host = await openBlog('bob');
    expect(shadow(host, '[part="ad"]') !== null, 'the slot waits for the script').to.equal(true);
    const event = await Promise.race([
      failed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no tl-ad-failure')), 15_000)),
    ]);
    expect(event.detail).to.deep.equal({ slot: 'peepr-lrec', tries: 5 });
    // Four waits of a second between five tries.
    expect(performance.now() - started).to.be.at.least(3900);
    expect([...document.head.querySelectorAll('script[src*="peepr-ad.js"]')].length, 'failed scripts are removed').to.equal(0);
    await waitFor(() => shadow(host, '[part="ad"]') === null);
  });

  it('a script that loads fills the slot after the second post (positions 2, 12 …); axe clean', async () => {
    const host = await openBlog('long-archive');
    const slot = await waitFor(() => shadow(host, '[part="ad"] .demo-ad'), { message: 'no ad rendered', timeout: 8000 });
    expect(slot.textContent).to.contain('Sponsored');
    const rows = shadowAll(host, '.row');
    const adRow = rows.findIndex((r) => r.querySelector('[part="ad"]'));
    expect(rows.slice(0, adRow).filter((r) => r.querySelector('article.post')).length).to.equal(2);
    await axeCheck(host);
    // The ad shown went to the tracker.
    const tracked = await waitFor(async () => {
      const found = await dbRows<{ kind: string; event: string; data: string }>('tracking', { kind: 'ad' });
      return found.length ? found : null;
    });
    expect(tracked[0]).to.include({ event: 'impression' });
    expect(JSON.parse(tracked[0]!.data)).to.deep.equal({ slot: 'peepr-lrec', refresh: 0 });
  });

  it('the flag off: no ad slot', async () => {
    const session = await setupSession('alice');
    const { configure } = await import('../../src/session/session');
    configure({
      ...(session.bootstrap as object),
      flags: { ...(session.bootstrap.flags as object), lrec_on_blog_pages_peepr: false },
      formKey: session.formKey,
      apiBase: '',
    });
    const host = await openBlog('long-archive');
    expect(shadow(host, '[part="ad"]') === null).to.equal(true);
  });
});
