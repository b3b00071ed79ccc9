// No leak when elements come and go (#24), at size: each of the eleven elements mounted, opened
// (its popover, dialog, drawer or menu) and removed CYCLES times on a blank page that loads
// dist/loader.js as alice, then the page idle for half a second and two forced GCs. Printed per
// element, before the cycles → after:
//   nodes       DOM nodes in the document and every open shadow root (what the page shows)
//   listeners   event listeners on what outlives an element: window, document, connected nodes,
//               channels and other non-node targets (addEventListener/removeEventListener wrapped
//               before any script runs, `once` and AbortSignal removal included)
//   intervals   setInterval timers still running
//   renderer    Chromium's own counts after GC (Memory.getDOMCounters): every DOM node of the
//               renderer, detached ones a page still holds included, and every JS listener
//   heap        used JS heap after GC (Runtime.getHeapUsage), MB
// The same counts are asserted in the suite, at 30 cycles in three engines (src/core/leak.browser.test.ts).
// Printed numbers only.
//   node tests/bench/leak.mjs        (after `npm run build`; also part of `npm run bench`)
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { scale } from './scale.mjs';

const CYCLES = scale(1000, 20);
const IDLE_MS = 500;
/** Cycles per page.evaluate. */
const CHUNK = 50;

/** Installed before any script of the page: counts what outlives elements (see the test for the reasoning). */
function installProbe() {
  const native = {
    add: EventTarget.prototype.addEventListener,
    remove: EventTarget.prototype.removeEventListener,
    setInterval: window.setInterval.bind(window),
    clearInterval: window.clearInterval.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    setTimeout: window.setTimeout.bind(window),
  };
  const registrations = new WeakMap();
  const targets = new Set();
  const seen = new WeakSet();
  const closed = new WeakSet();
  const intervals = new Set();
  const captureOf = (o) => (typeof o === 'boolean' ? o : Boolean(o?.capture));
  const forget = (target, key, listener, registration) => {
    const byListener = registrations.get(target)?.get(key);
    if (byListener?.get(listener) === registration) byListener.delete(listener);
  };
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    const target = this ?? window;
    if (!listener) return native.add.call(target, type, listener, options);
    const opts = typeof options === 'object' ? options : undefined;
    if (opts?.signal?.aborted) return;
    const key = `${type} ${captureOf(options)}`;
    let byKey = registrations.get(target);
    if (!byKey) registrations.set(target, (byKey = new Map()));
    let byListener = byKey.get(key);
    if (!byListener) byKey.set(key, (byListener = new Map()));
    if (byListener.get(listener)?.aborted === false) return;
    if (!seen.has(target)) {
      seen.add(target);
      targets.add(new WeakRef(target));
    }
    const registration = { registered: listener, aborted: false };
    if (opts?.once) {
      registration.registered = function (event) {
        forget(target, key, listener, registration);
        return typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
      };
    }
    byListener.set(listener, registration);
    if (opts?.signal) {
      // Weakly: a long-lived signal must not keep a removed node alive through the probe.
      const ref = new WeakRef(registration);
      native.add.call(opts.signal, 'abort', () => ref.deref() && (ref.deref().aborted = true), { once: true });
    }
    return native.add.call(target, type, registration.registered, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const target = this ?? window;
    if (listener) {
      const key = `${type} ${captureOf(options)}`;
      const registration = registrations.get(target)?.get(key)?.get(listener);
      if (registration) {
        forget(target, key, listener, registration);
        return native.remove.call(target, type, registration.registered, options);
      }
    }
    return native.remove.call(target, type, listener, options);
  };
  for (const Closable of [window.BroadcastChannel, window.MessagePort]) {
    const close = Closable.prototype.close;
    Closable.prototype.close = function () {
      closed.add(this);
      return close.call(this);
    };
  }
  window.setInterval = (...args) => {
    const id = native.setInterval(...args);
    intervals.add(id);
    return id;
  };
  window.clearInterval = (id) => {
    intervals.delete(id);
    native.clearInterval(id);
  };
  window.clearTimeout = (id) => {
    intervals.delete(id);
    native.clearTimeout(id);
  };

  const lasting = (t) => {
    if (t === window) return true;
    if (t instanceof Node) return t.isConnected;
    if (t instanceof AbortSignal || t instanceof XMLHttpRequestEventTarget || t instanceof FileReader || closed.has(t)) return false;
    return !((t instanceof EventSource && t.readyState === 2) || (t instanceof WebSocket && t.readyState === 3));
  };
  const countNodes = () => {
    let nodes = 0;
    const walk = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
      for (let n = walker.currentNode; n; n = walker.nextNode()) {
        nodes++;
        if (n.shadowRoot) walk(n.shadowRoot);
      }
    };
    walk(document);
    return nodes;
  };
  window.__leakProbe = {
    native,
    snapshot() {
      let listeners = 0;
      for (const ref of targets) {
        const t = ref.deref();
        if (!t) {
          targets.delete(ref);
          continue;
        }
        if (!lasting(t)) continue;
        for (const byListener of registrations.get(t)?.values() ?? []) {
          for (const [listener, registration] of byListener) if (registration.aborted) byListener.delete(listener);
          listeners += byListener.size;
        }
      }
      return { nodes: countNodes(), listeners, intervals: intervals.size };
    },
  };
}

/**
 * Runs in the page: `n` cycles of one element (mount, first render, main state, removal); resolves
 * to the seconds they took. Opens each element the way a page can: its trigger, an attribute, a
 * marked link, a post route link.
 */
function runCycles(tag, n, bobPostId, pageAddress) {
  const { native } = window.__leakProbe;
  const sleep = (ms) => new Promise((r) => native.setTimeout(r, ms));
  const waitFor = async (fn, what, timeout = 15_000) => {
    const end = performance.now() + timeout;
    for (;;) {
      const value = fn();
      if (value) return value;
      if (performance.now() > end) throw new Error(`<${tag}>: timed out waiting for ${what}`);
      await sleep(10);
    }
  };
  const inShadow = (host, selector) => host.shadowRoot?.querySelector(selector);
  const showing = (host, selector) => waitFor(() => inShadow(host, selector), selector);
  const click = async (host, selector) => (await showing(host, selector)).click();
  const subjects = {
    'activity-popover': {
      html: '<activity-popover></activity-popover>',
      async open(host) {
        await click(host, '[part="trigger"]');
        await waitFor(() => inShadow(host, '[part="row"]') ?? inShadow(host, '[part="empty"]'), 'rows');
      },
    },
    'ask-form': {
      html: '<ask-form blog-name="bob"></ask-form>',
      async open(host) {
        await click(host, '[part="trigger"]');
        await showing(host, 'dialog[open] textarea');
      },
    },
    'blog-card': {
      html: '<blog-card blog-name="bob"><a href="/blog/bob">bob</a></blog-card>',
      async open(host) {
        host.setAttribute('open', '');
        await showing(host, '.card .body button');
      },
    },
    'blog-header': {
      html: '<blog-header></blog-header>',
      async open(host) {
        await click(host, '[part~="activity-button"]');
        const panel = await showing(host, '[part~="activity"]');
        const inner = await waitFor(() => panel.querySelector('activity-popover'), 'its <activity-popover>');
        await waitFor(() => inner.shadowRoot?.firstChild, 'its <activity-popover> rendered');
      },
    },
    'fast-compose': {
      html: '<fast-compose open></fast-compose>',
      open: (host) => showing(host, 'dialog[open] [data-type="quote"]'),
    },
    'gif-search': {
      html: '<gif-search></gif-search>',
      async open(host) {
        await click(host, '[part="trigger"]');
        await showing(host, 'input[role="combobox"]');
      },
    },
    'messaging-dock': {
      html: '<messaging-dock></messaging-dock>',
      async open(host) {
        // The inbox's open state is the page's: a dock removed with it open leaves it open.
        const trigger = await showing(host, '[part="trigger"]');
        if (trigger.getAttribute('aria-expanded') !== 'true') trigger.click();
        await showing(host, '[part~="inbox-panel"]');
      },
    },
    'peepr-drawer': {
      html: '<peepr-drawer></peepr-drawer><a href="/blog/bob" data-peepr="bob">bob</a>',
      async open(host) {
        host.nextElementSibling.click();
        await showing(host, 'dialog[open] article.post');
      },
      // The drawer names itself in the address (?peepr=bob); the next drawer would open from it.
      after: () => history.replaceState(null, '', pageAddress),
    },
    'post-composer': {
      html: '<post-composer update-url="false"></post-composer><a href="/new/quote">quote</a>',
      async open(host) {
        host.nextElementSibling.click();
        await showing(host, 'form.post-form:not([inert])');
      },
    },
    'share-popover': {
      html: `<share-popover post-id="${bobPostId}" blog-name="bob"></share-popover>`,
      async open(host) {
        await click(host, '[part="trigger"]');
        await showing(host, '[part="options"]');
      },
    },
    'video-player': {
      html: '<video-player src="/assets/media/sd.mp4" post-id="7" blog-name="bob"></video-player>',
      async open(host) {
        await click(host, '[part~="playback-rate-button"]');
        await showing(host, '[part="playback-rate-menu"] [role="menu"]');
      },
    },
  };
  const subject = subjects[tag];
  return (async () => {
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      const container = document.createElement('div');
      container.innerHTML = subject.html;
      document.body.append(container);
      const host = container.firstElementChild;
      // `ready`, not the first node in the shadow root: a render in idle time is a React transition,
      // whose effects (the drawer's click listener) run a task after its commit.
      // `ready` is there once the tag is defined (the loader fetches its code on first sight).
      await waitFor(() => host.ready !== undefined, 'the element upgraded');
      let ready = false;
      host.ready.then(() => (ready = true));
      await waitFor(() => ready, '`ready` (a first render and its effects)');
      await subject.open(host);
      container.remove();
      // the component unmounts in the microtasks after the removal (src/core/define-widget.ts)
      await sleep(0);
      subject.after?.();
    }
    return (performance.now() - started) / 1000;
  })();
}

/** Runs in the page: waits until the probe's figures have not moved for `idleMs` (15 s at most); resolves to them. */
function settle(idleMs) {
  const { native, snapshot } = window.__leakProbe;
  const same = (a, b) => a.nodes === b.nodes && a.listeners === b.listeners && a.intervals === b.intervals;
  return (async () => {
    let last = snapshot();
    let quietSince = performance.now();
    const deadline = performance.now() + 15_000;
    while (performance.now() - quietSince < idleMs && performance.now() < deadline) {
      await new Promise((r) => native.setTimeout(r, 50));
      const now = snapshot();
      if (!same(now, last)) quietSince = performance.now();
      last = now;
    }
    return last;
  })();
}

/** `n` cycles in chunks (one page.evaluate each, well inside the DevTools protocol's timeout); the seconds they took. */
async function cycles(page, tag, n, ...args) {
  let seconds = 0;
  for (let done = 0; done < n; done += CHUNK) seconds += await page.evaluate(runCycles, tag, Math.min(CHUNK, n - done), ...args);
  return seconds;
}

/** After two full GCs: the renderer's DOM nodes and JS listeners, and the used JS heap. */
async function afterGc(cdp) {
  for (let i = 0; i < 2; i++) await cdp.send('HeapProfiler.collectGarbage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const heap = await cdp.send('Runtime.getHeapUsage');
  return { rendererNodes: counters.nodes, rendererListeners: counters.jsEventListeners, heapMb: heap.usedSize / 2 ** 20 };
}

/**
 * A blank same-origin page as alice: her session cookie, bootstrap and form key, and the loader
 * (the demo's CSP allows /dist scripts only). Read from the server here, so that the browser never
 * renders the dashboard itself (its nodes would sit in the renderer's counts).
 */
async function openBlankPage(browser, origin) {
  const login = await fetch(`${origin}/dashboard?as=alice`, { redirect: 'manual' });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('tl_session='));
  if (!cookie) throw new Error('/dashboard?as=alice set no tl_session cookie');
  const [name, value] = cookie.split(';')[0].split('=');
  const html = await (await fetch(`${origin}/dashboard`, { headers: { cookie: `${name}=${value}` } })).text();
  const bootstrap = /<script type="application\/json" id="tumblelog-bootstrap">[\s\S]*?<\/script>/.exec(html)?.[0];
  const formKey = /<meta name="tumblr-form-key"[^>]*>/.exec(html)?.[0];
  if (!bootstrap || !formKey) throw new Error("/dashboard has no bootstrap or form key: the bench page can't be alice's");
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.evaluateOnNewDocument(installProbe);
  await page.setCookie({ name, value, url: origin });
  await page.goto(`${origin}/__demo/faults`);
  // The loader defines each tag when it first meets it on the page: the warm-up cycles load them.
  await page.evaluate(
    (headHtml) =>
      new Promise((resolve, reject) => {
        document.documentElement.innerHTML = `<head><title>leak bench</title>${headHtml}</head><body></body>`;
        const script = document.createElement('script');
        script.type = 'module';
        script.src = '/dist/loader.js';
        script.onload = resolve;
        script.onerror = () => reject(new Error('/dist/loader.js did not load'));
        document.head.append(script);
      }),
    bootstrap + formKey,
  );
  return page;
}

const TAGS = [
  'activity-popover',
  'ask-form',
  'blog-card',
  'blog-header',
  'fast-compose',
  'gif-search',
  'messaging-dock',
  'peepr-drawer',
  'share-popover',
  'video-player',
  // Last: a removed form leaves the page's composer request open (as a page reload would not);
  // the drawer stays shut while it is, and the video player pauses for it.
  'post-composer',
];

export async function leakBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  const demo = await startDemo('leak');
  const browser = await launchChromium(['--enable-precise-memory-info']);
  try {
    // The first request makes the sample media.
    await fetch(`${demo.origin}/assets/media/sd.mp4`, { method: 'HEAD' });
    const { rows: posts } = await (await fetch(`${demo.origin}/__demo/state?table=posts&blog_name=bob`)).json();
    const bobPostId = String(posts[0].id);
    const page = await openBlankPage(browser, demo.origin);
    const cdp = await page.createCDPSession();
    const address = await page.evaluate(() => location.href);
    const rows = [];
    for (const tag of TAGS) {
      // Warm-up: the tag's code and what a page starts once for all its elements.
      await cycles(page, tag, 2, bobPostId, address);
      const before = { ...(await page.evaluate(settle, IDLE_MS)), ...(await afterGc(cdp)) };
      const seconds = await cycles(page, tag, CYCLES, bobPostId, address);
      const after = { ...(await page.evaluate(settle, IDLE_MS)), ...(await afterGc(cdp)) };
      rows.push({ tag, before, after, seconds });
    }
    return rows;
  } finally {
    await browser.close();
    demo.close();
  }
}

export function printLeak(rows) {
  console.log(
    `\nElements coming and going (Chromium, ${CYCLES} mount/open/remove cycles each, idle ${IDLE_MS} ms, then GC): before the cycles → after`,
  );
  const pair = (a, b, digits = 0) => `${a.toFixed(digits)} → ${b.toFixed(digits)}`;
  console.log(
    `  ${'element'.padEnd(18)} ${'nodes'.padStart(11)} ${'listeners'.padStart(11)} ${'intervals'.padStart(10)} ${'renderer nodes'.padStart(15)} ${'renderer listeners'.padStart(19)} ${'heap MB'.padStart(13)} ${'time'.padStart(7)}`,
  );
  for (const { tag, before: b, after: a, seconds } of rows) {
    console.log(
      `  ${tag.padEnd(18)} ${pair(b.nodes, a.nodes).padStart(11)} ${pair(b.listeners, a.listeners).padStart(11)} ${pair(b.intervals, a.intervals).padStart(10)} ${pair(b.rendererNodes, a.rendererNodes).padStart(15)} ${pair(b.rendererListeners, a.rendererListeners).padStart(19)} ${pair(b.heapMb, a.heapMb, 1).padStart(13)} ${`${seconds.toFixed(0)} s`.padStart(7)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printLeak(await leakBench());
