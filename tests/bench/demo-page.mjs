// What the stages that load demo pages under CPU throttling share (inp.mjs, load-tasks.mjs): a
// page recorder installed before any of the page's scripts (long tasks, long animation frames with
// the scripts that ran in them, Event Timing entries of interactions), the throttling, and two
// waits on state: every SDK element on the page upgraded and rendered, then a quiet main thread.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { scale } from './scale.mjs';

/**
 * 4× slower CPU: a mid-range phone, as cls.mjs and Lighthouse's mobile preset. None in a smoke run
 * (its numbers mean nothing, and throttled pages load four times slower: `npm test` waits for it).
 */
export const THROTTLE = scale(4, 1);
/** The Event Timing threshold: the smallest the API allows (shorter events are never reported). */
export const EVENT_THRESHOLD_MS = 16;

let tags;
/** The SDK's tags, from src/elements.ts (the one place that names them). */
export async function sdkTags() {
  if (!tags) {
    const { tsImport } = await import('tsx/esm/api');
    ({ TAGS: tags } = await tsImport(pathToFileURL(resolve('src/elements.ts')).href, import.meta.url));
  }
  return tags;
}

/**
 * Runs in the page before its own scripts: keeps every long task, every long animation frame
 * (with the scripts that ran in it: the cheap way to say whose code a long task was), and every
 * Event Timing entry that belongs to an interaction (interactionId > 0) in `window.__bench`.
 */
function recorder(threshold) {
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return '';
    const root = node.getRootNode();
    const host = root instanceof ShadowRoot ? `${root.host.localName} › ` : '';
    return `${host}${node.localName}${node.getAttribute('part') ? `[part=${node.getAttribute('part')}]` : ''}${node.classList.length ? `.${node.classList[0]}` : ''}`;
  };
  const bench = (window.__bench = { longTasks: [], frames: [], events: [] });
  const keep = {
    longtask: (e) => bench.longTasks.push({ start: e.startTime, duration: e.duration }),
    'long-animation-frame': (e) =>
      bench.frames.push({
        start: e.startTime,
        duration: e.duration,
        blocking: e.blockingDuration,
        scripts: e.scripts.map((s) => ({
          url: s.sourceURL,
          fn: s.sourceFunctionName,
          invoker: s.invoker,
          type: s.invokerType,
          duration: s.duration,
          start: s.startTime,
        })),
      }),
    event: (e) => {
      if (e.interactionId > 0)
        bench.events.push({
          id: e.interactionId,
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
          target: describe(e.target),
        });
    },
  };
  const observers = Object.entries(keep).map(([type, push]) => {
    const po = new PerformanceObserver((list) => list.getEntries().forEach(push));
    po.observe({ type, buffered: true, ...(type === 'event' ? { durationThreshold: threshold } : {}) });
    return [po, push];
  });
  // Entries waiting for the observers' callback (a low-priority task) are taken at once.
  bench.flush = () => observers.forEach(([po, push]) => po.takeRecords().forEach(push));
}

/** A page of `context` with the recorder installed and the CPU throttled. */
export async function instrumentedPage(context, { mobile = false } = {}) {
  const page = await context.newPage();
  // as cls.mjs: the mobile dashboard is the demo's ?mobile=1 page at a phone's width
  await page.setViewport({ width: mobile ? 390 : 1280, height: 900 });
  await page.evaluateOnNewDocument(recorder, EVENT_THRESHOLD_MS);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return page;
}

/** Every SDK tag on the page defined, and every instance's first render done (`ready`). */
export async function elementsUpgraded(page, timeout = 60_000) {
  const names = await sdkTags();
  await page.waitForFunction(
    (list) => list.every((t) => document.querySelector(t) === null || customElements.get(t) !== undefined),
    { timeout, polling: 100 },
    names,
  );
  await page.evaluate(async (list) => {
    const els = list.flatMap((t) => [...document.querySelectorAll(t)]);
    await Promise.all(els.map((el) => el.ready));
  }, names);
}

/**
 * Waits until no long task and no request started for `quietMs` (as cls.mjs waits for layout to
 * settle): what the page does after load (late chunks, first data, polls started) is over.
 */
export async function waitForQuiet(page, quietMs, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  let last = '';
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = await page.evaluate(() => {
      window.__bench.flush();
      return `${window.__bench.longTasks.length}/${performance.getEntriesByType('resource').length}`;
    });
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${page.url()}: still busy after ${timeout / 1000} s (long tasks/requests ${last})`);
}

/** The recorder's entries so far (after taking what the observers still hold). */
export function recorded(page) {
  return page.evaluate(() => {
    window.__bench.flush();
    const { longTasks, frames, events } = window.__bench;
    return { longTasks, frames, events };
  });
}

/** What ran in a long animation frame, in a few words: the file, and the callback or "evaluated" for a script's own run. */
export function describeScript(s, origin) {
  const how = /-script$/.test(s.type) ? 'evaluated' : s.fn || s.invoker;
  return `${shortUrl(s.url, origin)} ${how}`;
}

/** A script URL as a short name: the file under dist/ (chunk hashes kept), or the page's path for inline code. */
export function shortUrl(url, origin) {
  if (!url) return '(no script: style, layout, paint or parsing)';
  const path = url.startsWith(origin) ? url.slice(origin.length) : url;
  return path.replace(/^\/dist\//, '');
}
