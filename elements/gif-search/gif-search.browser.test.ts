/**
 * <gif-search> against the in-process reference server (the generated GIF corpus): search with
 * debounce, loader, masonry results, keyboard grid navigation with wrap, cancelled requests never
 * rendering stale results, the sanitised server message and 'View results anyway', no-results
 * lines, the invalid response, Retry keeping the query, selection events, virtualisation, axe.
 */
import { expect } from '@open-wc/testing';
import './index';
import { gifCache } from './GifPanel';
import { sanitizeGifMessage } from './message';
import { GIF_NO_RESULTS_LINES, type GifMedia } from '../../src/models/gif-search';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, mount, shadow, shadowAll, typeInto } from '../../tests/helpers/dom';
import { injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { deferred, waitFor, waitForEvent } from '../../tests/helpers/wait';
import { trapXss, xssVectors } from '../../tests/helpers/xss';

type Host = HTMLElement & { ready: Promise<void>; open?: boolean };

const input = (host: Element) => shadow<HTMLInputElement>(host, 'input[role="combobox"]');
const grid = (host: Element) => shadow(host, '[role="grid"]');
const cells = (host: Element) => shadowAll(host, '[role="gridcell"]');
const activeCell = (host: Element) => shadow(host, '[role="gridcell"][aria-selected="true"]');

function key(el: Element, name: string) {
  el.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true, cancelable: true }));
}
async function settled(host: Element) {
  await waitFor(() => {
    const panel = shadow(host, '.gif');
    return panel !== null && panel.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
  });
}
async function openSearch(host: Host): Promise<HTMLInputElement> {
  await host.ready;
  shadow<HTMLButtonElement>(host, '[part="trigger"]')!.click();
  const box = await waitFor(() => input(host));
  await settled(host);
  return box;
}
async function search(host: Host, text: string): Promise<void> {
  const box = input(host) ?? (await openSearch(host));
  typeInto(box, text);
}
/** Requests the element made to inline_gif (their `q`), recorded by a fetch wrapper. */
function recordSearches(): { queries: string[]; restore: () => void } {
  const original = window.fetch;
  const queries: string[] = [];
  window.fetch = async (input, init) => {
    if (String(input).includes('/svc/search/inline_gif')) queries.push(new URLSearchParams(String(init?.body ?? '')).get('q') ?? '');
    return original(input, init);
  };
  return { queries, restore: () => void (window.fetch = original) };
}

describe('<gif-search>', () => {
  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
    gifCache.clear();
  });
  afterEach(() => cleanup());

  it('opens from its trigger with the focused "Find a GIF" box and suggestions', async () => {
    const host = mount<Host>('<gif-search></gif-search>');
    await host.ready;
    const trigger = shadow<HTMLButtonElement>(host, '[part="trigger"]')!;
    expect(trigger.getAttribute('aria-expanded')).to.equal('false');
    const opened = waitForEvent(host, 'tl-gif-search-open');
    const box = await openSearch(host);
    await opened;
    expect(box.placeholder).to.equal('Find a GIF');
    expect(deepActiveElement()).to.equal(box);
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    expect(shadow(host, '.suggestions')).to.exist;
    await axeCheck(host);
  });

  it('searches the lowercased, trimmed text once typing pauses, with a loader, and shows a masonry grid', async () => {
    const spy = recordSearches();
    try {
      const host = mount<Host>('<gif-search></gif-search>');
      await openSearch(host);
      await search(host, '  C');
      await search(host, '  CA');
      await search(host, '  CAT ');
      await waitFor(() => shadow(host, '[part="loading"]'), { message: 'no loader while searching' });
      await waitFor(() => cells(host).length > 0);
      expect(spy.queries).to.deep.equal(['cat']); // debounced: one request
      const g = grid(host)!;
      expect(g.getAttribute('aria-label')).to.equal('GIF results for cat');
      const count = Number(g.getAttribute('aria-rowcount'));
      expect(count).to.be.greaterThan(5);
      // masonry: columns of 150 px
      const xs = new Set(shadowAll(host, '[role="row"]').map((r) => r.style.transform.match(/translate\((\d+)px/)![1]));
      expect(xs.size).to.be.greaterThan(1);
      expect(cells(host)[0]!.getBoundingClientRect().width).to.equal(150);
      // tags: never gif/gifs, at most 3; attribution points at the short-link host
      for (const cell of cells(host)) {
        const tags = cell.querySelector('.tile__tags')?.textContent ?? '';
        expect(tags).to.not.match(/#gifs?\b/);
        expect(tags.split(' ').filter(Boolean).length).to.be.at.most(3);
        expect(cell.querySelector('a.tile__by')!.getAttribute('href')).to.match(/^https:\/\/tmblr\.co\/Z\w+$/);
      }
      await axeCheck(host);
    } finally {
      spy.restore();
    }
  });

  it('keyboard: Down/Up walk the grid and wrap around; Left/Right cross columns; Enter selects', async () => {
    const host = mount<Host>('<gif-search></gif-search>');
    const box = await openSearch(host);
    await search(host, 'dog');
    await waitFor(() => cells(host).length > 0);
    const total = Number(grid(host)!.getAttribute('aria-rowcount'));
    key(box, 'ArrowDown');
    const first = await waitFor(() => activeCell(host));
    expect(box.getAttribute('aria-activedescendant')).to.equal(first.id);
    const seen = new Set<string>([first.id]);
    for (let i = 1; i < total; i++) {
      key(box, 'ArrowDown');
      seen.add((await waitFor(() => (activeCell(host)?.id !== [...seen].at(-1) ? activeCell(host) : null))).id);
    }
    expect(seen.size).to.equal(total); // Down alone visits every result
    key(box, 'ArrowDown');
    await waitFor(() => activeCell(host)?.id === first.id); // … and wraps to the first
    key(box, 'ArrowUp');
    await waitFor(() => activeCell(host)?.id === [...seen].at(-1)); // Up wraps back to the last
    key(box, 'ArrowDown');
    await waitFor(() => activeCell(host)?.id === first.id);

    // Left/Right work in the grid (in the box they move the caret)
    const g = grid(host)!;
    g.focus();
    const column = (cell: Element) => (cell.parentElement as HTMLElement).style.transform.match(/translate\((\d+)px/)![1];
    const startColumn = column(activeCell(host)!);
    key(g, 'ArrowRight');
    await waitFor(() => column(activeCell(host)!) !== startColumn);
    key(g, 'ArrowLeft');
    await waitFor(() => column(activeCell(host)!) === startColumn);
    key(g, 'ArrowLeft'); // from the first column: wraps to the last
    await waitFor(() => column(activeCell(host)!) !== startColumn);
    expect(g.getAttribute('aria-activedescendant')).to.equal(activeCell(host)!.id);
    await axeCheck(host);

    const chosen = activeCell(host)!.querySelector('img')!.getAttribute('src');
    const selected = waitForEvent<CustomEvent<GifMedia>>(document, 'tl-gif-select');
    key(g, 'Enter');
    const event = await selected;
    expect(event.detail.mediaUrl).to.equal(chosen);
    expect(event.detail.postTags).to.be.an('array');
    expect(event.detail.width).to.equal(250);
    await waitFor(() => !shadow(host, '.gif'));
    await waitFor(() => deepActiveElement() === shadow(host, '[part="trigger"]'), { message: 'focus did not return to the trigger' });
  });

  it('Tab moves focus between the box and the results (both ways)', async () => {
    const host = mount<Host>('<gif-search></gif-search>');
    const box = await openSearch(host);
    await search(host, 'cat');
    await waitFor(() => cells(host).length > 0);
    box.focus();
    await sendKeys({ press: 'Tab' });
    await waitFor(() => deepActiveElement() === grid(host));
    await waitFor(() => activeCell(host)); // focusing the results activates the first
    await sendKeys({ press: 'Tab' });
    await waitFor(() => deepActiveElement() === input(host));
    key(input(host)!, 'ArrowDown'); // still navigable from the box
    await waitFor(() => input(host)!.getAttribute('aria-activedescendant') === activeCell(host)?.id);
    input(host)!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, composed: true, cancelable: true }),
    );
    await waitFor(() => deepActiveElement() === grid(host));
  });

  it('hovering a result makes it the active one; a click selects it', async () => {
    const host = mount<Host>('<gif-search></gif-search>');
    await openSearch(host);
    await search(host, 'cat');
    await waitFor(() => cells(host).length > 2);
    const third = cells(host)[2]!;
    third.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    third.dispatchEvent(new MouseEvent('mouseenter'));
    await waitFor(() => activeCell(host) === third);
    const selected = waitForEvent<CustomEvent<GifMedia>>(document, 'tl-gif-select');
    third.click();
    expect((await selected).detail.mediaUrl).to.equal(third.querySelector('img')!.getAttribute('src'));
  });

  it('with load-full, shows a loader on the result until the full image loaded, then emits', async () => {
    // Full images load through `new Image()`: hold their load until the test lets it go.
    const OriginalImage = window.Image;
    const release = deferred<void>();
    const loading: string[] = [];
    class HeldImage extends OriginalImage {
      constructor() {
        super();
        const img = this as HTMLImageElement;
        const setSrc = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!.set!;
        Object.defineProperty(img, 'src', {
          set(url: string) {
            loading.push(url);
            void release.promise.then(() => setSrc.call(img, url));
          },
        });
      }
    }
    window.Image = HeldImage as typeof Image;
    try {
      const host = mount<Host>('<gif-search load-full></gif-search>');
      await openSearch(host);
      await search(host, 'cake');
      await waitFor(() => cells(host).length > 1);
      let emitted = false;
      const selected = waitForEvent<CustomEvent<GifMedia>>(document, 'tl-gif-select');
      document.addEventListener('tl-gif-select', () => (emitted = true), { once: true });
      const cell = cells(host)[1]!;
      const url = cell.querySelector('img')!.getAttribute('src')!;
      cell.click();
      await waitFor(() => cell.getAttribute('aria-busy') === 'true');
      expect(cell.querySelector('[role="status"]')!.getAttribute('aria-label')).to.equal('Loading GIF');
      expect(loading).to.include(url);
      expect(emitted).to.equal(false);
      await axeCheck(host);
      release.resolve();
      expect((await selected).detail.mediaUrl).to.equal(url);
    } finally {
      window.Image = OriginalImage;
    }
  });

  it('a new query cancels the pending request; a late answer for the old query never renders', async () => {
    const original = window.fetch;
    const held = deferred<void>();
    const aborted: string[] = [];
    let lateRead = false;
    window.fetch = async (input, init) => {
      const q = new URLSearchParams(String(init?.body ?? '')).get('q');
      if (String(input).includes('/svc/search/inline_gif') && q === 'cat') {
        init?.signal?.addEventListener('abort', () => aborted.push('cat'));
        // Answer late, and ignore the abort: the element must still drop it.
        const { signal: _ignored, ...rest } = init ?? {};
        await held.promise;
        const response = await original(input, rest);
        const read = response.text.bind(response);
        response.text = async () => {
          const body = await read();
          lateRead = true;
          return body;
        };
        return response;
      }
      return original(input, init);
    };
    try {
      const host = mount<Host>('<gif-search></gif-search>');
      await openSearch(host);
      await search(host, 'cat');
      await waitFor(() => shadow(host, '[part="loading"]'));
      await search(host, 'pizza');
      await waitFor(() => cells(host).length > 0);
      expect(aborted).to.deep.equal(['cat']);
      const alts = () => cells(host).map((c) => c.querySelector('img')!.alt);
      expect(alts().every((a) => a.includes('pizza') || a.includes('food') || a.includes('cheese') || a.includes('hungry'))).to.equal(true);
      held.resolve();
      // the stale "cat" answer arrives now; once the client has read it, it must land in no cache and no grid
      await waitFor(() => lateRead, { message: 'the late answer was never read' });
      await waitFor(() => grid(host)?.getAttribute('aria-label') === 'GIF results for pizza');
      expect(gifCache.get('cat')).to.equal(undefined);
      expect(alts().some((a) => a.includes('cat'))).to.equal(false);
    } finally {
      window.fetch = original;
    }
  });

  it('a server message is sanitised; "View results anyway" reveals the results', async () => {
    const trap = trapXss();
    try {
      const host = mount<Host>('<gif-search></gif-search>');
      await openSearch(host);
      await search(host, 'xss');
      const message = await waitFor(() => shadow(host, '[part="message"]'));
      expect(message.querySelector('.message__header')!.textContent).to.equal('Careful  out there');
      expect(message.querySelectorAll('script, img, link, style, svg, iframe, form, input').length).to.equal(0);
      expect(
        [...message.querySelectorAll('*')].some((el) =>
          [...el.attributes].some((a) => a.name.startsWith('on') || /javascript:/i.test(a.value)),
        ),
      ).to.equal(false);
      const help = [...message.querySelectorAll('a')].find((a) => a.textContent === 'Help')!;
      expect(help.getAttribute('href')).to.equal('/help');
      expect(help.getAttribute('rel')).to.contain('noopener');
      expect(cells(host)).to.have.length(0); // hidden until asked for
      await axeCheck(host);
      const reveal = [...message.querySelectorAll('button')].find((b) => b.textContent === 'View results anyway')!;
      reveal.click();
      await waitFor(() => cells(host).length > 0);
      expect(trap.ran()).to.deep.equal([]);
      await axeCheck(host);
    } finally {
      trap.restore();
    }
  });

  it(`the message sanitiser leaves all ${xssVectors.length} DOMPurify vectors inert`, async () => {
    const trap = trapXss();
    const container = mount('<div></div>');
    const root = container.attachShadow({ mode: 'open' });
    try {
      for (const vector of xssVectors) {
        const holder = document.createElement('div');
        holder.innerHTML = sanitizeGifMessage(vector.payload) as string; // how the element renders it (TrustedHTML where supported)
        root.append(holder);
        expect(holder.querySelectorAll('script, link, img, svg, iframe, object, embed, style, form').length, vector.title).to.equal(0);
        expect(
          [...holder.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => a.name.startsWith('on'))),
          vector.title,
        ).to.equal(false);
      }
      await waitFor(() => root.childElementCount === xssVectors.length);
      expect(trap.ran()).to.deep.equal([]);
    } finally {
      trap.restore();
    }
  });

  it('no results: one of the nine lines', async () => {
    const host = mount<Host>('<gif-search></gif-search>');
    await openSearch(host);
    await search(host, 'qwertyuiop');
    const empty = await waitFor(() => shadow(host, '[part="empty"]'));
    expect(GIF_NO_RESULTS_LINES as readonly string[]).to.include(empty.textContent);
    await axeCheck(host);
  });

  it('an empty response says "Invalid GIF search response"; Retry keeps the query', async () => {
    const host = mount<Host>('<gif-search></gif-search>');
    const box = await openSearch(host);
    await search(host, 'void');
    const error = await waitFor(() => shadow(host, '[part="error"]'));
    expect(error.textContent).to.contain('Invalid GIF search response');
    await axeCheck(host);

    await search(host, 'Tea');
    await waitFor(() => cells(host).length > 0);
    gifCache.clear();
    await injectFault('/svc/search/inline_gif', 500, 1);
    await search(host, 'tea ');
    await search(host, 'bird');
    const failed = await waitFor(() => shadow(host, '[part="error"]'));
    expect(failed.textContent).to.contain("GIF search isn't working right now.");
    const retry = [...failed.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
    retry.click();
    await waitFor(() => cells(host).length > 0);
    expect(box.value).to.equal('bird');
    expect(grid(host)!.getAttribute('aria-label')).to.equal('GIF results for bird');
  });

  it('uses the per-query cache: the same query again makes no request', async () => {
    const spy = recordSearches();
    try {
      const host = mount<Host>('<gif-search></gif-search>');
      await openSearch(host);
      await search(host, 'snow');
      await waitFor(() => cells(host).length > 0);
      await search(host, 'rain');
      await waitFor(() => grid(host)?.getAttribute('aria-label') === 'GIF results for rain');
      await search(host, 'SNOW');
      await waitFor(() => grid(host)?.getAttribute('aria-label') === 'GIF results for snow');
      expect(spy.queries).to.deep.equal(['snow', 'rain']);
    } finally {
      spy.restore();
    }
  });

  it('200 results: only the tiles near the viewport are mounted, and scrolling mounts the rest', async () => {
    const original = window.fetch;
    window.fetch = async (input, init) => {
      if (String(input).includes('/svc/search/inline_gif')) {
        const media = Array.from({ length: 200 }, (_, i) => ({
          mediaUrl: `/assets/gif/g${String(i % 320).padStart(3, '0')}.gif`,
          postUrl: '/blog/bob',
          rootPostUrl: '/blog/bob',
          rootPostUrlHash: `Z${i}`,
          rootBlog: 'bob',
          rootBlogUrl: '/blog/bob',
          rootBlogKey: 'k',
          postTags: [`t${i}`],
          popularSearchTag: 'many',
          width: 250,
          height: 140 + (i % 9) * 20,
        }));
        return new Response(JSON.stringify({ meta: { status: 200 }, response: { media } }), { status: 200 });
      }
      return original(input, init);
    };
    try {
      const host = mount<Host>('<gif-search></gif-search>');
      await openSearch(host);
      await search(host, 'many');
      await waitFor(() => grid(host)?.getAttribute('aria-rowcount') === '200');
      await waitFor(() => grid(host)!.dataset.rendered === '200', { message: 'all batches rendered' });
      const mountedAtTop = cells(host).length;
      expect(mountedAtTop).to.be.greaterThan(3);
      expect(mountedAtTop).to.be.lessThan(60);
      const scroller = shadow(host, '[part="results"]')!;
      scroller.scrollTop = scroller.scrollHeight;
      scroller.dispatchEvent(new Event('scroll'));
      await waitFor(() => shadowAll(host, '[role="row"]').some((r) => r.getAttribute('aria-rowindex') === '200'));
      expect(cells(host).length).to.be.lessThan(60);
      expect(shadowAll(host, '[role="row"]').some((r) => r.getAttribute('aria-rowindex') === '1')).to.equal(false);
      // keyboard navigation reaches unmounted tiles: Home scrolls back up and mounts the first
      const g = grid(host)!;
      g.focus();
      key(g, 'Home');
      await waitFor(() => activeCell(host)?.parentElement?.getAttribute('aria-rowindex') === '1');
      // Scrolled away again, the active tile stays mounted: the grid's aria-activedescendant names an
      // element that exists, and the arrows move on from it.
      scroller.scrollTop = scroller.scrollHeight;
      scroller.dispatchEvent(new Event('scroll'));
      await waitFor(() => shadowAll(host, '[role="row"]').some((r) => r.getAttribute('aria-rowindex') === '200'));
      const activeId = g.getAttribute('aria-activedescendant') ?? '';
      expect(activeId !== '' && host.shadowRoot!.getElementById(activeId) !== null, 'the active tile is mounted').to.equal(true);
      expect(cells(host).length).to.be.lessThan(61);
      key(g, 'ArrowDown');
      await waitFor(() => activeCell(host) !== null && g.getAttribute('aria-activedescendant') !== activeId, {
        message: 'ArrowDown did not move',
      });
    } finally {
      window.fetch = original;
    }
  });

  it('anchor: a page button is the trigger; the `open` attribute opens it and Escape closes it', async () => {
    const wrapper = mount('<div><button id="pick-gif">Pick a GIF</button><gif-search anchor="pick-gif"></gif-search></div>');
    const host = wrapper.querySelector<Host>('gif-search')!;
    const button = wrapper.querySelector('button')!;
    await host.ready;
    expect(shadow(host, '[part="trigger"]')).to.equal(null);
    await waitFor(() => button.getAttribute('aria-haspopup') === 'dialog');
    button.click();
    await waitFor(() => input(host));
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    key(input(host)!, 'Escape');
    await waitFor(() => !shadow(host, '.gif'));
    expect(host.hasAttribute('open')).to.equal(false);
    await waitFor(() => deepActiveElement() === button);
    host.setAttribute('open', '');
    await waitFor(() => input(host));
  });
});
