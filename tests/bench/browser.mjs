// What every bench needs to open a page: Debian's Chromium with the flags it needs here
// (scripts/lib/browsers.mjs), and a tiny static server for benches that serve their own page.
import { createServer } from 'node:http';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ROOT_FLAGS, chromiumPath } from '../../scripts/lib/browsers.mjs';

/**
 * Chromium 156 gives every new window (a bench's fresh browser context is one) a renderer for its
 * omnibox popup, a web page of its own UI, even headless: about 1.1 s of CPU in that renderer and
 * 0.56 s in the browser process, in the first second, on this machine's two cores while the page
 * under measurement loads. Measured with /proc: a context and a page made 1.7 s of CPU in the
 * browser's processes without these features, 0.4 s with them off.
 */
const QUIET_UI = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup';

/**
 * Headless Chromium; `args` adds flags (e.g. `--js-flags=--expose-gc`). Resolves once the browser's
 * own start-up work is over (its processes near idle), so a stage's first page is not measured
 * against it.
 */
export async function launchChromium(args = []) {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ROOT_FLAGS, QUIET_UI, ...args],
  });
  await quiet(browser.process()?.pid);
  return browser;
}

/** CPU time (clock ticks) of a process and all its descendants, from /proc (Linux); null elsewhere. */
function treeTicks(root) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const stats = new Map();
  for (const pid of entries) {
    try {
      // the command name (field 2) may hold spaces: the fields after its closing parenthesis
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  if (!stats.has(root)) return null;
  let total = 0;
  const tree = new Set([root]);
  // passes until nothing is added: /proc lists a child before its parent when pids wrap around
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, s] of stats)
      if (!tree.has(pid) && tree.has(s.ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  for (const pid of tree) total += stats.get(pid).ticks;
  return total;
}

/** Waits until the browser's processes used under 5% of a core for two windows of 250 ms in a row (at most 20 s). */
async function quiet(pid) {
  if (!pid || treeTicks(pid) === null) return;
  const WINDOW_MS = 250;
  const deadline = Date.now() + 20_000;
  let before = treeTicks(pid);
  let calm = 0;
  while (calm < 2 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const now = treeTicks(pid);
    if (now === null) return;
    // /proc counts in ticks of 10 ms: 5% of 250 ms is one tick
    calm = now - before <= 1 ? calm + 1 : 0;
    before = now;
  }
  if (calm < 2) console.warn('[bench] the browser was still busy 20 s after its start; measuring anyway');
}

const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

/**
 * A server on a free port: `route(url)` answers what it knows with `{ type, body, status?, headers? }`,
 * and the rest is a file under `root` at the path after `prefix` (404 outside it). Resolves to
 * `{ base, close }`.
 */
export async function serveBench({ root, prefix = '/', route = () => undefined }) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const answer = route(url);
    if (answer) return void res.writeHead(answer.status ?? 200, { 'content-type': answer.type, ...answer.headers }).end(answer.body);
    const file = join(root, url.pathname.slice(prefix.length - 1));
    if (!url.pathname.startsWith(prefix) || !file.startsWith(root) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
