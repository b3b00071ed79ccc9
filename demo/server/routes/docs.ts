/**
 * The reference site (docs-site/site.ts), served with the visitor's session so that each element
 * page's live example talks to this server as them (same origin, same cookie, the page's form key).
 *   GET /docs                  the overview
 *   GET /docs/guides/:slug     a guide (docs/guides/<slug>.md)
 *   GET /docs/elements/:tag    an element: live example, playground, reference tables, behaviour notes
 *   GET /docs/static/*         the site's stylesheet and playground script (docs-site/static)
 * Pages are generated on each request, so an edited contract (after `npm run contract`) or guide
 * shows on reload; `npm run docs` writes the same pages as static files.
 */
import { Hono, type Context } from 'hono';
import { DOCS_SCRIPTS, DOCS_STATIC_DIR, DOCS_STYLESHEETS, docsPages } from '../../../docs-site/site';
import { serveFile } from '../lib/static';
import type { AppEnv, Deps } from '../lib/types';
import { sendNotFound, sendPage } from './pages';

export function docsRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/docs/static/*', (c) => serveFile(c, DOCS_STATIC_DIR, c.req.path.slice('/docs/static/'.length), 'no-cache'));
  const page = (c: Context<AppEnv>) => {
    const path = c.req.path.replace(/\/+$/, '');
    const found = docsPages().find((p) => p.path === path);
    if (!found) return sendNotFound(c, deps, 'There is no such page in the docs.');
    return sendPage(c, deps, {
      title: found.title,
      stylesheets: DOCS_STYLESHEETS,
      ...(found.live ? { scripts: DOCS_SCRIPTS } : {}),
      body: found.body,
      bodyClass: 'docs_page',
    });
  };
  r.get('/docs', page);
  r.get('/docs/*', page);
  return r;
}
