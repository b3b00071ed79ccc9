// The post composer's open time on the demo dashboard: a click on the page's Text button until
// the first field has focus, cold (the form's chunk and the builder data not loaded yet, a fresh
// page) and warm (opened again on the same page). Baseline, in the same run and page: a native
// <dialog> holding the same fields, opened by a click. Printed as ratios; never asserted on time.
// With reduced motion the container transition (2 steps) is skipped, which isolates the element's
// own cost. Also the form chunk's size (what the first open downloads).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';

const RUNS = 5;

/** Arms a timer from the next click to a form field having focus (looked for every frame, through shadow roots: a page without system focus gets no focus events). */
const ARM = () => {
  window.__open = new Promise((resolve) => {
    document.addEventListener(
      'click',
      () => {
        const start = performance.now();
        const deepActive = () => {
          let el = document.activeElement;
          while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
          return el;
        };
        const check = () => {
          const el = deepActive();
          if (el instanceof HTMLElement && el.matches('.field__control, .baseline-field')) resolve(performance.now() - start);
          else requestAnimationFrame(check);
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

export async function composerBench() {
  const demo = await startDemo('composer');
  const browser = await launchChromium();
  const results = { cold: [], warm: [], reduced: [], baseline: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      await page.setViewport({ width: 1200, height: 900 });
      await page.goto(`${demo.origin}/dashboard?as=alice`, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => document.querySelector('post-composer')?.shadowRoot?.querySelector('slot'));
      await page.evaluate(BASELINE);
      const measure = async (click, close) => {
        await page.evaluate(ARM);
        await page.click(click);
        const ms = await page.evaluate(() => window.__open);
        await close();
        return ms;
      };
      const closeComposer = async () => {
        await page.evaluate(() => document.querySelector('post-composer').shadowRoot.querySelector('[part="cancel-button"]').click());
        await page.waitForFunction(() => !document.querySelector('post-composer').shadowRoot.querySelector('form'));
      };
      const closeBaseline = () => page.evaluate(() => window.__closeBaseline());
      // Alternate which goes first; the cold open is always the page's first.
      results.cold.push(await measure('a.new_post_label_text', closeComposer));
      if (run % 2) {
        results.baseline.push(await measure('#baseline-open', closeBaseline));
        results.warm.push(await measure('a.new_post_label_text', closeComposer));
      } else {
        results.warm.push(await measure('a.new_post_label_text', closeComposer));
        results.baseline.push(await measure('#baseline-open', closeBaseline));
      }
      // With reduced motion the container transition is skipped: what is left is the element's own work.
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      results.reduced.push(await measure('a.new_post_label_text', closeComposer));
      await page.close();
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function printComposer(results) {
  const base = median(results.baseline);
  console.log(`\nPost composer: click on Text → first field focused, median of ${RUNS} runs (Chromium, demo dashboard)`);
  console.log(`  ${'case'.padEnd(52)} ${'time'.padStart(9)} ${'vs native <dialog>'.padStart(20)}`);
  for (const [label, key] of [
    ['native <dialog>, same fields (baseline)', 'baseline'],
    ['<post-composer>, cold (chunk + builder data)', 'cold'],
    ['<post-composer>, warm (opened again)', 'warm'],
    ['<post-composer>, warm, reduced motion (no transition)', 'reduced'],
  ]) {
    const v = median(results[key]);
    console.log(`  ${label.padEnd(52)} ${`${v.toFixed(1)} ms`.padStart(9)} ${`${(v / base).toFixed(1)}x`.padStart(20)}`);
  }
  const c = results.chunk;
  console.log(
    `  form chunk ${c.name}: ${(c.raw / 1024).toFixed(1)} KiB raw, ${(c.gz / 1024).toFixed(1)} KiB gzip, ${(c.br / 1024).toFixed(1)} KiB brotli`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printComposer(await composerBench());
