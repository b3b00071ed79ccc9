/** Opens (creating and seeding when needed) and resets the demo database. */
import Database from 'better-sqlite3';
import { readFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { hash32 } from '../lib/random';
import { seed, SEED_VERSION } from './seed';
import { seedModeOf, seedXss, type SeedMode } from './xss-seed';

export type Db = Database.Database;

const SCHEMA_FILE = join(dirname(fileURLToPath(import.meta.url)), 'schema.sql');

export function schemaSql(): string {
  return readFileSync(SCHEMA_FILE, 'utf8');
}

/** Changes whenever schema.sql or the seed version changes (stored in PRAGMA user_version). */
function schemaVersion(sql: string): number {
  return hash32(`${sql}\n#seed:${SEED_VERSION}`) & 0x7fffffff || 1;
}

function userTables(db: Db): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map(
    (r) => r.name,
  );
}

/** Drops everything, re-applies the schema and seeds again; the `xss` mode adds db/xss-seed.ts on top. */
export function resetDatabase(db: Db, now: number = Date.now(), mode: SeedMode = 'default'): void {
  const sql = schemaSql();
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const table of userTables(db)) db.exec(`DROP TABLE IF EXISTS "${table.replace(/"/g, '""')}"`);
      db.exec(sql);
      seed(db, now);
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seed_mode', ?)").run(mode);
      if (mode === 'xss') seedXss(db, now);
    })();
    db.pragma(`user_version = ${schemaVersion(sql)}`);
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

/**
 * Opens `<dataDir>/demo.sqlite`. A new file, one built from an older schema, or one seeded in
 * another mode, is (re)built and seeded; otherwise the data persists across restarts.
 */
export function openDatabase(dataDir: string, mode: SeedMode = 'default'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'demo.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current !== schemaVersion(schemaSql()) || !userTables(db).includes('users') || seedModeOf(db) !== mode)
    resetDatabase(db, Date.now(), mode);
  return db;
}

/** Names of the tables that exist (for /__demo/state). */
export function tableNames(db: Db): string[] {
  return userTables(db);
}

export function columnNames(db: Db, table: string): string[] {
  return (db.prepare(`PRAGMA table_info("${table.replace(/"/g, '""')}")`).all() as { name: string }[]).map((c) => c.name);
}
