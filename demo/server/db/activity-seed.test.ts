/** The activity seed's days are calendar days: the demo promises "several today, some yesterday" at any hour. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { schemaSql } from './index';
import { seed } from './seed';

const dayOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toDateString();

function seededAt(local: Date) {
  const db = new Database(':memory:');
  db.exec(schemaSql());
  seed(db, local.getTime());
  const rows = db.prepare('SELECT timestamp FROM activity WHERE blog_name = ? ORDER BY timestamp DESC').all('alice') as {
    timestamp: number;
  }[];
  db.close();
  return rows.map((r) => r.timestamp);
}

describe('seeded activity', () => {
  // 00:30 was the hour CI saw no "Today" group: "up to three hours back" was all yesterday then.
  it.each([
    ['just after midnight', new Date(2026, 10, 28, 0, 30)],
    ['mid-afternoon', new Date(2026, 10, 28, 15, 0)],
    ['the first second of a day', new Date(2026, 10, 28, 0, 0, 0)],
  ])('%s: five today, five yesterday, none in the future', (_, local) => {
    const now = Math.floor(local.getTime() / 1000);
    const yesterday = new Date(local);
    yesterday.setDate(local.getDate() - 1);
    const stamps = seededAt(local);
    expect(stamps).toHaveLength(40);
    expect(stamps.every((t) => t <= now)).toBe(true);
    expect(stamps.filter((t) => dayOf(t) === local.toDateString())).toHaveLength(5);
    expect(stamps.filter((t) => dayOf(t) === yesterday.toDateString())).toHaveLength(5);
  });
});
