/**
 * Files on disk.
 *   GET /dist/*    the built SDK (distDir): .js as text/javascript, .map/.json as JSON; 404 if missing
 *   GET /static/*  demo page CSS/JS/images from demo/pages/static
 */
import { Hono } from 'hono';
import { serveFile } from '../lib/static';
import type { AppEnv, Deps } from '../lib/types';

export function staticRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/dist/*', (c) => serveFile(c, deps.distDir, c.req.path.slice('/dist/'.length)));
  r.get('/static/*', (c) => serveFile(c, deps.staticDir, c.req.path.slice('/static/'.length)));
  return r;
}
