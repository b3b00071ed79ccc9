// <gif-search> with 200 results: how many result tiles are mounted (virtualised by scroll
// position), and the longest main-thread task while scrolling the grid top to bottom and back.
// Its own tiny server: the built SDK (dist/, or DIST_DIR), a page with one <gif-search open>, a search endpoint that
// answers 200 items, and small SVG images. Printed, never asserted on time.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchChromium, serveBench } from './browser.mjs';
import { scale } from './scale.mjs';

const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const COUNT = scale(200, 20);
// A form key, as every page has: the search is a POST, and the client sends no POST without one.
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>gif-search x${COUNT}</title>
<meta name="tumblr-form-key" content="bench-form-key"><script type="module" src="/dist/loader.js"></script></head><body style="margin:0;height:100vh">
<button id="t" style="margin:20px">GIFs</button><gif-search anchor="t" open></gif-search></body></html>`;
const media = Array.from({ length: COUNT }, (_, i) => ({
  mediaUrl: `/img/${i}.svg`,
  postUrl: '/p',
  rootPostUrl: '/p',
  rootPostUrlHash: `Z${i}`,
  rootBlog: `blog-${i % 17}`,
  rootBlogUrl: '/b',
  rootBlogKey: 'k',
  postTags: ['gif', `tag${i % 7}`, 'bench', 'many'],
  popularSearchTag: 'many',
  width: 250,
  height: 140 + (i % 9) * 20,
}));
const svg = (i) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="250" height="200"><rect width="250" height="200" fill="hsl(${(i * 37) % 360} 60% 60%)"/></svg>`;

export async function gifGridBench() {
  if (!existsSync(join(DIST, 'loader.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const server = await serveBench({
    root: DIST,
    prefix: '/dist/',
    route(url) {
      if (url.pathname === '/gif') return { type: 'text/html', body: page };
      if (url.pathname === '/svc/search/inline_gif')
        return { type: 'application/json', body: JSON.stringify({ meta: { status: 200 }, response: { media } }) };
      const img = /^\/img\/(\d+)\.svg$/.exec(url.pathname);
      if (img) return { type: 'image/svg+xml', headers: { 'cache-control': 'max-age=3600' }, body: svg(Number(img[1])) };
      return undefined;
    },
  });
  const { base } = server;
  const browser = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.setViewport({ width: 1000, height: 900 });
    await tab.goto(`${base}/gif`);
    // Polled each frame: the panel is a lazy chunk, and a selector wait re-checks only on the
    // document's own mutations, never on those inside a shadow root.
    await tab.waitForFunction(() => Boolean(document.querySelector('gif-search')?.shadowRoot?.querySelector('input')), { timeout: 30000 });
    const box = await tab.evaluateHandle(() => document.querySelector('gif-search').shadowRoot.querySelector('input'));
    await box.type('many');
    await tab.waitForFunction(
      (count) =>
        document.querySelector('gif-search')?.shadowRoot?.querySelector('[role="grid"]')?.getAttribute('data-rendered') === String(count),
      { timeout: 30000 },
      COUNT,
    );
    const atTop = await tab.evaluate(() => document.querySelector('gif-search').shadowRoot.querySelectorAll('[role="gridcell"]').length);
    const scroll = await tab.evaluate(async () => {
      const root = document.querySelector('gif-search').shadowRoot;
      const scroller = root.querySelector('[part="results"]');
      const longTasks = [];
      const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
      observer.observe({ entryTypes: ['longtask'] });
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
      let maxMounted = 0;
      let maxFrameGap = 0;
      let last = await frame();
      const step = 120;
      const positions = [];
      for (let y = 0; y <= scroller.scrollHeight; y += step) positions.push(y);
      for (const y of [...positions, ...positions.reverse()]) {
        scroller.scrollTop = y;
        const now = await frame();
        maxFrameGap = Math.max(maxFrameGap, now - last);
        last = now;
        maxMounted = Math.max(maxMounted, root.querySelectorAll('[role="gridcell"]').length);
      }
      await new Promise((r) => setTimeout(r, 400)); // let the 250 ms virtualisation debounce settle
      observer.disconnect();
      return {
        steps: positions.length * 2,
        height: scroller.scrollHeight,
        maxMounted,
        maxFrameGap,
        longTasks,
        settled: root.querySelectorAll('[role="gridcell"]').length,
      };
    });
    return { count: COUNT, atTop, ...scroll };
  } finally {
    await browser.close();
    server.close();
  }
}

export function printGifGrid(r) {
  console.log(`\n<gif-search> with ${r.count} results (Chromium)`);
  console.log(`  mounted result tiles at the top             ${r.atTop} of ${r.count}`);
  console.log(
    `  most mounted while scrolling                ${r.maxMounted} of ${r.count} (${r.steps} scroll steps over ${r.height} px, down and up)`,
  );
  console.log(`  mounted after scrolling settles             ${r.settled}`);
  console.log(
    `  longest task while scrolling (long tasks)   ${r.longTasks.length ? `${Math.max(...r.longTasks).toFixed(0)} ms (${r.longTasks.length} over 50 ms)` : 'none over 50 ms'}`,
  );
  console.log(`  longest gap between frames                  ${r.maxFrameGap.toFixed(0)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) printGifGrid(await gifGridBench());
