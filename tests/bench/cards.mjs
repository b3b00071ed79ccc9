// 500 <blog-card> anchors (one React root per shadow root, via the lazy loader)
// versus the same BlogCard component rendered into the same 500 light-DOM anchors
// from one React root with portals. Same browser, same run, alternating order.
import { build } from 'esbuild';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchChromium, serveBench } from './browser.mjs';
import { scale } from './scale.mjs';

const ROOT = resolve('.');
const OUT = resolve('.bench');
const COUNT = scale(500, 20);
const RUNS = scale(5, 1);

const anchors = Array.from({ length: COUNT }, (_, i) => `blog-${i % 50}`);
const customPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>500 blog-card</title>
<script type="module">
  performance.mark('start');
  await import('/dist/loader.js');
  const els = [...document.querySelectorAll('blog-card')];
  await customElements.whenDefined('blog-card');
  await Promise.all(els.map((e) => e.ready));
  window.__done = performance.now() - performance.getEntriesByName('start')[0].startTime;
</script></head><body>
${anchors.map((n) => `<blog-card blog-name="${n}"><a href="/blog/${n}">${n}</a></blog-card>`).join('\n')}
</body></html>`;
const baselinePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>500 light DOM</title>
<script type="module" src="/.bench/baseline.js"></script></head><body>
${anchors.map((n) => `<span class="host" data-name="${n}"><a href="/blog/${n}">${n}</a></span>`).join('\n')}
</body></html>`;

const baselineSource = `
import { createElement as h, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createPortal, flushSync } from 'react-dom';
import BlogCard from '../elements/blog-card/BlogCard';
import { WidgetContext } from '../src/core/widget-context';
import { ConfirmOutlet } from '../src/ui/ConfirmQueue';
const start = performance.now();
const hosts = [...document.querySelectorAll('span.host')];
let pending = hosts.length;
function Done() { useEffect(() => { if (--pending === 0) window.__done = performance.now() - start; }, []); return null; }
const items = hosts.map((host, i) => {
  const ctx = { host, shadowRoot: null, tag: 'blog-card', instanceId: 'b' + i, announce: () => true };
  return createPortal(h(WidgetContext.Provider, { value: ctx }, h(BlogCard, { blogName: host.dataset.name }), h(ConfirmOutlet), h(Done)), host, 'k' + i);
});
const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(items);
`;

export async function cardsBench() {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first');
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'baseline-entry.tsx'), baselineSource);
  await build({
    entryPoints: [join(OUT, 'baseline-entry.tsx')],
    bundle: true,
    format: 'esm',
    minify: true,
    outfile: join(OUT, 'baseline.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'text' },
    jsx: 'automatic',
    logLevel: 'error',
    // package.json's "sideEffects" is about dist/: it must not mark these sources pure.
    ignoreAnnotations: true,
  });
  const pages = { '/custom': customPage, '/baseline': baselinePage };
  const server = await serveBench({
    root: ROOT,
    route: (url) => (url.pathname in pages ? { type: 'text/html', body: pages[url.pathname] } : undefined),
  });
  const { base } = server;
  const browser = await launchChromium(['--js-flags=--expose-gc']);
  const results = { custom: [], baseline: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const kind of run % 2 ? ['baseline', 'custom'] : ['custom', 'baseline']) {
        const page = await browser.newPage();
        const cdp = await page.createCDPSession();
        await cdp.send('Performance.enable');
        await page.goto(`${base}/${kind}`);
        await page.waitForFunction('window.__done !== undefined', { timeout: 60000, polling: 50 });
        const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
        const info = await page.evaluate(() => {
          const count = (root) => {
            let n = 0;
            for (const el of root.querySelectorAll('*')) {
              n++;
              if (el.shadowRoot) n += count(el.shadowRoot);
            }
            return n;
          };
          globalThis.gc?.();
          return { done: window.__done, nodes: count(document), heap: performance.memory?.usedJSHeapSize ?? 0 };
        });
        results[kind].push({
          ms: info.done,
          cpu: (metrics.TaskDuration ?? 0) * 1000,
          script: (metrics.ScriptDuration ?? 0) * 1000,
          nodes: info.nodes,
          heap: info.heap,
          listeners: metrics.JSEventListeners ?? 0,
        });
        await page.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  return results;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function printCards(results) {
  const m = (kind, key) => median(results[kind].map((r) => r[key]));
  console.log(`\n${COUNT} blog-card anchors, median of ${RUNS} runs each (Chromium, alternating order)`);
  console.log(
    `  ${'metric'.padEnd(30)} ${`<blog-card> x${COUNT}`.padStart(18)} ${'light DOM, 1 root'.padStart(18)} ${'ratio'.padStart(8)}`,
  );
  const row = (label, key, fmt) => {
    const a = m('custom', key);
    const b = m('baseline', key);
    console.log(`  ${label.padEnd(30)} ${fmt(a).padStart(18)} ${fmt(b).padStart(18)} ${(b ? a / b : NaN).toFixed(2).padStart(7)}x`);
  };
  const ms = (v) => `${v.toFixed(0)} ms`;
  row('time to all rendered', 'ms', ms);
  row('main-thread task time (CPU)', 'cpu', ms);
  row('script time', 'script', ms);
  row('DOM nodes (incl. shadow)', 'nodes', (v) => String(v));
  row('JS heap after GC', 'heap', (v) => `${(v / 1048576).toFixed(1)} MiB`);
  row('event listeners', 'listeners', (v) => String(v));
}
