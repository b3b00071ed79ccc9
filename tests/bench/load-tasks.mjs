// Long tasks while each demo page loads and its elements upgrade, Chromium with 4× CPU throttling
// (a mid-range phone): the longest task and how many went over 50 ms, on a first visit (a fresh
// browser profile: empty cache) and a warm one (the same page loaded again in that profile), until
// every SDK element on the page has rendered and nothing ran long or was requested for a second.
// Whose code the longest tasks were comes from the long animation frames they fell in (the script
// that ran longest in each). Printed, never asserted on time.
//   node tests/bench/load-tasks.mjs  (after `npm run build`; also part of `npm run bench`)
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { THROTTLE, elementsUpgraded, instrumentedPage, describeScript, recorded, waitForQuiet } from './demo-page.mjs';
import { scale } from './scale.mjs';

/** Who is logged in (the demo's session cookie; `anonymous` is logged out) and how the page is seen. */
export const LOAD_PAGES = [
  { label: '/dashboard (alice)', path: '/dashboard', user: 'alice' },
  { label: '/dashboard?mobile=1 (alice, 390 px)', path: '/dashboard?mobile=1', user: 'alice', mobile: true },
  { label: '/dashboard (logged out)', path: '/dashboard', user: 'anonymous' },
  { label: '/blog/bob (alice)', path: '/blog/bob', user: 'alice' },
];
/** The page is done when no long task and no request started for this long. */
const QUIET_MS = scale(1000, 300);
const RUNS = scale(3, 1);
/** The target for the longest task while a page loads. */
export const LONG_TASK_TARGET_MS = 50;

/** Loads the page and waits for it to settle; its long tasks, and the script that ran longest in each one's frame. */
async function load(page, url, origin) {
  await page.goto(url, { waitUntil: 'load' });
  await elementsUpgraded(page);
  await waitForQuiet(page, QUIET_MS);
  const { longTasks, frames } = await recorded(page);
  const sorted = [...longTasks].sort((a, b) => b.duration - a.duration);
  const whose = (task) => {
    const scripts = frames
      .filter((f) => f.start <= task.start + 1 && f.start + f.duration >= task.start + task.duration - 1)
      .flatMap((f) => f.scripts)
      .filter((s) => s.start < task.start + task.duration && s.start + s.duration > task.start)
      .sort((a, b) => b.duration - a.duration);
    const s = scripts[0];
    return s ? `${describeScript(s, origin)} ${Math.round(s.duration)} ms` : 'no script in its frame';
  };
  return {
    longest: sorted[0]?.duration ?? 0,
    count: longTasks.length,
    // the part of each task over 50 ms, summed: what Lighthouse calls total blocking time
    blocking: longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    top: sorted.slice(0, 3).map((t) => `${Math.round(t.duration)} ms: ${whose(t)}`),
  };
}

export async function loadTasksBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  const demo = await startDemo('load-tasks');
  const browser = await launchChromium();
  const rows = [];
  try {
    for (const spec of scale(LOAD_PAGES, LOAD_PAGES.slice(0, 1))) {
      const row = { ...spec, first: [], warm: [] };
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.createBrowserContext();
        await context.setCookie({ name: 'tl_session', value: spec.user, domain: '127.0.0.1', path: '/' });
        const page = await instrumentedPage(context, { mobile: spec.mobile });
        row.first.push(await load(page, demo.origin + spec.path, demo.origin));
        row.warm.push(await load(page, demo.origin + spec.path, demo.origin));
        await context.close();
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
    demo.close();
  }
  return rows;
}

/** The run with the median longest task (its count and attributions go with it). */
const medianRun = (runs) => [...runs].sort((a, b) => a.longest - b.longest)[Math.floor((runs.length - 1) / 2)];
const cell = (r) => `${Math.round(r.longest)} ms / ${r.count}`;
/** The median blocking time of a page's runs: steadier than the longest task, which one slow task moves. */
const blocking = (runs) => `${Math.round([...runs.map((r) => r.blocking)].sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)])} ms`;

export function printLoadTasks(rows) {
  const n = rows[0]?.first.length ?? 0;
  console.log(
    `\nLong tasks while each demo page loads and its elements upgrade (Chromium, ${THROTTLE}× CPU throttling; longest / count over 50 ms, the median of ${n} run${n === 1 ? '' : 's'}; blocking: the part of each task over 50 ms, summed, median)`,
  );
  console.log(
    `  ${'page'.padEnd(36)} ${'first visit'.padStart(12)} ${'warm'.padStart(12)} ${'blocking'.padStart(9)} ${'(warm)'.padStart(7)}  target ≤ ${LONG_TASK_TARGET_MS} ms`,
  );
  for (const r of rows) {
    const [first, warm] = [medianRun(r.first), medianRun(r.warm)];
    const ok = Math.max(first.longest, warm.longest) <= LONG_TASK_TARGET_MS ? 'ok' : 'over';
    console.log(
      `  ${r.label.padEnd(36)} ${cell(first).padStart(12)} ${cell(warm).padStart(12)} ${blocking(r.first).padStart(9)} ${blocking(r.warm).padStart(7)}  ${ok}`,
    );
    for (const [name, run] of [
      ['first', first],
      ['warm', warm],
    ])
      if (run.top.length) console.log(`    ${name.padEnd(5)} longest: ${run.top.join('; ')}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printLoadTasks(await loadTasksBench());
