/**
 * Files on disk.
 *   GET /dist/*    the built SDK (distDir): .js as text/javascript, .map/.json as JSON; 404 if missing.
 *                  Compressed (brotli or gzip); content-hashed chunks are cached as immutable, entry
 *                  files (loader.js, elements/<tag>.js) are revalidated, as a CDN would serve them.
 *   GET /static/theme/:name.css  the per-blog theme stylesheet, generated from global_theme_params
 *   GET /static/*  demo page CSS/JS/images from demo/pages/static
 */
import { Hono } from 'hono';
import { themeCss } from '../../pages/theme-css';
import { getBlog, parseTheme } from '../lib/blogs';
import { serveFile } from '../lib/static';
import type { AppEnv, Deps } from '../lib/types';

/** rollup's `chunks/[name]-[hash].js`: the name changes whenever the content does. */
const HASHED_CHUNK = /^chunks\/[^/]+-[A-Za-z0-9_-]{8,}\.js(\.map)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function staticRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/dist/*', (c) => {
    const relative = c.req.path.slice('/dist/'.length);
    return serveFile(c, deps.distDir, relative, HASHED_CHUNK.test(relative) ? IMMUTABLE : 'no-cache');
  });
  r.get('/static/theme/:file', (c) => {
    const m = /^(.+)\.css$/.exec(c.req.param('file'));
    const blog = getBlog(deps.db, m?.[1]);
    if (!blog) return c.text('/* unknown blog */', 404, { 'Content-Type': 'text/css; charset=utf-8' });
    return c.body(themeCss(blog.name, parseTheme(blog)), 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' });
  });

  r.get('/static/*', (c) => serveFile(c, deps.staticDir, c.req.path.slice('/static/'.length)));
  return r;
}
