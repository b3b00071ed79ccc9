/**
 * Test and demo controls (no form key needed; demo server only).
 *   POST   /__demo/faults  { path, status: 400–599 | "malformed" | "timeout" | "slow", count?, method?, code?, title?, detail?, hold_ms? }
 *                          → 201 { ok: true, fault }
 *   GET    /__demo/faults  → { faults: [...] }
 *   DELETE /__demo/faults  → { ok: true }
 *   POST   /__demo/reset   [{ "seed": "default" | "xss" }] → { ok: true, seed, seeded: { users, blogs, posts, follows } }
 *                          (re-seeds, clears faults; without a body, in the server's own mode: DEMO_SEED)
 *   GET    /__demo/state?table=follows[&<column>=<value>…][&limit=N] → { table, count, rows }
 *   GET    /__demo/state   → { tables: { name: rowCount } }
 *   GET    /__demo/follows?blog=alice         → { rows } (what alice follows; `followed=bob` for the reverse)
 *   GET    /__demo/blocks?blog=alice          → { rows }
 *   GET    /__demo/session                    → { name, user, primaryBlog, blogs, formKey }
 *   GET    /__demo/polls                      → { since, polls: { user: n } } (answered /services/poll calls per user)
 *   DELETE /__demo/polls                      → { ok: true } (counts start again from 0)
 */
import { Hono } from 'hono';
import { columnNames, resetDatabase, tableNames } from '../db/index';
import { isSeedMode, SEED_MODES, type SeedMode } from '../db/xss-seed';
import type { AppEnv, Deps } from '../lib/types';

export function demoRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db, faults } = deps;

  r.use('/__demo/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  r.post('/__demo/faults', async (c) => {
    let spec: unknown;
    try {
      spec = await c.req.json();
    } catch {
      return c.json({ ok: false, error: 'Send a JSON body: { "path": "/svc/…", "status": 500, "count": 1 }.' }, 400);
    }
    const specs = Array.isArray(spec) ? spec : [spec];
    const added = [];
    for (const s of specs) {
      const result = faults.add(typeof s === 'object' && s !== null ? s : {});
      if (typeof result === 'string') return c.json({ ok: false, error: result }, 400);
      added.push(result);
    }
    return c.json({ ok: true, fault: added.length === 1 ? added[0] : undefined, faults: added }, 201);
  });
  r.get('/__demo/faults', (c) => c.json({ faults: faults.list() }));
  r.post('/__demo/faults/release', (c) => c.json({ ok: true, released: faults.releaseAll() }));
  r.delete('/__demo/faults', (c) => {
    faults.clear();
    return c.json({ ok: true });
  });

  r.post('/__demo/reset', async (c) => {
    let mode: SeedMode = deps.seedMode;
    const text = await c.req.text();
    if (text.trim()) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return c.json({ ok: false, error: 'Send no body, or a JSON body: { "seed": "xss" }.' }, 400);
      }
      const seed = (body as { seed?: unknown } | null)?.seed;
      if (seed !== undefined) {
        if (!isSeedMode(seed)) return c.json({ ok: false, error: `"seed" must be one of ${SEED_MODES.join(', ')}.` }, 400);
        mode = seed;
      }
    }
    faults.clear();
    deps.polls.reset();
    resetDatabase(db, Date.now(), mode);
    for (const fn of deps.onReset) fn();
    const count = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    return c.json({
      ok: true,
      seed: mode,
      seeded: { users: count('users'), blogs: count('blogs'), posts: count('posts'), follows: count('follows') },
    });
  });

  r.get('/__demo/state', (c) => {
    const tables = tableNames(db);
    const table = c.req.query('table');
    if (!table) {
      return c.json({
        tables: Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n])),
      });
    }
    if (!tables.includes(table)) return c.json({ error: `Unknown table "${table}".`, tables }, 404);
    const columns = columnNames(db, table);
    const where: string[] = [];
    const values: string[] = [];
    for (const [key, value] of Object.entries(c.req.query())) {
      if (key === 'table' || key === 'limit') continue;
      if (!columns.includes(key)) return c.json({ error: `Unknown column "${key}" in ${table}.`, columns }, 400);
      where.push(`"${key}" = ?`);
      values.push(value);
    }
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 1000) || 1000, 1), 10000);
    const sql = `SELECT * FROM "${table}"${where.length ? ` WHERE ${where.join(' AND ')}` : ''} LIMIT ${limit}`;
    const rows = db.prepare(sql).all(...values);
    return c.json({ table, count: rows.length, rows });
  });

  r.get('/__demo/follows', (c) => {
    const blog = c.req.query('blog');
    const followed = c.req.query('followed');
    const rows = followed
      ? db.prepare('SELECT * FROM follows WHERE followed_blog = ? ORDER BY follower_blog').all(followed)
      : blog
        ? db.prepare('SELECT * FROM follows WHERE follower_blog = ? ORDER BY followed_blog').all(blog)
        : db.prepare('SELECT * FROM follows ORDER BY follower_blog, followed_blog').all();
    return c.json({ rows });
  });

  r.get('/__demo/blocks', (c) => {
    const blog = c.req.query('blog');
    const rows = blog
      ? db.prepare('SELECT * FROM blocks WHERE blocker_blog = ? ORDER BY blocked_blog').all(blog)
      : db.prepare('SELECT * FROM blocks ORDER BY blocker_blog, blocked_blog').all();
    return c.json({ rows });
  });

  r.get('/__demo/polls', (c) => c.json(deps.polls.read()));
  r.delete('/__demo/polls', (c) => {
    deps.polls.reset();
    return c.json({ ok: true });
  });

  r.get('/__demo/session', (c) => {
    const s = c.get('session');
    return c.json({ name: s.name, user: s.user, primaryBlog: s.primaryBlog, blogs: s.blogs, formKey: s.formKey });
  });

  return r;
}
