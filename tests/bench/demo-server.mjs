// The reference server in-process for a bench: a fresh temporary database, a random port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function startDemo(name) {
  const { tsImport } = await import('tsx/esm/api');
  const { createApp } = await tsImport(pathToFileURL(resolve('demo/server/app.ts')).href, import.meta.url);
  const { serve } = await import('@hono/node-server');
  const dataDir = mkdtempSync(join(tmpdir(), `tl-bench-${name}-`));
  const demo = createApp({ dataDir });
  const server = await new Promise((done) => {
    const s = serve({ fetch: demo.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s));
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      server.close();
      demo.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
