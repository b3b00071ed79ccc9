// Many tabs, one user (README, "Many tabs, one user"): alice's polls per minute with 1, 3 and 10
// /dashboard tabs open in one browser, each with its inbox open, as the reference server counts
// them (`/__demo/polls`); and the same tabs with `?tab_sync=0`, where each tab polls for itself.
// Polling at 1 s (`?poll_ms=1000`) with the spec's inbox back-off; counted over a window after
// every tab is open, scaled to a minute. Printed numbers only.
//   node tests/bench/tabs.mjs        (after `npm run build`; also part of `npm run bench`)
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { scale } from './scale.mjs';

const WINDOW_MS = scale(30_000, 3_000);
const TAB_COUNTS = scale([1, 3, 10], [1, 2]);

async function openTab(browser, url) {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  // the inbox button lives in <blog-header>'s shadow root, and its code loads lazily: poll for it
  await page.waitForFunction(
    () => {
      const button = document.querySelector('blog-header')?.shadowRoot?.querySelector('[data-target="inbox"]');
      const dock = document.querySelector('messaging-dock')?.shadowRoot;
      if (!button || !dock) return false;
      if (!dock.querySelector('[part~="inbox"]')) button.click();
      return dock.querySelector('[part~="inbox"]') !== null;
    },
    { polling: 200, timeout: 30_000 },
  );
  return page;
}

async function pollsPerMinute(demo, tabs, sync) {
  const browser = await launchChromium();
  try {
    const url = `${demo.origin}/dashboard?as=alice&poll_ms=1000${sync ? '' : '&tab_sync=0'}`;
    for (let i = 0; i < tabs; i++) await openTab(browser, url);
    await fetch(`${demo.origin}/__demo/polls`, { method: 'DELETE' });
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const { polls } = await (await fetch(`${demo.origin}/__demo/polls`)).json();
    return ((polls.alice ?? 0) * 60_000) / WINDOW_MS;
  } finally {
    await browser.close();
  }
}

export async function tabsBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  const demo = await startDemo('tabs');
  try {
    const rows = [];
    for (const tabs of TAB_COUNTS) {
      const shared = await pollsPerMinute(demo, tabs, true);
      const apart = tabs === 1 ? shared : await pollsPerMinute(demo, tabs, false);
      rows.push({ tabs, shared, apart });
    }
    return rows;
  } finally {
    demo.close();
  }
}

export function printTabs(rows) {
  console.log(
    `\nPolls per minute for one user's tabs (Chromium, inbox open in each, poll_ms=1000 with the inbox back-off; counted by the server over ${WINDOW_MS / 1000} s)`,
  );
  console.log(`  ${'tabs'.padStart(4)} ${'one poller'.padStart(11)} ${'each tab (tab_sync: false)'.padStart(27)} ${'saving'.padStart(7)}`);
  const base = rows[0]?.shared || 1;
  for (const r of rows)
    console.log(
      `  ${String(r.tabs).padStart(4)} ${r.shared.toFixed(0).padStart(11)} ${r.apart.toFixed(0).padStart(27)} ${`${(r.apart / Math.max(1, r.shared)).toFixed(1)}×`.padStart(7)}   (${(r.shared / base).toFixed(2)}× one tab)`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printTabs(await tabsBench());
