/**
 * docs/spec-coverage.md keeps its summary table true: the counts per document are recounted from
 * the rows below it, so a row whose status changes cannot leave the summary behind. And every row
 * that is not done says why (a status with no note is a gap without a written reason; n/a needs
 * none: the spec shows nothing to build).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const text = readFileSync(join(__dirname, '../../docs/spec-coverage.md'), 'utf8');
const STATUSES = ['done', 'partial', 'missing', 'different', 'n/a'] as const;

/** The table rows of one document's part (from its `## A —` / `## M —` heading to the next `## `). */
function rowsOf(prefix: 'A' | 'M'): string[] {
  const start = text.indexOf(`\n## ${prefix} — `);
  const end = text.indexOf('\n## ', start + 1);
  return text
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Part |') && !line.startsWith('|---'));
}

function statusOf(row: string): { status: string; note: string } {
  const last = row
    .split(' | ')
    .at(-1)!
    .replace(/\s*\|$/, '');
  const match = /^\*\*(done|partial|missing|different|n\/a)\*\*\s*(?:—\s*)?(.*)$/.exec(last.trim());
  return { status: match?.[1] ?? '?', note: match?.[2] ?? last };
}

describe('docs/spec-coverage.md', () => {
  for (const [prefix, name] of [
    ['A', 'authoring-and-media (A)'],
    ['M', 'messaging-and-browsing (M)'],
  ] as const) {
    it(`${name}: the summary counts its rows`, () => {
      const rows = rowsOf(prefix).map(statusOf);
      expect(
        rows.filter((r) => r.status === '?'),
        'rows with no status',
      ).toEqual([]);
      const line = text.split('\n').find((l) => l.startsWith(`| ${name} |`));
      expect(line, 'its summary line').toBeDefined();
      const cells = line!.split('|').map((c) => c.trim());
      const counted = [rows.length, ...STATUSES.map((s) => rows.filter((r) => r.status === s).length)];
      expect(cells.slice(3, 9).map(Number), `recounted: rows ${counted.join(', ')}`).toEqual(counted);
    });

    it(`${name}: every row that is not done says why`, () => {
      const silent = rowsOf(prefix)
        .map((row) => ({ row: row.slice(0, 60), ...statusOf(row) }))
        .filter((r) => r.status !== 'done' && r.status !== 'n/a' && r.note.trim().length < 10);
      expect(silent).toEqual([]);
    });
  }
});
