/** Serves the demo: PORT (default 4000), DATA_DIR (default .data/). */
import { serve } from '@hono/node-server';
import { createApp, REPO_ROOT } from './app';
import { resolve } from 'node:path';

const port = Number(process.env.PORT ?? 4000);
const dataDir = resolve(process.env.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
const { app, close } = createApp({ dataDir, ...(process.env.DIST_DIR ? { distDir: process.env.DIST_DIR } : {}) });

const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Demo running at http://localhost:${info.port}/dashboard`);
  console.log(`(data in ${dataDir}; index of demo pages and users at http://localhost:${info.port}/)`);
});

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
