/**
 * The reference server, checked in-process (demo/server/checks.ts): one ordered walk through its
 * routes, seed data and refusal cases, each check reported here as its own test.
 */
import { describe, expect, it } from 'vitest';
import { runServerChecks } from './checks';

const results = await runServerChecks();
const seen = new Map<string, number>();

describe('reference server', () => {
  it('ran its checks', () => expect(results.length).toBeGreaterThan(100));
  for (const result of results) {
    // A few checks share a name inside loops; keep each test's name unique.
    const n = (seen.get(result.name) ?? 0) + 1;
    seen.set(result.name, n);
    it(n === 1 ? result.name : `${result.name} (${n})`, () => {
      expect(result.ok, result.extra === undefined ? result.name : `${result.name}: ${JSON.stringify(result.extra)}`).toBe(true);
    });
  }
});
