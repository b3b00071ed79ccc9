// The post composer's open time on the demo dashboard: a click on the page's Text button until
// the first field has focus, and a click followed at once by a key until that key shows in the
// field (a key lost on the way prints as "lost"), cold (the form's chunk and the builder data not loaded yet, a fresh
// page; clicked at once, or after the pointer rested on Text until its prefetch arrived) and warm
// (opened again on the same page). Baseline, in the same run and page: a native
// <dialog> holding the same fields, opened by a click. Printed as ratios; never asserted on time.
// With reduced motion the container transition (2 steps) is skipped, which isolates the element's
// own cost. Also the form chunk's size (what the first open downloads).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { scale } from './scale.mjs';

const RUNS = scale(5, 1);

/**
 * Arms two timers from the next click (looked for every frame, through shadow roots: a page
 * without system focus gets no focus events): until a form field has focus, and until the key
 * typed right after the click shows in the focused field (null when it never does: the key was lost).
 */
const ARM = (marker) => {
  const deepActive = () => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el;
  };
  const isField = (el) => el instanceof HTMLElement && el.matches('.field__control, .baseline-field');
  window.__open = new Promise((resolve) => {
    document.addEventListener(
      'click',
      () => {
        const start = performance.now();
        let focused = null;
        const check = () => {
          const el = deepActive();
          const now = performance.now() - start;
          if (focused === null && isField(el)) focused = now;
          if (focused !== null && (!marker || String(el?.value ?? '').includes(marker)))
            return resolve({ focused, typed: marker ? now : null });
          if (now > 5000) return resolve({ focused, typed: null });
          requestAnimationFrame(check);
        };
        check();
      },
      { capture: true, once: true },
    );
  });
};

/** The baseline: the same fields in a native <dialog>, opened by a button. */
const BASELINE = () => {
  const dialog = document.createElement('dialog');
  dialog.innerHTML = `<form method="dialog"><input class="baseline-field" aria-label="Title"><textarea aria-label="Body"></textarea>
    <input aria-label="Tags"><details><summary>Post options</summary><input aria-label="Custom URL"><input aria-label="Content source"></details>
    <select aria-label="When"><option>Publish now</option><option>Add to queue</option><option>Save as draft</option></select>
    <button value="close">Close</button><button>Post</button></form>`;
  const button = document.createElement('button');
  button.id = 'baseline-open';
  button.textContent = 'Open the baseline';
  button.addEventListener('click', () => {
    dialog.showModal();
    dialog.querySelector('.baseline-field').focus();
  });
  document.body.append(button, dialog);
  window.__closeBaseline = () => dialog.close();
};

/** Every prefetch on intent has arrived: the form chunk and the builder data. */
const PREFETCHED = () =>
  [/\/PostForm-[^/]*\.js$/, /get_post_form_builder_data/].every((pattern) =>
    performance.getEntriesByType('resource').some((entry) => pattern.test(entry.name) && entry.responseEnd > 0),
  );

/** A fresh page of alice's dashboard with <post-composer> rendered: each run's, and the intent case's. */
async function openDashboard(browser, origin) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  await page.goto(`${origin}/dashboard?as=alice`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelector('post-composer')?.shadowRoot?.querySelector('slot'));
  return page;
}

/**
 * A click on `selector`, then (when `typing`) one key at once, as a person who clicks Text and
 * starts typing; the two times ARM reads.
 */
async function clickAndTime(page, selector, typing) {
  await page.evaluate(ARM, typing ? 'q' : '');
  await page.click(selector);
  if (typing) await page.keyboard.type('q');
  return page.evaluate(() => window.__open);
}

/**
 * The first open on a fresh page after the pointer has rested on Text until what it prefetches has
 * arrived and the page is idle again (waiting on that state, not on a dwell time): the cold open a
 * person gets who points before clicking. The cold case above clicks at once.
 */
async function firstOpenAfterIntent(browser, origin) {
  const page = await openDashboard(browser, origin);
  try {
    await page.hover('a.new_post_label_text');
    await page.waitForFunction(PREFETCHED, { timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve())));
    return await clickAndTime(page, 'a.new_post_label_text', true);
  } finally {
    await page.close();
  }
}

export async function composerBench() {
  const demo = await startDemo('composer');
  const browser = await launchChromium();
  const results = { cold: [], intent: [], warm: [], warmTyped: [], reduced: [], baseline: [], baselineTyped: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await openDashboard(browser, demo.origin);
      await page.evaluate(BASELINE);
      const measure = async (click, close, typing = false) => {
        const times = await clickAndTime(page, click, typing);
        // the typed key is taken back, so closing asks nothing
        if (typing && times.typed !== null) await page.keyboard.press('Backspace');
        await close();
        return times;
      };
      const closeComposer = async () => {
        await page.evaluate(() => document.querySelector('post-composer').shadowRoot.querySelector('[part="cancel-button"]').click());
        await page.waitForFunction(() => !document.querySelector('post-composer').shadowRoot.querySelector('form'));
      };
      const closeBaseline = () => page.evaluate(() => window.__closeBaseline());
      // Alternate which goes first; the cold open is always the page's first.
      results.cold.push(await measure('a.new_post_label_text', closeComposer, true));
      const pair = async (typing) => {
        const order = run % 2 ? ['baseline', 'warm'] : ['warm', 'baseline'];
        for (const which of order) {
          const time =
            which === 'baseline'
              ? await measure('#baseline-open', closeBaseline, typing)
              : await measure('a.new_post_label_text', closeComposer, typing);
          results[typing ? `${which}Typed` : which].push(time);
        }
      };
      await pair(false);
      await pair(true);
      // With reduced motion the container transition is skipped: what is left is the element's own work.
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      results.reduced.push(await measure('a.new_post_label_text', closeComposer, true));
      await page.close();
      results.intent.push(await firstOpenAfterIntent(browser, demo.origin));
    }
  } finally {
    await browser.close();
    demo.close();
  }
  const chunk = readdirSync('dist/chunks').find((f) => /^PostForm-.*\.js$/.test(f));
  const bytes = chunk ? readFileSync(join('dist/chunks', chunk)) : Buffer.alloc(0);
  results.chunk = {
    name: chunk ?? '(missing)',
    raw: bytes.length,
    gz: gzipSync(bytes, { level: 9 }).length,
    br: brotliCompressSync(bytes).length,
  };
  return results;
}

const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null);
const ms = (v) => (v === null ? 'lost' : `${v.toFixed(1)} ms`);
const ratio = (v, base) => (v === null || !base ? '—' : `${(v / base).toFixed(1)}x`);

export function printComposer(results) {
  const focusBase = median(results.baseline.map((t) => t.focused));
  const typedBase = median(results.baselineTyped.map((t) => t.typed));
  console.log(
    `\nPost composer: a click on Text, median of ${RUNS} runs (Chromium, demo dashboard), against a native <dialog> with the same fields`,
  );
  console.log(
    `  ${'case'.padEnd(58)} ${'→ focused'.padStart(10)} ${'ratio'.padStart(7)} ${'→ key shown'.padStart(12)} ${'ratio'.padStart(7)}`,
  );
  for (const [label, key, typedKey] of [
    ['native <dialog>, same fields (baseline)', 'baseline', 'baselineTyped'],
    ['<post-composer>, cold, clicked at once', 'cold', 'cold'],
    ['<post-composer>, cold, after the pointer rested on Text', 'intent', 'intent'],
    ['<post-composer>, warm (opened again)', 'warm', 'warmTyped'],
    ['<post-composer>, warm, reduced motion (no transition)', 'reduced', 'reduced'],
  ]) {
    const focused = median(results[key].map((t) => t.focused));
    const typedRuns = results[typedKey].map((t) => t.typed);
    // a key lost in any run is the result: a person would have lost it
    const typed = typedRuns.includes(null) ? null : median(typedRuns);
    console.log(
      `  ${label.padEnd(58)} ${ms(focused).padStart(10)} ${ratio(focused, focusBase).padStart(7)} ${ms(typed).padStart(12)} ${ratio(typed, typedBase).padStart(7)}`,
    );
  }
  const c = results.chunk;
  console.log(
    `  form chunk ${c.name}: ${(c.raw / 1024).toFixed(1)} KiB raw, ${(c.gz / 1024).toFixed(1)} KiB gzip, ${(c.br / 1024).toFixed(1)} KiB brotli`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printComposer(await composerBench());
