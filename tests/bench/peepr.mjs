// <peepr-drawer> on the demo dashboard, 200 posts of long-archive loaded by autopaging (scrolling
// its list to the bottom until 200 have arrived), versus the same 200 posts as plain
// server-rendered HTML (the dashboard's own post markup) scrolled top to bottom in the same
// browser and run. Printed: DOM nodes mounted, long tasks and frame gaps while scrolling, each
// also as a ratio against the plain page. Never asserted on time.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { scale } from './scale.mjs';

const TARGET = scale(200, 30);
const STEPS = scale(300, 20);

async function renderers() {
  const { tsImport } = await import('tsx/esm/api');
  const { toPostView } = await tsImport(pathToFileURL(resolve('demo/server/routes/pages.ts')).href, import.meta.url);
  const { postHtml } = await tsImport(pathToFileURL(resolve('demo/pages/dashboard.ts')).href, import.meta.url);
  return { toPostView, postHtml };
}

/** Scrolls `selector` (or the page) top to bottom in STEPS frames, counting long tasks and frame gaps. */
async function scrollMeasure(page, selector) {
  return page.evaluate(
    async (sel, steps) => {
      const el = sel ? document.querySelector('peepr-drawer').shadowRoot.querySelector(sel) : document.scrollingElement;
      const longTasks = [];
      const po = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
      try {
        po.observe({ type: 'longtask', buffered: false });
      } catch {
        /* not supported */
      }
      const gaps = [];
      el.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(r));
      let last = performance.now();
      for (let i = 1; i <= steps; i++) {
        el.scrollTop = ((el.scrollHeight - el.clientHeight) * i) / steps;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      po.disconnect();
      gaps.sort((a, b) => a - b);
      return {
        longTasks: longTasks.length,
        longTaskMs: Math.round(longTasks.reduce((a, b) => a + b, 0)),
        p95Gap: Math.round(gaps[Math.floor(gaps.length * 0.95)] * 10) / 10,
        maxGap: Math.round(gaps[gaps.length - 1] * 10) / 10,
        over50: gaps.filter((g) => g > 50).length,
      };
    },
    selector,
    STEPS,
  );
}

export async function peeprBench() {
  const demo = await startDemo('peepr');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${demo.origin}/dashboard?as=alice&peepr=long-archive`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(
      () => Number(document.querySelector('peepr-drawer')?.shadowRoot?.querySelector('.list')?.dataset.count ?? 0) >= 10,
    );
    const started = Date.now();
    // Autopaging: scroll the list to its bottom until 200 posts have arrived.
    await page.evaluate(async (target) => {
      const root = document.querySelector('peepr-drawer').shadowRoot;
      const scroller = root.querySelector('.scroller');
      const count = () => Number(root.querySelector('.list').dataset.count);
      while (count() < target) {
        const before = count();
        scroller.scrollTop = scroller.scrollHeight;
        const t0 = performance.now();
        while (count() === before && performance.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 50));
        if (count() === before) throw new Error(`autopaging stopped at ${before}`);
      }
    }, TARGET);
    const pagingMs = Date.now() - started;
    const drawerNodes = await page.evaluate(() => {
      const countIn = (root) => {
        let n = 0;
        for (const el of root.querySelectorAll('*')) {
          n++;
          if (el.shadowRoot) n += countIn(el.shadowRoot);
        }
        return n;
      };
      const root = document.querySelector('peepr-drawer').shadowRoot;
      return {
        nodes: countIn(root.querySelector('.list')),
        posts: Number(root.querySelector('.list').dataset.count),
        mounted: root.querySelectorAll('article.post').length,
      };
    });
    const drawerScroll = await scrollMeasure(page, '.scroller');
    const heap = await page.evaluate(() => (performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1024 / 1024) : null));

    // The same 200 posts as plain server-rendered HTML.
    const { toPostView, postHtml } = await renderers();
    const rows = await (await fetch(`${demo.origin}/__demo/state?table=posts&blog_name=long-archive&limit=${TARGET}`)).json();
    const html = rows.rows
      .sort((a, b) => b.timestamp - a.timestamp)
      .map((r) => postHtml(toPostView(demo.origin, r), { ownBlogs: [] }).toString())
      .join('');
    const plain = await browser.newPage();
    await plain.setViewport({ width: 1280, height: 900 });
    await plain.goto(`${demo.origin}/dashboard?as=alice`, { waitUntil: 'networkidle0' });
    await plain.evaluate((markup) => {
      // Replace the dashboard's posts with the 200 (server-made markup, as the page would ship it).
      const list = document.querySelector('#posts');
      const tpl = document.createElement('template');
      tpl.innerHTML = markup;
      list.replaceChildren(tpl.content);
    }, html);
    await new Promise((r) => setTimeout(r, 1500));
    const plainNodes = await plain.evaluate(() => document.querySelectorAll('#posts *').length);
    const plainScroll = await scrollMeasure(plain, null);
    return { pagingMs, drawerNodes, drawerScroll, heap, plainNodes, plainScroll };
  } finally {
    await browser.close();
    demo.close();
  }
}

export function printPeepr(r) {
  const ratio = (a, b) => (b ? (a / b).toFixed(2) : a === 0 ? '1.00' : '∞');
  console.log(
    `\n<peepr-drawer>: ${r.drawerNodes.posts} posts of long-archive by autopaging (${(r.pagingMs / 1000).toFixed(1)} s) vs the same posts as plain server HTML`,
  );
  console.log('  what                          drawer      plain   ratio');
  console.log(
    `  DOM nodes in the list       ${String(r.drawerNodes.nodes).padStart(8)} ${String(r.plainNodes).padStart(10)}   ${ratio(r.drawerNodes.nodes, r.plainNodes)}  (posts mounted: ${r.drawerNodes.mounted})`,
  );
  console.log(
    `  long tasks while scrolling  ${String(r.drawerScroll.longTasks).padStart(8)} ${String(r.plainScroll.longTasks).padStart(10)}   ${ratio(r.drawerScroll.longTasks, r.plainScroll.longTasks)}  (${r.drawerScroll.longTaskMs} ms vs ${r.plainScroll.longTaskMs} ms)`,
  );
  console.log(
    `  p95 frame gap (ms)          ${String(r.drawerScroll.p95Gap).padStart(8)} ${String(r.plainScroll.p95Gap).padStart(10)}   ${ratio(r.drawerScroll.p95Gap, r.plainScroll.p95Gap)}`,
  );
  console.log(
    `  frames over 50 ms           ${String(r.drawerScroll.over50).padStart(8)} ${String(r.plainScroll.over50).padStart(10)}   ${ratio(r.drawerScroll.over50, r.plainScroll.over50)}  (max ${r.drawerScroll.maxGap} vs ${r.plainScroll.maxGap} ms)`,
  );
  if (r.heap !== null) console.log(`  JS heap after paging: ${r.heap} MiB`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printPeepr(await peeprBench());
