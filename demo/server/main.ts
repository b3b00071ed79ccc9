/** Serves the demo: PORT (default 4000), DATA_DIR (default .data/), DEMO_SEED (default | xss: db/xss-seed.ts). */
import { serve } from '@hono/node-server';
import { createApp, REPO_ROOT } from './app';
import { resolve } from 'node:path';
import { isSeedMode, SEED_MODES } from './db/xss-seed';

const port = Number(process.env.PORT ?? 4000);
const dataDir = resolve(process.env.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
const seed = process.env.DEMO_SEED ?? 'default';
if (!isSeedMode(seed)) {
  console.error(`DEMO_SEED must be one of ${SEED_MODES.join(', ')} (got "${seed}")`);
  process.exit(1);
}
const { app, close } = createApp({ dataDir, seed, ...(process.env.DIST_DIR ? { distDir: process.env.DIST_DIR } : {}) });

const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Demo running at http://localhost:${info.port}/dashboard`);
  console.log(`(data in ${dataDir}; index of demo pages and users at http://localhost:${info.port}/)`);
});
// Node closes an idle keep-alive socket after 5 s. A client that reuses its pooled socket at that
// moment (Playwright's request context, a test's second call about 5 s after its first) gets
// ECONNRESET: the server must keep idle sockets longer than its clients pause. `server.close()`
// still ends idle sockets at once (Node 19+), so a shutdown does not wait for them.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

let stopping = false;
function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: shutting down`);
  close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
