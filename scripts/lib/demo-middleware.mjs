// Runs the reference server (demo/server/app.ts) inside the web-test-runner dev
// server, so browser tests call `/svc/...` on their own origin (the elements' API
// client with apiBase '' works unchanged, cookies are same-origin).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Paths that always belong to the reference server. */
export const DEMO_PREFIXES = [
  '/svc/',
  '/services/',
  '/__demo/',
  '/assets/',
  '/fast_reblog',
  '/answer',
  '/publish',
  '/dashboard',
  '/blog/',
  '/follow/',
];
/** The dev server's own paths: never forwarded. */
const WDS_INTERNAL = /^\/(__web-dev-server|__wds|__wtr|\.wtr-build\/|node_modules\/)/;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Loads demo/server/app.ts through tsx and returns a Koa middleware plus a close().
 * When the server does not exist yet, returns a pass-through middleware and a warning.
 */
export async function createDemoMiddleware({ repoRoot, logPrefix = '[demo]' }) {
  const appPath = join(repoRoot, 'demo/server/app.ts');
  if (!existsSync(appPath)) {
    console.warn(`${logPrefix} ${appPath} does not exist yet: /svc/... is not served; tests that need the server will fail.`);
    return { available: false, middleware: async (_ctx, next) => next(), close: async () => {}, dataDir: null };
  }
  const { tsImport } = await import('tsx/esm/api');
  const mod = await tsImport(pathToFileURL(appPath).href, import.meta.url);
  const createApp = mod.createApp ?? mod.default?.createApp;
  if (typeof createApp !== 'function') throw new Error(`${appPath} does not export createApp()`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tl-wtr-data-'));
  const demo = await createApp({ dataDir, distDir: join(repoRoot, 'dist') });
  const app = demo.app;

  async function forward(ctx) {
    const headers = new Headers();
    for (const [key, value] of Object.entries(ctx.req.headers)) {
      if (key.startsWith(':') || value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else headers.set(key, value);
    }
    const method = ctx.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(ctx.req);
    const url = new URL(ctx.originalUrl, ctx.origin);
    const response = await app.fetch(new Request(url, { method, headers, body: body && body.length ? body : undefined }));
    ctx.status = response.status;
    for (const [key, value] of response.headers) {
      if (key === 'set-cookie' || key === 'content-length' || key === 'transfer-encoding' || key === 'connection') continue;
      ctx.set(key, value);
    }
    const cookies = response.headers.getSetCookie?.() ?? [];
    if (cookies.length) ctx.set('Set-Cookie', cookies);
    // Always a fresh answer: the dev server's etag cache must not replay a stale one.
    ctx.set('Cache-Control', 'no-store');
    if (method !== 'HEAD' && response.status !== 204 && response.status !== 304) {
      ctx.body = Buffer.from(await response.arrayBuffer());
      ctx.status = response.status; // setting the body may have reset it
    }
  }

  const middleware = async (ctx, next) => {
    const path = ctx.path;
    if (WDS_INTERNAL.test(path)) return next();
    if (DEMO_PREFIXES.some((p) => path.startsWith(p))) return forward(ctx);
    await next();
    // Anything the dev server has no file for goes to the reference server.
    if (ctx.status === 404 && (ctx.body === undefined || ctx.body === null || ctx.body === 'Not Found')) await forward(ctx);
  };

  return {
    available: true,
    middleware,
    dataDir,
    close: async () => {
      try {
        await demo.close?.();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
