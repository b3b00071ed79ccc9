// Size of what a page downloads: gzip and brotli of the loader (with its static
// imports), the shared runtime chunk, each element chunk, and the whole closure a
// page pays for one eagerly imported element.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';

/** What every page pays before any element appears: loader.js and its static imports. */
export const LOADER_BUDGET_GZ = Math.floor(0.9 * 1024);

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const br = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Static imports of an ESM file (dynamic imports are not followed: they load later, on demand). */
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["'](\.[^"']+)["']/g)) found.add(resolve(dirname(file), m[1]));
  for (const m of code.matchAll(/export\s*\*?\s*(?:\{[^}]*\}\s*)?from\s*["'](\.[^"']+)["']/g)) found.add(resolve(dirname(file), m[1]));
  return [...found];
}

export function closure(entry) {
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    staticImports(f).forEach(walk);
  };
  walk(resolve(entry));
  return [...seen];
}

function measure(files) {
  const bufs = files.map((f) => readFileSync(f));
  return {
    raw: bufs.reduce((n, b) => n + b.length, 0),
    gz: bufs.reduce((n, b) => n + gz(b), 0),
    br: bufs.reduce((n, b) => n + br(b), 0),
    files: files.length,
  };
}

export function sizeReport(dist = 'dist') {
  if (!existsSync(join(dist, 'loader.js'))) throw new Error('dist/loader.js is missing: run `npm run build` first');
  const chunks = readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js'));
  const rows = [];
  rows.push({ name: 'loader.js + static imports', ...measure(closure(join(dist, 'loader.js'))) });
  // The breakdown: each file the loader brings before any tag is seen.
  for (const file of closure(join(dist, 'loader.js'))) rows.push({ name: `  ${relative(resolve(dist), file)}`, ...measure([file]) });
  const runtime = chunks.filter((f) => f.startsWith('runtime-')).map((f) => resolve(dist, 'chunks', f));
  const loaderFiles = closure(join(dist, 'loader.js'));
  rows.push({ name: 'runtime chunk(s) (React + widget runtime)', ...measure(runtime) });
  for (const tag of readdirSync(join(dist, 'elements'))
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const entry = join(dist, 'elements', tag);
    const all = closure(entry);
    // Its own code is its registration file too: the component is bundled into it (an element
    // renders in the task it upgrades in), so leaving the entry out would leave the element out.
    const own = all.filter((f) => !runtime.includes(f) && !loaderFiles.includes(f));
    rows.push({ name: `<${tag.replace(/\.js$/, '')}> element code`, ...measure(own) });
    rows.push({ name: `  page total, eager import`, ...measure(all) });
  }
  // Lazy chunks loaded later, on demand: each with what it brings beyond what is already there
  // (the runtime, the loader and, for the editor's parts, the post form).
  const lazy = (prefix) => chunks.filter((f) => f.startsWith(`${prefix}-`)).map((f) => resolve(dist, 'chunks', f));
  const element = (tag) => closure(join(dist, 'elements', `${tag}.js`));
  const postForm = [...element('post-composer'), ...lazy('PostForm').flatMap((f) => closure(f))];
  // The dock's engine loads as it mounts: its inbox and windows come on top of it.
  const dockStarted = [...element('messaging-dock'), ...lazy('dock-engine').flatMap((f) => closure(f))];
  for (const [prefix, label, before] of [
    ['PostForm', 'post form (lazy, on first open)', element('post-composer')],
    ['PhotoFields', 'photo fields (lazy, photo posts)', postForm],
    ['MediaFields', 'audio/video fields (lazy)', postForm],
    ['RichEditor', 'rich text editor (lazy, text body)', postForm],
    ['convert', 'Markdown converters (lazy, on switch)', postForm],
    ['Drawer', 'blog drawer (lazy, on first open)', element('peepr-drawer')],
    ['HelpShell', 'help-docs shell (lazy, help pages)', element('blog-header')],
    ['MobileHeader', 'mobile header (lazy, phones: before upgrade)', element('blog-header')],
    ['HeaderTutorial', 'header tutorial step (lazy, `tutorial`)', element('blog-header')],
    ['ActivityPanel', 'header activity panel (lazy, on intent)', element('blog-header')],
    ['ActivityFeed', 'activity panel (lazy, on intent)', element('activity-popover')],
    ['CardBody', 'blog card body (lazy, first open)', element('blog-card')],
    ['playback-logger', 'video playback log (lazy, at mount)', element('video-player')],
    ['RateMenu', 'video speed menu (lazy, on intent)', element('video-player')],
    ['ScrubberPreview', 'video scrubber preview (lazy, on hover)', element('video-player')],
    ['docking', 'video docking (lazy, on intent)', element('video-player')],
    ['frame-host', "page's side of player frames (lazy)", element('video-player')],
    ['frame-bridge', 'embedded player link (lazy, in frames)', element('video-player')],
    ['hls-attach', 'hls.js (lazy, HLS without native)', element('video-player')],
    ['GifPanel', 'GIF search panel (lazy, first open)', element('gif-search')],
    ['AskDialog', 'ask form dialog (lazy, first open)', element('ask-form')],
    ['dock-engine', 'messaging engine (lazy, on mount)', element('messaging-dock')],
    ['InboxPopover', 'messaging inbox (lazy, on intent)', dockStarted],
    ['ConversationWindow', 'messaging windows (lazy, on intent)', dockStarted],
    ['popover-position', 'popover placement (lazy, first popover)', []],
    ['page-tabs', "the user's other tabs (beside the runtime)", []],
  ]) {
    const entries = lazy(prefix);
    if (!entries.length) continue;
    const files = [...new Set(entries.flatMap((f) => closure(f)))].filter(
      (f) => !runtime.includes(f) && !loaderFiles.includes(f) && !before.includes(f),
    );
    rows.push({ name: `lazy: ${label}`, ...measure(files) });
  }
  return rows.map((r) => ({ ...r, name: r.name.replace(resolve(dist), 'dist') }));
}

export function printSizes(rows) {
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log('\nSizes (bytes a page downloads)');
  console.log(`  ${'what'.padEnd(44)} ${'files'.padStart(5)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(44)} ${String(r.files).padStart(5)} ${kib(r.raw).padStart(10)} ${kib(r.gz).padStart(10)} ${kib(r.br).padStart(10)}`,
    );
}

export { relative };
