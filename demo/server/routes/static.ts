/**
 * Files on disk.
 *   GET /dist/*    the built SDK (distDir): .js as text/javascript, .map/.json as JSON; 404 if missing
 *   GET /static/theme/:name.css  the per-blog theme stylesheet, generated from global_theme_params
 *   GET /static/*  demo page CSS/JS/images from demo/pages/static
 */
import { Hono } from 'hono';
import { themeCss } from '../../pages/theme-css';
import { getBlog, parseTheme } from '../lib/blogs';
import { serveFile } from '../lib/static';
import type { AppEnv, Deps } from '../lib/types';

export function staticRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/dist/*', (c) => serveFile(c, deps.distDir, c.req.path.slice('/dist/'.length)));
  r.get('/static/theme/:file', (c) => {
    const m = /^(.+)\.css$/.exec(c.req.param('file'));
    const blog = getBlog(deps.db, m?.[1]);
    if (!blog) return c.text('/* unknown blog */', 404, { 'Content-Type': 'text/css; charset=utf-8' });
    return c.body(themeCss(blog.name, parseTheme(blog)), 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' });
  });

  r.get('/static/*', (c) => serveFile(c, deps.staticDir, c.req.path.slice('/static/'.length)));
  return r;
}
