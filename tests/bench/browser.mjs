// What every bench needs to open a page: Debian's Chromium with the flags it needs here
// (scripts/lib/browsers.mjs), and a tiny static server for benches that serve their own page.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ROOT_FLAGS, chromiumPath } from '../../scripts/lib/browsers.mjs';

/** Headless Chromium; `args` adds flags (e.g. `--js-flags=--expose-gc`). */
export function launchChromium(args = []) {
  return puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ROOT_FLAGS, ...args] });
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
