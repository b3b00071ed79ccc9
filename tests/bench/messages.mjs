// <messaging-dock> opening a conversation of 10,000 messages versus one of 100 (all in one page
// of the messages answer): time from the open request to the last message being visible (median
// of a few runs, each on a fresh page), message rows mounted after opening and at most while
// scrolling the list top to bottom, and the longest main-thread task while opening and scrolling.
// Its own tiny server: the built SDK (dist/, or DIST_DIR), a page with the session bootstrap and
// one <messaging-dock>, and stubs of participant_info, the messages list and the poll.
// Printed, never asserted on time.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchChromium, serveBench } from './browser.mjs';
import { scale } from './scale.mjs';

const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const SIZES = scale([100, 10_000], [10, 200]);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || scale(5, 1));
/** BENCH_PROFILE=<file>.cpuprofile: a CPU profile of scrolling the largest list (open it in DevTools). */
const PROFILE = process.env.BENCH_PROFILE;
/** Scrolling top to bottom takes about this many frames: a step is one list height, or more for a long list. */
const SCROLL_STEPS = scale(500, 20);

const ME = { name: 'bench', uuid: 't:bench-me' };
const LAST = 'the-very-last-message';
const bootstrap = {
  user: { name: 'bench', primary: 'bench', can_message: true, is_verified_email: true, polling_token: 'bench-token', language: 'en_US' },
  channels: [{ name: ME.name, uuid: ME.uuid, title: 'Bench', is_current: true, can_send_messages: true, unread_count: 0 }],
  flags: { log: false },
  apiBase: '',
  // a poll a minute: nothing but the open and the scroll is measured
  config: { messaging_poll_frequency: 60000 },
};
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>messaging-dock bench</title>
<meta name="tumblr-form-key" content="bench-form-key">
<script type="application/json" id="tumblelog-bootstrap">${JSON.stringify(bootstrap)}</script>
<script type="module" src="/dist/loader.js"></script></head><body style="margin:0;height:100vh">
<messaging-dock></messaging-dock></body></html>`;

/** The other blog of the conversation: its name carries the size (pen-pal-10000). */
const friendOf = (name) => ({
  uuid: `t:${name}`,
  name,
  url: `https://${name}.example`,
  title: name,
  tags: [],
  can_receive_messages: true,
  is_blog_following_you: true,
  is_following_blog: true,
});
const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');

/** N messages, oldest first: alternating runs of senders, a minute apart, an hour's gap now and then (timestamp headers), 1–3 lines of text. */
function messagesBody(count, friend) {
  const start = Date.UTC(2025, 0, 1);
  let ts = start;
  const data = [];
  for (let i = 0; i < count; i++) {
    ts += i % 25 === 0 ? 2 * 3_600_000 : 60_000 + (i % 7) * 5_000;
    const mine = Math.floor(i / 3) % 2 === 0;
    const words = 4 + ((i * 7) % 29);
    const text = i === count - 1 ? LAST : `#${i + 1} ${Array.from({ length: words }, (_, w) => WORDS[(i + w) % WORDS.length]).join(' ')}`;
    data.push({
      id: String(i + 1),
      conversation_id: `c-${count}`,
      type: 'TEXT',
      ts,
      participant: mine ? ME.uuid : friend.uuid,
      content: { text, formatting: [] },
    });
  }
  return JSON.stringify({
    meta: { status: 200, msg: 'OK' },
    response: {
      id: `c-${count}`,
      status: 'ACTIVE',
      last_modified_ts: ts,
      last_read_ts: ts,
      can_send: true,
      is_possible_spam: false,
      is_blurred_images: false,
      participants: [{ ...friendOf(ME.name), uuid: ME.uuid }, friend],
      messages: { data, _links: {} },
    },
  });
}

/** A 200 answer in the server's envelope (a string body is sent as it is). */
const json = (body) => ({
  type: 'application/json',
  headers: { 'cache-control': 'no-store' },
  body: typeof body === 'string' ? body : JSON.stringify({ meta: { status: 200, msg: 'OK' }, response: body }),
});

export async function messagesBench() {
  if (!existsSync(join(DIST, 'loader.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const bodies = new Map(SIZES.map((n) => [`pen-pal-${n}`, messagesBody(n, friendOf(`pen-pal-${n}`))]));
  const server = await serveBench({
    root: DIST,
    prefix: '/dist/',
    route(url) {
      const q = url.searchParams;
      if (url.pathname === '/chat') return { type: 'text/html', body: page };
      // the dock resolves a name to its uuid through the blog popover, then asks participant_info by uuid
      const popover = /^\/svc\/tumblelog_popover\/([a-z0-9-]+)$/.exec(url.pathname);
      if (popover) return json(friendOf(popover[1]));
      if (url.pathname === '/svc/conversations/participant_info') return json(friendOf((q.get('q') ?? 't:pen-pal').replace(/^t:/, '')));
      if (url.pathname === '/svc/conversations/messages') {
        // by the other blog (an open) or by the conversation's id (c-<size>: a window restored or reloaded)
        const other = (q.get('participants') ?? q.getAll('participants[]')[0] ?? '').replace(/^t:/, '');
        const byId = /^c-(\d+)$/.exec(q.get('conversation_id') ?? '');
        const body = bodies.get(byId ? `pen-pal-${byId[1]}` : other);
        return body ? json(body) : { status: 404, type: 'application/json', body: '{"meta":{"status":404,"msg":"Not Found"},"errors":[]}' };
      }
      if (url.pathname === '/services/poll') return json({ unread_messages: { [ME.name]: {} } });
      if (url.pathname === '/svc/conversations') return json({ conversations: [], _links: {} });
      if (url.pathname === '/svc/conversations/participant_suggestions') return json({ blogs: [] });
      return undefined;
    },
  });
  const { base } = server;
  const browser = await launchChromium();
  const results = {};
  try {
    // a warm-up open (compiles the chunks, fills the HTTP cache), not counted
    for (const n of [SIZES[0], ...SIZES.flatMap((size) => Array.from({ length: RUNS }, () => size))]) {
      // A fresh profile for each run: the dock keeps its open windows in storage, and a page of
      // the same origin would restore the previous run's conversation before the open is measured.
      const context = await browser.createBrowserContext();
      const tab = await context.newPage();
      await tab.setViewport({ width: 1280, height: 900 });
      await tab.goto(`${base}/chat`);
      await tab.waitForFunction(() => customElements.get('messaging-dock') !== undefined);
      await tab.evaluate(() => document.querySelector('messaging-dock').ready);
      const open = await tab.evaluate(measureOpen, `pen-pal-${n}`, LAST);
      const entry = (results[n] ??= { count: n, runs: [] });
      entry.runs.push(open);
      if (!entry.scroll) {
        const cdp = PROFILE && n === SIZES[SIZES.length - 1] ? await tab.createCDPSession() : null;
        if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
        entry.scroll = await tab.evaluate(measureScroll, SCROLL_STEPS);
        if (cdp) writeFileSync(PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  // the first run of the smallest size was the warm-up
  results[SIZES[0]].runs.shift();
  return SIZES.map((n) => results[n]);
}

/** In the page: dispatch the open, then wait (frame by frame) until the last message is inside the list's visible box. */
function measureOpen(blogName, lastText) {
  const root = document.querySelector('messaging-dock').shadowRoot;
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ entryTypes: ['longtask'] });
  const t0 = performance.now();
  document.dispatchEvent(new CustomEvent('tl-messaging-open-request', { detail: { blogName } }));
  return new Promise((resolve, reject) => {
    const deadline = t0 + 60_000;
    const check = () => {
      const now = performance.now();
      const scroller = root.querySelector('[part="messages"]');
      const rows = scroller ? scroller.querySelectorAll('[part="message-row"]') : [];
      const last = [...rows].find((r) => r.textContent.includes(lastText));
      if (last && scroller) {
        const a = last.getBoundingClientRect();
        const b = scroller.getBoundingClientRect();
        if (a.height > 0 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1) {
          // two more frames: what stays mounted once the list has settled
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              observer.disconnect();
              const response = performance.getEntriesByType('resource').find((e) => e.name.includes('/svc/conversations/messages'));
              resolve({
                ms: now - t0,
                responseMs: response ? response.responseEnd - t0 : null,
                rowsAtVisible: rows.length,
                rowsSettled: scroller.querySelectorAll('[part="message-row"]').length,
                longestTask: longTasks.length ? Math.max(...longTasks) : 0,
              });
            }),
          );
          return;
        }
      }
      if (now > deadline)
        return reject(
          new Error(
            `the last message of ${blogName} was not visible after 60 s (${rows.length} rows mounted` +
              (scroller ? `, scrolled to ${scroller.scrollTop} of ${scroller.scrollHeight - scroller.clientHeight})` : ', no list)'),
          ),
        );
      requestAnimationFrame(check);
    };
    check();
  });
}

/** In the page: scroll the open list from the top to the bottom in about `targetSteps` frames (at least one list height per frame). */
async function measureScroll(targetSteps) {
  const root = document.querySelector('messaging-dock').shadowRoot;
  const scroller = root.querySelector('[part="messages"]');
  const rows = () => scroller.querySelectorAll('[part="message-row"]').length;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  scroller.scrollTop = 0;
  await frame();
  await frame();
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ entryTypes: ['longtask'] });
  let maxMounted = rows();
  let maxFrameGap = 0;
  let steps = 0;
  const started = performance.now();
  let last = started;
  // the total height grows as rows are measured, so the bottom is re-read at every step
  let stepPx = 0;
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1 && steps < targetSteps * 4) {
    stepPx = Math.max(scroller.clientHeight, Math.ceil(scroller.scrollHeight / targetSteps));
    scroller.scrollTop += stepPx;
    steps++;
    const now = await frame();
    maxFrameGap = Math.max(maxFrameGap, now - last);
    last = now;
    maxMounted = Math.max(maxMounted, rows());
  }
  await frame();
  observer.disconnect();
  return {
    steps,
    reachedBottom: scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1,
    height: scroller.scrollHeight,
    viewport: scroller.clientHeight,
    seconds: (performance.now() - started) / 1000,
    stepPx,
    meanFrame: (last - started) / Math.max(1, steps),
    maxMounted,
    maxFrameGap,
    longTasks,
    settled: rows(),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(0)} ms`;

export function printMessages(results) {
  console.log(
    `\n<messaging-dock> opening one conversation, all messages in one answer (Chromium, median of ${results[0].runs.length} fresh pages)`,
  );
  for (const r of results) {
    const open = median(r.runs.map((x) => x.ms));
    const response = r.runs.every((x) => x.responseMs !== null) ? median(r.runs.map((x) => x.responseMs)) : null;
    const s = r.scroll;
    console.log(`  ${String(r.count).padStart(6)} messages`);
    console.log(
      `    open → last message visible              ${ms(open)} (runs: ${r.runs.map((x) => x.ms.toFixed(0)).join(', ')})${response !== null ? `; answer received at ${ms(response)}` : ''}`,
    );
    console.log(`    longest task while opening               ${ms(median(r.runs.map((x) => x.longestTask)))} (median)`);
    console.log(`    message rows mounted after open          ${median(r.runs.map((x) => x.rowsSettled))} of ${r.count}`);
    console.log(
      `    most rows mounted while scrolling        ${s.maxMounted} of ${r.count} (${s.steps} steps of ≥ ${s.viewport} px, last ${s.stepPx} px, over ${s.height} px in ${s.seconds.toFixed(1)} s${s.reachedBottom ? '' : ', stopped before the bottom'})`,
    );
    console.log(
      `    longest task while scrolling             ${s.longTasks.length ? `${ms(Math.max(...s.longTasks))} (${s.longTasks.length} over 50 ms)` : 'none over 50 ms'}`,
    );
    console.log(`    frames while scrolling                   ${ms(s.meanFrame)} mean, ${ms(s.maxFrameGap)} longest`);
  }
  const [small, big] = [results[0], results[results.length - 1]];
  const ratio = median(big.runs.map((x) => x.ms)) / median(small.runs.map((x) => x.ms));
  console.log(`  open time ${big.count} / ${small.count}                      ${ratio.toFixed(1)}×`);
}

if (import.meta.url === `file://${process.argv[1]}`) printMessages(await messagesBench());
