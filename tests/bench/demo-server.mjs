// The reference server in-process for a bench: a fresh temporary database, a random port.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The demo's sample media (made with ffmpeg on first use, seconds of CPU on both cores): made once
 * per bench process, before anything is measured, and copied into each later demo's data folder.
 * Made lazily instead, it would be made while a page loads under measurement.
 */
let mediaCache;

export async function startDemo(name) {
  const { tsImport } = await import('tsx/esm/api');
  const { createApp } = await tsImport(pathToFileURL(resolve('demo/server/app.ts')).href, import.meta.url);
  const { serve } = await import('@hono/node-server');
  const dataDir = mkdtempSync(join(tmpdir(), `tl-bench-${name}-`));
  if (mediaCache) cpSync(mediaCache, join(dataDir, 'media'), { recursive: true });
  const demo = createApp({ dataDir });
  const server = await new Promise((done) => {
    const s = serve({ fetch: demo.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s));
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  if (!mediaCache) {
    const answer = await fetch(`${origin}/assets/media/poster.jpg`, { method: 'HEAD' });
    // Without ffmpeg there is no media (the server answers 503 and the pages show their fallback):
    // nothing to keep, and the next demo tries again.
    if (answer.ok && existsSync(join(dataDir, 'media'))) {
      mediaCache = mkdtempSync(join(tmpdir(), 'tl-bench-media-'));
      cpSync(join(dataDir, 'media'), mediaCache, { recursive: true });
      process.once('exit', () => rmSync(mediaCache, { recursive: true, force: true }));
    }
  }
  return {
    origin,
    close: () => {
      server.close();
      demo.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
