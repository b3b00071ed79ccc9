// Interaction to next paint on the demo pages, Chromium with 4× CPU throttling (a mid-range phone):
// opening the inbox, opening a conversation, sending a message, opening a blog card, opening the
// blog drawer and liking a post in it, opening the share popover, and typing in the rich editor of
// a 200 KB post. Each is real input (CDP mouse and keyboard events, as a person's), followed by a
// wait on what it opens or changes; its duration is the Event Timing API's (entries of type
// 'event' with an interactionId, durationThreshold 16 ms; the longest event of the interaction):
// what INP is made of. Each run is a fresh page, which has loaded and gone quiet first, so
// what is measured is the first use of each element on the page. Two rows are the browser's floor
// on the same page, each under the row it is the floor of, with the ratio printed: a hand-written
// popover opened like the inbox, and a plain contenteditable typed into like the rich editor.
// Printed, never asserted on time.
//   node tests/bench/inp.mjs        (after `npm run build`; also part of `npm run bench`)
//   BENCH_RUNS=5 INP_ONLY=posts node tests/bench/inp.mjs   (more pages, one group: messaging,
//   popoverFloor, posts, editor; for comparing two builds)
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { articleHtml } from './editor.mjs';
import { EVENT_THRESHOLD_MS, THROTTLE, elementsUpgraded, instrumentedPage, recorded, shortUrl, waitForQuiet } from './demo-page.mjs';
import { scale } from './scale.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || scale(3, 1));
/** Before each interaction, no long task and no request for this long: load and the previous step are over. */
const QUIET_MS = scale(1000, 300);
/** Keys typed at the end of the long post (each one an interaction). */
const KEYS = scale(20, 3);
/** The long post's body: 200 KB of article HTML in the full run (as the editor stage), 20 KB in smoke. */
const POST_BYTES = scale(200_000, 20_000);
const EDITOR_LABEL = `type in the rich editor (${KEYS} keys, ${Math.round(POST_BYTES / 1000)} KB post)`;
const FLOOR_LABEL = '  the same, plain contenteditable (browser floor)';
const INBOX_LABEL = 'open the inbox (header button)';
const POPOVER_FLOOR_LABEL = '  the same, a plain popover (browser floor)';
/** Rows that are the browser's floor for the row above them: no target, a ratio printed instead. */
const FLOORS = [
  [EDITOR_LABEL, FLOOR_LABEL, 'rich editor / plain contenteditable on the same page'],
  [INBOX_LABEL, POPOVER_FLOOR_LABEL, 'inbox / plain popover on the same page'],
];
const isFloor = (label) => FLOORS.some(([, floor]) => floor === label);
/** The issue's target for each interaction. */
export const INP_TARGET_MS = 100;

/** A post by someone other than alice on her dashboard (her own have no Like, and Share differs). */
const SOMEONES = '.post_container:not([data-blog-name="alice"]):not([data-blog-name="alice-sketches"])';

/**
 * Marks the page clock, runs `act` (input, then a wait on its result), and two frames later marks
 * it again: the interaction's entries are those that started in between.
 */
async function step(page, label, act) {
  await waitForQuiet(page, QUIET_MS);
  const from = await page.evaluate(() => performance.now());
  await act();
  const to = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))));
  return { label, from, to };
}

/** Clicks the element (through shadow roots with `>>>`) with the mouse, at its centre. */
async function click(page, selector) {
  const el = await page.waitForSelector(selector, { visible: true });
  await el.click();
  await el.dispose();
}

/**
 * Resolves once the frame after the input has been painted. Puppeteer polls a `visible` wait (and
 * `waitForFunction` by default) in requestAnimationFrame, which runs before the paint: started at
 * once, its query (a walk through shadow roots, or the text of a 200 KB post) ran inside that very
 * frame and counted in the interaction's duration as if the page had done it.
 */
const afterPaint = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/** Waits until `selector` shows, polling only after the input's own frame is painted. */
async function visible(page, selector) {
  await afterPaint(page);
  return page.waitForSelector(selector, { visible: true, timeout: 30_000 });
}

/** Escape closes what the last step opened (not measured: outside any step's window); returns no step. */
async function close(page, selector) {
  await page.keyboard.press('Escape');
  await page.waitForSelector(selector, { hidden: true });
  return null;
}

/** The dashboard's messaging: the header's inbox button, alice's conversation with bob, a message sent in it. */
async function messaging(page, origin) {
  await page.goto(`${origin}/dashboard?as=alice`, { waitUntil: 'load' });
  await elementsUpgraded(page);
  const text = `bench ${Date.now().toString(36)}`;
  const steps = [
    await step(page, INBOX_LABEL, async () => {
      await click(page, 'blog-header >>> [data-target="inbox"]');
      await visible(page, 'messaging-dock >>> [part="conversation-row"]');
    }),
    await step(page, 'open a conversation (inbox row)', async () => {
      const link = await page.waitForSelector('messaging-dock >>> [part="conversation-row"] a ::-p-text(bob)', { visible: true });
      await link.click();
      await visible(page, 'messaging-dock >>> [part="window"] [part="message-row"]');
    }),
  ];
  // Typing is not this step: the field is focused and filled first, then Enter alone is measured.
  const input = await page.waitForSelector('messaging-dock >>> [part="compose-input"]', { visible: true });
  await input.click();
  await page.keyboard.type(text);
  await page.waitForFunction(
    (t) => document.querySelector('messaging-dock').shadowRoot.querySelector('[part="compose-input"]').value === t,
    {},
    text,
  );
  steps.push(
    await step(page, 'send a message (Enter)', async () => {
      await page.keyboard.press('Enter');
      await afterPaint(page);
      await page.waitForFunction(
        (t) =>
          [...document.querySelector('messaging-dock').shadowRoot.querySelectorAll('[part="message-row"]')].some((r) =>
            r.textContent.includes(t),
          ),
        { timeout: 30_000 },
        text,
      );
    }),
  );
  return steps;
}

/**
 * The browser's floor for opening the inbox, on the same page (a fresh one, loaded and quiet as
 * the inbox's): a hand-written popover with what the inbox shows in its first frame (a heading, a
 * blog select, a button, a loader), opened by a button at the header button's place, placed under
 * it from its box and its heading focused, as the inbox is. No SDK code runs in its click.
 */
async function popoverFloor(page, origin) {
  await page.goto(`${origin}/dashboard?as=alice`, { waitUntil: 'load' });
  await elementsUpgraded(page);
  await page.evaluate(() => {
    const anchor = document.querySelector('blog-header').shadowRoot.querySelector('[data-target="inbox"]').getBoundingClientRect();
    const button = document.createElement('button');
    button.id = 'bench-floor-button';
    button.textContent = 'Inbox';
    Object.assign(button.style, {
      position: 'fixed',
      zIndex: '2147483647',
      left: `${anchor.left}px`,
      top: `${anchor.top}px`,
      width: `${anchor.width}px`,
      height: `${anchor.height}px`,
    });
    const popover = document.createElement('div');
    popover.id = 'bench-floor';
    popover.popover = 'manual';
    popover.setAttribute('role', 'dialog');
    popover.setAttribute('aria-label', 'Inbox');
    Object.assign(popover.style, { position: 'fixed', inset: 'auto', margin: '0', width: '360px', padding: '12px', background: '#fff' });
    const heading = Object.assign(document.createElement('h2'), { tabIndex: -1, textContent: 'Inbox' });
    const select = document.createElement('select');
    select.append(new Option('alice'), new Option('alice-sketches'));
    const compose = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Compose message' });
    const loader = Object.assign(document.createElement('div'), { textContent: 'Loading messages for alice' });
    loader.setAttribute('role', 'progressbar');
    popover.append(heading, select, compose, loader);
    document.body.append(button, popover);
    button.addEventListener('click', () => {
      popover.showPopover();
      const box = button.getBoundingClientRect();
      popover.style.left = `${Math.max(10, box.right - 360)}px`;
      popover.style.top = `${box.bottom + 8}px`;
      heading.focus();
    });
  });
  return [
    await step(page, POPOVER_FLOOR_LABEL, async () => {
      await click(page, '#bench-floor-button');
      await visible(page, '#bench-floor');
    }),
  ];
}

/** The dashboard's posts: a blog card by keyboard, the share popover, the blog drawer and a like in it. */
async function posts(page, origin) {
  await page.goto(`${origin}/dashboard?as=alice`, { waitUntil: 'load' });
  await elementsUpgraded(page);
  return [
    // A card opens on hover after a delay (a timer, not the pointer's event: INP never sees it) or
    // at once when its name takes the focus: Tab from the post's avatar onto the name.
    await step(page, 'open a blog card (Tab onto a name)', async () => {
      await page.$eval(`${SOMEONES} a.post_avatar_link`, (a) => a.focus());
      await page.keyboard.press('Tab');
      await visible(page, 'blog-card:not([blog-name]) >>> [part="card"] .name');
    }),
    await close(page, 'blog-card:not([blog-name]) >>> [part="card"]'),
    await step(page, "open the share popover (a post's Share)", async () => {
      await click(page, `${SOMEONES} button.post_control.share`);
      await visible(page, 'share-popover >>> [part="popover"]');
    }),
    await close(page, 'share-popover >>> [part="popover"]'),
    await step(page, "open the blog drawer (a post's avatar)", async () => {
      await click(page, `${SOMEONES} a.post_avatar_link`);
      await visible(page, 'peepr-drawer >>> article.post .action--like');
    }),
    await likeAndUndo(page),
  ];
}

/** Likes a post in the drawer (measured), then unlikes it (not measured): the next run finds the same posts unliked. */
async function likeAndUndo(page) {
  const like = await page.waitForSelector('peepr-drawer >>> article.post .action--like[aria-pressed="false"]', { visible: true });
  const pressed = (value) => page.waitForFunction((b, v) => b.getAttribute('aria-pressed') === v, {}, like, value);
  const measured = await step(page, 'like a post in the drawer', async () => {
    await like.click();
    await pressed('true');
  });
  await waitForQuiet(page, QUIET_MS);
  await like.click();
  await pressed('false');
  await waitForQuiet(page, QUIET_MS);
  return measured;
}

/** Alice's long text post (made once per run of the stage, through the form's own payload), opened for editing. */
async function longPost(origin) {
  const { tsImport } = await import('tsx/esm/api');
  const { createPost, updatePayload } = await tsImport(
    pathToFileURL(resolve('elements/post-composer/model/post.ts')).href,
    import.meta.url,
  );
  const headers = { cookie: 'tl_session=alice' };
  const { formKey } = await (await fetch(`${origin}/__demo/session`, { headers })).json();
  const post = createPost('text', { title: 'A long post', body: articleHtml(POST_BYTES) });
  const response = await fetch(`${origin}/svc/post/update`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...updatePayload(post, { channelId: 'alice' }), form_key: formKey }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`the long post was refused: ${JSON.stringify(answer)}`);
  return answer.response.post.id;
}

/** Runs in the page: the length of the text in the form's element `selector` (an editable). */
const typedLength = (selector) => document.querySelector('post-composer').shadowRoot.querySelector(selector).textContent.length;

/** Types KEYS keys into the form's editable `selector`, each one an interaction that ends when its text has grown. */
async function typeKeys(page, selector) {
  for (let i = 0; i < KEYS; i++) {
    const before = await page.evaluate(typedLength, selector);
    await page.keyboard.press(i % 6 === 5 ? 'Space' : 'KeyA');
    await afterPaint(page);
    await page.waitForFunction(
      (sel, n) => document.querySelector('post-composer').shadowRoot.querySelector(sel).textContent.length > n,
      { timeout: 10_000 },
      selector,
      before,
    );
  }
}

/**
 * The rich editor of the long post: keys typed at its end, each an interaction. Then the browser's
 * floor on the same page: the same keys at the end of a plain contenteditable holding the same
 * HTML. In Chromium, typing into a large editable costs time that grows with the text before the
 * caret (its selection and text-offset work), whatever the editor library: the rich editor's row
 * is read against this one.
 */
async function editor(page, origin, postId) {
  await page.goto(`${origin}/edit/${postId}?as=alice`, { waitUntil: 'load' });
  await elementsUpgraded(page);
  await page.waitForFunction(
    (min) => (document.querySelector('post-composer').shadowRoot.querySelector('.ed-content')?.textContent.length ?? 0) > min,
    { timeout: 60_000, polling: 200 },
    POST_BYTES / 3,
  );
  // The caret at the end of the post (placing it is not measured).
  await page.evaluate(() => {
    const ed = document.querySelector('post-composer').shadowRoot.querySelector('.ed-content');
    ed.focus();
    const selection = document.querySelector('post-composer').shadowRoot.getSelection?.() ?? document.getSelection();
    selection.selectAllChildren(ed.lastElementChild ?? ed);
    selection.collapseToEnd();
  });
  const rich = await step(page, EDITOR_LABEL, () => typeKeys(page, '.ed-content'));
  await page.evaluate((html) => {
    // In the form's dialog (the page behind a modal dialog is inert), in place of the rich editor's
    // content, which is hidden: the page keeps the same size, and Blink's cost of a key grows with
    // the whole page laid out, not only with the editable (a floor measured on the page without
    // the form was a third of this one).
    const richContent = document.querySelector('post-composer').shadowRoot.querySelector('.ed-content');
    richContent.style.display = 'none';
    const editable = document.createElement('div');
    editable.id = 'bench-editable';
    editable.contentEditable = 'true';
    // Parsed inert (DOMParser runs no script), then moved in: the bench's own article HTML.
    editable.append(...new DOMParser().parseFromString(html, 'text/html').body.childNodes);
    richContent.after(editable);
    editable.focus();
    const selection = document.getSelection();
    selection.selectAllChildren(editable.lastElementChild ?? editable);
    selection.collapseToEnd();
  }, articleHtml(POST_BYTES));
  const floor = await step(page, FLOOR_LABEL, () => typeKeys(page, '#bench-editable'));
  return [rich, floor];
}

/** The steps' durations from what the page recorded: per step, its worst interaction and the scripts of the frames it overlapped. */
async function collect(page, steps, origin) {
  await waitForQuiet(page, QUIET_MS);
  const { events, frames } = await recorded(page);
  return steps.filter(Boolean).map(({ label, from, to }) => {
    const mine = events.filter((e) => e.start >= from && e.start <= to);
    if (process.env.INP_DETAIL) console.log(label, JSON.stringify(mine));
    const byId = new Map();
    for (const e of mine) byId.set(e.id, [...(byId.get(e.id) ?? []), e]);
    // An interaction's duration is its longest event's (pointerdown, pointerup and click, or
    // keydown and keyup, usually share one next paint); the breakdown spans all of its events.
    const interactions = [...byId.values()].map((evs) => ({
      duration: Math.max(...evs.map((e) => e.duration)),
      start: Math.min(...evs.map((e) => e.start)),
      end: Math.max(...evs.map((e) => e.start + e.duration)),
      firstHandler: Math.min(...evs.map((e) => e.processingStart)),
      lastHandler: Math.max(...evs.map((e) => e.processingEnd)),
      handlers: evs.reduce((sum, e) => sum + e.processingEnd - e.processingStart, 0),
      busiest: evs.reduce((a, e) => (e.processingEnd - e.processingStart > a.processingEnd - a.processingStart ? e : a)),
    }));
    const worst = interactions.sort((a, b) => b.duration - a.duration)[0];
    if (!worst) return { label, ms: 0, interactions: 0 };
    const scripts = new Map();
    for (const f of frames.filter((f) => f.start < worst.end && f.start + f.duration > worst.start))
      for (const s of f.scripts) scripts.set(shortUrl(s.url, origin), (scripts.get(shortUrl(s.url, origin)) ?? 0) + s.duration);
    return {
      label,
      ms: worst.duration,
      interactions: interactions.length,
      event: `${worst.busiest.name} on ${worst.busiest.target || '?'}`,
      delay: worst.firstHandler - worst.start,
      processing: worst.handlers,
      presentation: worst.end - worst.lastHandler,
      scripts: [...scripts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([url, ms]) => `${url} ${Math.round(ms)} ms`),
    };
  });
}

const ONLY = process.env.INP_ONLY?.split(',');
const SCENARIOS = [messaging, popoverFloor, posts, editor].filter((s) => !ONLY || ONLY.includes(s.name));

export async function inpBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  const demo = await startDemo('inp');
  const browser = await launchChromium();
  const runs = [];
  try {
    const postId = SCENARIOS.includes(editor) ? await longPost(demo.origin) : null;
    for (let run = 0; run < RUNS; run++) {
      for (const scenario of SCENARIOS) {
        // A fresh profile: an empty cache, and no dock windows restored from a previous run's storage.
        const context = await browser.createBrowserContext();
        const page = await instrumentedPage(context);
        const steps = await scenario(page, demo.origin, postId);
        runs.push(...(await collect(page, steps, demo.origin)));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    demo.close();
  }
  // each floor right under the row it is the floor of
  const labels = [...new Set(runs.map((r) => r.label))].filter((l) => !isFloor(l));
  for (const [of, floor] of FLOORS) if (runs.some((r) => r.label === floor)) labels.splice(labels.indexOf(of) + 1, 0, floor);
  return labels.map((label) => {
    const all = runs.filter((r) => r.label === label).sort((a, b) => a.ms - b.ms);
    return { label, runs: all, median: all[Math.floor((all.length - 1) / 2)], max: all[all.length - 1] };
  });
}

const ms = (v) => (v < EVENT_THRESHOLD_MS ? `< ${EVENT_THRESHOLD_MS}` : String(Math.round(v)));

export function printInp(rows) {
  const n = rows[0]?.runs.length ?? 0;
  console.log(
    `\nInteraction to next paint on the demo (Chromium, ${THROTTLE}× CPU throttling, Event Timing; ${n} fresh page${n === 1 ? '' : 's'} each: median / max)`,
  );
  console.log(
    `  ${'interaction'.padEnd(52)} ${'median'.padStart(7)} ${'max'.padStart(6)}  target   worst: delay/handlers/paint, event; scripts`,
  );
  for (const r of rows) {
    const w = r.max;
    // The floor is the browser's, not ours: no target.
    const ok = isFloor(r.label) ? 'base' : w.ms <= INP_TARGET_MS ? 'ok' : 'over';
    const detail =
      w.ms > 0
        ? `${Math.round(w.delay)}/${Math.round(w.processing)}/${Math.round(w.presentation)} ms, ${w.event}${w.scripts.length ? `; ${w.scripts.join(', ')}` : ''}`
        : 'no event over the threshold';
    console.log(
      `  ${r.label.padEnd(52)} ${ms(r.median.ms).padStart(7)} ${ms(w.ms).padStart(6)}  ${ok === 'base' ? '      ' : `≤ ${INP_TARGET_MS}`} ${ok.padEnd(4)} ${detail}`,
    );
  }
  for (const [of, floorLabel, what] of FLOORS) {
    const ours = rows.find((r) => r.label === of);
    const floor = rows.find((r) => r.label === floorLabel);
    if (ours && floor && floor.median.ms >= EVENT_THRESHOLD_MS)
      console.log(`  ${what}: median ${(ours.median.ms / floor.median.ms).toFixed(2)}×, max ${(ours.max.ms / floor.max.ms).toFixed(2)}×`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printInp(await inpBench());
