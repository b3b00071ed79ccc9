/**
 * Behaviour logging (messaging spec §7: "POST /services/cslog — text body, beacon preferred; batches log events").
 *   POST /services/cslog  text/plain (or JSON) body { form_key, logs: [{ log_key, uuid, event, ts, rid, elapsed, data, env }] }
 *                         → { stored: N }. The form key travels in the body (a beacon cannot set headers).
 * Records are kept in the `cslog` table: GET /__demo/state?table=cslog[&event=click].
 * Errors: 400 when `logs` is missing, not a list, longer than 200, or a record has no `event`.
 *
 * The spec names two more logging calls and shows neither's payload; our choices (README, "Behaviour logging"):
 *   POST /svc/log/lady    { form_key, kind, tag, message, path } → { stored: 1 }: an element that failed to
 *                         render (`tl-widget-error`), reported by the runtime. Table `lady_log`.
 *   POST /svc/track       { form_key, kind: 'ad' | 'video', event, data } → { stored: 1 }: ad and video tracker
 *                         events (an ad shown or refreshed; a video's first play and its end). Table `tracking`.
 * Both take text/plain JSON (a beacon) or JSON; 400 without `kind` or `event`/`message`.
 */
import { Hono, type Context } from 'hono';
import { readBody } from '../lib/body';
import { E, fail, ok } from '../lib/envelope';
import type { AppEnv, Deps } from '../lib/types';

export const CSLOG_MAX_RECORDS = 200;

const TABLE_SQL = `CREATE TABLE IF NOT EXISTS cslog (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_name   TEXT NOT NULL,
  log_key     TEXT NOT NULL DEFAULT '',
  uuid        TEXT NOT NULL DEFAULT '',
  event       TEXT NOT NULL,
  ts          INTEGER NOT NULL DEFAULT 0,
  rid         TEXT NOT NULL DEFAULT '',
  elapsed     INTEGER NOT NULL DEFAULT 0,
  data        TEXT NOT NULL DEFAULT '{}',
  env         TEXT NOT NULL DEFAULT '{}',
  received_ts INTEGER NOT NULL
)`;

const LADY_SQL = `CREATE TABLE IF NOT EXISTS lady_log (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_name   TEXT NOT NULL,
  kind        TEXT NOT NULL,
  tag         TEXT NOT NULL DEFAULT '',
  message     TEXT NOT NULL,
  path        TEXT NOT NULL DEFAULT '',
  received_ts INTEGER NOT NULL
)`;

const TRACKING_SQL = `CREATE TABLE IF NOT EXISTS tracking (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_name   TEXT NOT NULL,
  kind        TEXT NOT NULL,
  event       TEXT NOT NULL,
  data        TEXT NOT NULL DEFAULT '{}',
  received_ts INTEGER NOT NULL
)`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.slice(0, max) : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0);
const json = (v: unknown) => JSON.stringify(isRecord(v) ? v : {}).slice(0, 10_000);

export function logRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  // Its own table, created here (and again after /__demo/reset drops every table), so the shared schema stays as it is.
  const ensureTable = () => db.exec(`${TABLE_SQL}; ${LADY_SQL}; ${TRACKING_SQL}`);
  ensureTable();
  deps.onReset.add(ensureTable);

  r.post('/services/cslog', async (c) => {
    const body = await readBody(c);
    let logs = body.logs;
    if (typeof logs === 'string') {
      try {
        logs = JSON.parse(logs) as unknown;
      } catch {
        return fail(c, 400, E.badRequest('"logs" is not valid JSON.'));
      }
    }
    if (!Array.isArray(logs)) return fail(c, 400, E.badRequest('Send { "logs": [ … ] }.'));
    if (logs.length > CSLOG_MAX_RECORDS) return fail(c, 400, E.badRequest(`At most ${CSLOG_MAX_RECORDS} records per request.`));
    if (!logs.every((l) => isRecord(l) && typeof l.event === 'string' && l.event !== '')) {
      return fail(c, 400, E.badRequest('Every record needs an "event".'));
    }
    const user = c.get('session').name;
    const now = Date.now();
    const insert = db.prepare(`INSERT INTO cslog (user_name, log_key, uuid, event, ts, rid, elapsed, data, env, received_ts)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (const l of logs as Record<string, unknown>[]) {
        insert.run(
          user,
          text(l.log_key),
          text(l.uuid),
          text(l.event),
          int(l.ts),
          text(l.rid),
          int(l.elapsed),
          json(l.data),
          json(l.env),
          now,
        );
      }
    })();
    return ok(c, { stored: logs.length });
  });

  /** A beacon's body (text/plain JSON) or an ordinary JSON / form body, as one record. */
  const bodyRecord = async (c: Context<AppEnv>): Promise<Record<string, unknown>> => {
    const body = await readBody(c);
    return isRecord(body) ? body : {};
  };

  r.post('/svc/log/lady', async (c) => {
    const body = await bodyRecord(c);
    const message = text(body.message, 2000);
    if (!text(body.kind) || !message) return fail(c, 400, E.badRequest('Send { "kind", "message" }.'));
    db.prepare('INSERT INTO lady_log (user_name, kind, tag, message, path, received_ts) VALUES (?, ?, ?, ?, ?, ?)').run(
      c.get('session').name,
      text(body.kind),
      text(body.tag),
      message,
      text(body.path),
      Date.now(),
    );
    return ok(c, { stored: 1 });
  });

  r.post('/svc/track', async (c) => {
    const body = await bodyRecord(c);
    const kind = text(body.kind);
    if ((kind !== 'ad' && kind !== 'video') || !text(body.event))
      return fail(c, 400, E.badRequest('Send { "kind": "ad" | "video", "event" }.'));
    db.prepare('INSERT INTO tracking (user_name, kind, event, data, received_ts) VALUES (?, ?, ?, ?, ?)').run(
      c.get('session').name,
      kind,
      text(body.event),
      json(body.data),
      Date.now(),
    );
    return ok(c, { stored: 1 });
  });

  return r;
}
