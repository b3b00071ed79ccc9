// The body editor after a 200 KB paste (issue #13): on /new/text, a 200 KB HTML document (a long
// article's paragraphs, lists, links and formatting) is pasted into the rich editor, then 40 keys
// are typed at its end, each timed from the key press to the next frame after the editor's
// update. Baselines, in the same run and page, with the same keys: a plain <textarea> holding the
// same document's text, and a plain contenteditable holding its HTML (what the browser's own
// editing costs). Printed as ratios (median and p95 per key); never asserted on time.
// Also the editor chunk's size, gzip and brotli.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { launchChromium } from './browser.mjs';
import { startDemo } from './demo-server.mjs';
import { scale } from './scale.mjs';

const KEYS = scale(40, 5);

/** About 200 KB of article HTML: paragraphs with bold, italic and links, lists and quotes. */
export function articleHtml(bytes = 200_000) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const block =
      i % 7 === 3
        ? `<ul><li>Point ${i} about the harbour</li><li>Another with <b>weight</b></li><li>And a <a href="https://example.com/${i}">link</a></li></ul>`
        : i % 11 === 5
          ? `<blockquote>A quoted line number ${i}, from somebody who knew the tides.</blockquote>`
          : `<p>Paragraph ${i}: the boats came in at <strong>six</strong>, the nets were <em>heavy</em>, and the gulls took what they could. See <a href="https://example.com/p/${i}">the log</a> for the rest of it, written down before the light went.</p>`;
    parts.push(block);
    size += block.length;
  }
  return parts.join('\n');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

/** Times each key from press to the frame after the target's content changed. */
async function timeKeys(page, focusScript) {
  await page.evaluate(focusScript);
  const times = [];
  for (let i = 0; i < KEYS; i++) {
    await page.evaluate(() => {
      window.__keyStart = performance.now();
    });
    await page.keyboard.press(i % 8 === 7 ? 'Space' : 'KeyA');
    times.push(
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - window.__keyStart), 0))),
      ),
    );
  }
  return times;
}

export async function editorBench() {
  const demo = await startDemo('editor');
  const browser = await launchChromium();
  const html = articleHtml();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    await page.goto(`${demo.origin}/new/text?as=alice`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('pierce/.ed-content', { timeout: 20_000 });
    const pasteStart = Date.now();
    await page.evaluate((doc) => {
      const ed = document.querySelector('post-composer').shadowRoot.querySelector('.ed-content');
      ed.focus();
      const data = new DataTransfer();
      data.setData('text/html', doc);
      const paste = new ClipboardEvent('paste', { bubbles: true, composed: true, cancelable: true, clipboardData: data });
      ed.dispatchEvent(paste);
    }, html);
    await page.waitForFunction(
      () => document.querySelector('post-composer').shadowRoot.querySelector('.ed-content').textContent.length > 100_000,
      { timeout: 60_000 },
    );
    const pasteMs = Date.now() - pasteStart;
    const nodes = await page.evaluate(
      () => document.querySelector('post-composer').shadowRoot.querySelector('.ed-content').querySelectorAll('*').length,
    );
    const editor = await timeKeys(page, () => {
      const ed = document.querySelector('post-composer').shadowRoot.querySelector('.ed-content');
      ed.focus();
      const selection = document.querySelector('post-composer').shadowRoot.getSelection?.() ?? document.getSelection();
      selection.selectAllChildren(ed.lastElementChild ?? ed);
      selection.collapseToEnd();
    });
    // The baseline on the same page: a textarea with the document's text.
    await page.evaluate((doc) => {
      const area = document.createElement('textarea');
      area.id = 'baseline';
      area.value = new DOMParser().parseFromString(doc, 'text/html').body.textContent;
      document.body.append(area);
    }, html);
    const baseline = await timeKeys(page, () => {
      const area = document.getElementById('baseline');
      area.focus();
      area.setSelectionRange(area.value.length, area.value.length);
    });
    // A second baseline: a plain contenteditable with the same HTML. The gap between it and the
    // textarea is the browser's own editing of a large rich document (in Chromium its selection
    // and text-offset work grows with the document), which no editor library can avoid.
    await page.evaluate((doc) => {
      const editable = document.createElement('div');
      editable.id = 'editable';
      editable.contentEditable = 'true';
      editable.append(...new DOMParser().parseFromString(doc, 'text/html').body.childNodes);
      document.body.append(editable);
    }, html);
    const editable = await timeKeys(page, () => {
      const div = document.getElementById('editable');
      div.focus();
      const selection = document.getSelection();
      selection.selectAllChildren(div.lastElementChild ?? div);
      selection.collapseToEnd();
    });
    return { bytes: html.length, pasteMs, nodes, editor, baseline, editable };
  } finally {
    await browser.close();
    demo.close();
  }
}

export function printEditor(r) {
  const chunk = readdirSync('dist/chunks').find((f) => /^RichEditor-.*\.js$/.test(f));
  const code = chunk ? readFileSync(join('dist/chunks', chunk)) : Buffer.alloc(0);
  console.log(
    `\nBody editor after a ${(r.bytes / 1024).toFixed(0)} KiB HTML paste (${r.nodes} elements in the editor; the paste took ${r.pasteMs} ms)`,
  );
  console.log(`  per key, rich editor:   median ${median(r.editor).toFixed(1)} ms, p95 ${p95(r.editor).toFixed(1)} ms`);
  console.log(`  per key, <textarea>:    median ${median(r.baseline).toFixed(1)} ms, p95 ${p95(r.baseline).toFixed(1)} ms`);
  console.log(
    `  per key, contenteditable with the same HTML: median ${median(r.editable).toFixed(1)} ms, p95 ${p95(r.editable).toFixed(1)} ms`,
  );
  console.log(
    `  ratio (editor / textarea): median ${(median(r.editor) / median(r.baseline)).toFixed(2)}×, p95 ${(p95(r.editor) / p95(r.baseline)).toFixed(2)}×`,
  );
  console.log(
    `  ratio (editor / contenteditable): median ${(median(r.editor) / median(r.editable)).toFixed(2)}×, p95 ${(p95(r.editor) / p95(r.editable)).toFixed(2)}×`,
  );
  console.log(
    `  editor chunk: ${(code.length / 1024).toFixed(1)} KiB raw, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KiB gzip, ${(brotliCompressSync(code).length / 1024).toFixed(1)} KiB brotli`,
  );
}
