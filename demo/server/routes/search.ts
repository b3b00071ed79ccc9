/**
 * Search (messaging spec §1 routes: "/search (GET form), /search/{term}"):
 *   GET /search?q=term   → 302 /search/{term}; without q, the empty form
 *   GET /search/:term    blogs whose name or title holds the term, published posts whose summary or tags do (20 each)
 */
import { Hono, type Context } from 'hono';
import { originOf } from '../lib/blogs';
import { parseTags, postUrl } from '../lib/posts';
import type { AppEnv, Deps, PostRow } from '../lib/types';
import { searchBody } from '../../pages/search';
import { sendPage } from './pages';

const RESULTS = 20;
/** A LIKE pattern that matches the term literally (its own % and _ escaped). */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function searchRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  const page = (c: Context<AppEnv>, term: string) => {
    const like = likePattern(term);
    const blogs = term
      ? (db
          .prepare("SELECT name, title FROM blogs WHERE name LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\' ORDER BY name LIMIT ?")
          .all(like, like, RESULTS) as { name: string; title: string }[])
      : [];
    const origin = originOf(c.req.url);
    const posts = term
      ? (
          db
            .prepare(
              `SELECT * FROM posts WHERE state = 'published' AND (summary LIKE ? ESCAPE '\\' OR tags LIKE ? ESCAPE '\\')
               ORDER BY timestamp DESC, id DESC LIMIT ?`,
            )
            .all(like, like, RESULTS) as PostRow[]
        ).map((p) => ({ url: postUrl(origin, p), blog: p.blog_name, type: p.type, summary: p.summary, tags: parseTags(p.tags) }))
      : [];
    return sendPage(c, deps, {
      title: term ? `${term} | Search` : 'Search',
      stylesheets: ['/static/simple.css'],
      body: searchBody({ term, blogs, posts }),
      bodyClass: 'simple_page',
    });
  };

  r.get('/search', (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    return q ? c.redirect(`/search/${encodeURIComponent(q)}`, 302) : page(c, '');
  });
  r.get('/search/:term', (c) => page(c, (c.req.param('term') ?? '').trim().slice(0, 100)));

  return r;
}
