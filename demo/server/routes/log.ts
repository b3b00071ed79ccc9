/**
 * Behaviour logging (messaging spec §7: "POST /services/cslog — text body, beacon preferred; batches log events").
 *   POST /services/cslog  text/plain (or JSON) body { form_key, logs: [{ log_key, uuid, event, ts, rid, elapsed, data, env }] }
 *                         → { stored: N }. The form key travels in the body (a beacon cannot set headers).
 * Records are kept in the `cslog` table: GET /__demo/state?table=cslog[&event=click].
 * Errors: 400 when `logs` is missing, not a list, longer than 200, or a record has no `event`.
 */
import { Hono } from 'hono';
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.slice(0, max) : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0);
const json = (v: unknown) => JSON.stringify(isRecord(v) ? v : {}).slice(0, 10_000);

export function logRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  // Its own table, created here (and again after /__demo/reset drops every table), so the shared schema stays as it is.
  const ensureTable = () => db.exec(TABLE_SQL);
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

  return r;
}
