/**
 * Media for <video-player> and its conversion log.
 *   GET  /assets/media/<file>   sample media (lib/media.ts), generated with ffmpeg on first use into
 *                               <dataDir>/media; byte ranges, ETag; .m4s/.m3u8 with their media types
 *   POST /svc/log/conversion    form-encoded `log` = JSON { name, extra } (form key; logged in)
 *                               → { logged: true, id }; rows in table `conversion_logs`
 *                               (GET /__demo/state?table=conversion_logs)
 * Errors: 400 missing or malformed `log`; 401 logged out; 503 when the media cannot be generated.
 */
import { Hono } from 'hono';
import { field } from '../lib/body';
import { E, fail, ok } from '../lib/envelope';
import { ensureMedia } from '../lib/media';
import { requireUser } from '../lib/session';
import { serveFile } from '../lib/static';
import type { AppEnv, Deps } from '../lib/types';

const CONVERSION_TABLE = `CREATE TABLE IF NOT EXISTS conversion_logs (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_name  TEXT NOT NULL,
  blog_name  TEXT NOT NULL,
  name       TEXT NOT NULL,
  -- JSON: the log's extra (player_name, player_version, post_id …)
  extra      TEXT NOT NULL DEFAULT '{}',
  created_ts INTEGER NOT NULL
)`;

const SEGMENT_TYPES: Readonly<Record<string, string>> = {
  '.m4s': 'video/iso.segment',
  '.m3u8': 'application/vnd.apple.mpegurl',
};

export function mediaRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  // The table lives with this route module (the seed drops every table on reset: re-create it).
  const createTable = () => db.exec(CONVERSION_TABLE);
  createTable();
  deps.onReset.add(createTable);

  r.on(['GET', 'HEAD'], '/assets/media/*', async (c) => {
    let dir: string;
    try {
      dir = await ensureMedia(deps.dataDir);
    } catch (error) {
      console.error('[demo] sample media could not be generated (is ffmpeg installed?):', error);
      return c.text('Sample media unavailable: ffmpeg failed or is missing.', 503);
    }
    const relative = c.req.path.slice('/assets/media/'.length);
    const response = serveFile(c, dir, relative, 'public, max-age=3600');
    const type = SEGMENT_TYPES[/\.[a-z0-9]+$/i.exec(relative)?.[0]?.toLowerCase() ?? ''];
    if (type && response.status < 400) response.headers.set('Content-Type', type);
    return response;
  });

  r.post('/svc/log/conversion', (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const raw = field(c, 'log');
    if (!raw) return fail(c, 400, E.badRequest('Missing "log".'));
    let log: unknown;
    try {
      log = JSON.parse(raw);
    } catch {
      return fail(c, 400, E.badRequest('"log" is not valid JSON.'));
    }
    if (typeof log !== 'object' || log === null || typeof (log as { name?: unknown }).name !== 'string') {
      return fail(c, 400, E.badRequest('"log" needs a name.'));
    }
    const { name, extra } = log as { name: string; extra?: unknown };
    const result = db
      .prepare('INSERT INTO conversion_logs (user_name, blog_name, name, extra, created_ts) VALUES (?, ?, ?, ?, ?)')
      .run(
        auth.session.name,
        auth.session.primaryBlog,
        name,
        JSON.stringify(typeof extra === 'object' && extra !== null ? extra : {}),
        Math.floor(Date.now() / 1000),
      );
    return ok(c, { logged: true, id: Number(result.lastInsertRowid) });
  });

  return r;
}
