// Layout shift on every demo page, in Chromium with 4× CPU throttling (a mid-range phone): the
// sum of layout-shift scores without recent input (CLS as the browser reports it, over the whole
// load), how many shifts there were, and which nodes moved most. Printed numbers only.
//   node tests/bench/cls.mjs        (after `npm run build`; also part of `npm run bench`)
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { scale } from './scale.mjs';

export const CLS_PAGES = [
  '/dashboard',
  '/dashboard?mobile=1',
  '/dashboard?as=anonymous',
  '/blog/bob',
  '/following',
  '/messaging/conversation/bob',
];
const THROTTLE = 4;
/** The page has settled when no shift and no request happened for this long. */
const QUIET_MS = scale(1500, 300);

async function measure(browser, url) {
  const page = await browser.newPage();
  await page.setViewport({ width: url.includes('mobile=1') ? 390 : 1280, height: 900 });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.evaluateOnNewDocument(() => {
    const describe = (node) => {
      if (!node || node.nodeType !== 1) return node?.nodeName ?? '?';
      const root = node.getRootNode();
      const host = root instanceof ShadowRoot ? `${root.host.localName} › ` : '';
      const parent = node.parentElement
        ? `${node.parentElement.localName}${node.parentElement.classList?.length ? `.${node.parentElement.classList[0]}` : ''} > `
        : '';
      return `${host}${parent}${node.localName}${node.id ? `#${node.id}` : ''}${node.classList?.length ? `.${[...node.classList].slice(0, 2).join('.')}` : ''}`;
    };
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((s) => ({
            node: describe(s.node),
            dy: Math.round(s.currentRect.y - s.previousRect.y),
            dh: Math.round(s.currentRect.height - s.previousRect.height),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const count = await page.evaluate(() => window.__shifts.length + performance.getEntriesByType('resource').length);
    if (count !== last) {
      last = count;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= QUIET_MS) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const shifts = await page.evaluate(() => window.__shifts);
  await page.close();
  const cls = shifts.reduce((sum, s) => sum + s.value, 0);
  const movers = new Map();
  for (const s of shifts)
    for (const src of s.sources) movers.set(src.node, (movers.get(src.node) ?? 0) + s.value / Math.max(1, s.sources.length));
  const top = [...movers]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([node]) => node);
  if (process.env.CLS_DETAIL) console.log(url, JSON.stringify(shifts, null, 1));
  return { url, cls, shifts: shifts.length, top };
}

export async function clsBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  const demo = await startDemo('cls');
  const browser = await launchChromium();
  try {
    const rows = [];
    for (const path of scale(CLS_PAGES, CLS_PAGES.slice(0, 2))) rows.push({ ...(await measure(browser, demo.origin + path)), path });
    return rows;
  } finally {
    await browser.close();
    demo.close();
  }
}

export function printCls(rows) {
  console.log(`\nLayout shift per demo page (Chromium, ${THROTTLE}× CPU throttling, until ${QUIET_MS} ms without a shift or request)`);
  console.log(`  ${'page'.padEnd(30)} ${'CLS'.padStart(7)} ${'shifts'.padStart(7)}  moved most`);
  for (const r of rows)
    console.log(`  ${r.path.padEnd(30)} ${r.cls.toFixed(3).padStart(7)} ${String(r.shifts).padStart(7)}  ${r.top.join(', ') || '—'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printCls(await clsBench());
