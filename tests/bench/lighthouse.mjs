// Lighthouse (12.2.3, pinned in package.json) on the demo: its default config (the mobile preset
// with simulated throttling: a mid-range phone on slow 4G, 4× CPU), the performance category only,
// run through its Node API on the bench's Chromium (scripts/lib/browsers.mjs). Per page: the
// score, total blocking time, largest contentful paint and layout shift, against the issue's
// targets, and the scripts with the most main-thread time (its bootup-time audit). The session is
// the demo's cookie, sent as a header on every request. Printed, never asserted on score or time.
//   node tests/bench/lighthouse.mjs  (after `npm run build`; also part of `npm run bench`)
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { shortUrl } from './demo-page.mjs';
import { scale } from './scale.mjs';

/** The targets: a blog page is the light one; a dashboard runs every element. */
export const LIGHTHOUSE_PAGES = [
  { label: '/blog/bob', path: '/blog/bob', user: 'alice', score: 95, tbt: 100 },
  { label: '/dashboard (alice)', path: '/dashboard', user: 'alice', score: 85, tbt: 300 },
  { label: '/dashboard (logged out)', path: '/dashboard', user: 'anonymous', score: 85, tbt: 300 },
];
const RUNS = scale(2, 1);

async function audit(port, origin, spec) {
  // Loaded when used: `npm run bench -- --sizes-only` does not pay for Lighthouse's own start-up.
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(origin + spec.path, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: { Cookie: `tl_session=${spec.user}` },
  });
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${spec.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? [])
    .filter((item) => item.url.startsWith(origin))
    .sort((a, b) => b.scripting - a.scripting)
    .slice(0, 2)
    .map((item) => `${shortUrl(item.url, origin)} ${Math.round(item.scripting)} ms`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    bootup,
    warnings: lhr.runWarnings,
  };
}

export async function lighthouseBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  const demo = await startDemo('lighthouse');
  const browser = await launchChromium();
  try {
    // Lighthouse drives the bench's Chromium through its DevTools port (it opens its own tab).
    const port = Number(new URL(browser.wsEndpoint()).port);
    const rows = [];
    for (const spec of scale(LIGHTHOUSE_PAGES, LIGHTHOUSE_PAGES.slice(0, 1))) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(port, demo.origin, spec));
      rows.push({ ...spec, runs });
    }
    return rows;
  } finally {
    await browser.close();
    demo.close();
  }
}

export function printLighthouse(rows) {
  const n = rows[0]?.runs.length ?? 0;
  console.log(
    `\nLighthouse 12.2.3, performance, mobile preset with simulated throttling (the bench's Chromium; ${n} run${n === 1 ? '' : 's'} per page)`,
  );
  console.log(
    `  ${'page'.padEnd(26)} ${'score'.padStart(9)} ${'TBT ms'.padStart(11)} ${'LCP s'.padStart(11)} ${'CLS'.padStart(11)}  target             most script time`,
  );
  const each = (runs, f) => runs.map(f).join(' / ');
  for (const r of rows) {
    const ok = r.runs.every((x) => x.score >= r.score && x.tbt <= r.tbt) ? 'ok' : 'under';
    console.log(
      `  ${r.label.padEnd(26)} ${each(r.runs, (x) => String(x.score)).padStart(9)} ${each(r.runs, (x) => String(Math.round(x.tbt))).padStart(11)} ${each(
        r.runs,
        (x) => (x.lcp / 1000).toFixed(1),
      ).padStart(
        11,
      )} ${each(r.runs, (x) => x.cls.toFixed(3)).padStart(11)}  ≥ ${r.score}, TBT ≤ ${r.tbt} ${ok.padEnd(5)} ${r.runs[0].bootup.join(', ')}`,
    );
    for (const w of new Set(r.runs.flatMap((x) => x.warnings))) console.log(`    warning: ${w}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printLighthouse(await lighthouseBench());
