/**
 * How the browser stage tells a failed test from a browser that went away
 * (scripts/lib/wtr-progress.mjs): only the second is ever run again.
 */
import { describe, expect, it } from 'vitest';
import { fileResult, readProgress } from './wtr-progress.mjs';

const test = (name: string, passed: boolean, message?: string) => ({
  name,
  passed,
  skipped: false,
  duration: 10,
  ...(message ? { error: { message } } : {}),
});
const session = (
  tests: ReturnType<typeof test>[],
  errors: string[] = [],
  passed = errors.length === 0 && tests.every((t) => t.passed),
) => ({
  testFile: '/x/.wtr-build/run-1/a.test.js',
  passed,
  errors: errors.map((message) => ({ message })),
  testResults: { name: '', tests: [], suites: [{ name: 'a', tests, suites: [] }] },
});

describe('a test file’s outcome', () => {
  it('passes when every test passed', () => {
    expect(fileResult(session([test('one', true), test('two', true)]))).toMatchObject({ outcome: 'passed', passed: 2, failed: 0 });
  });

  it('fails on a failed assertion, even when the browser then went away', () => {
    const r = fileResult(
      session([test('one', false, 'expected 1 to equal 2')], ['Tests were interrupted because the browser disconnected.']),
    );
    expect(r).toMatchObject({ outcome: 'failed', failed: 1 });
    expect(r.failures[0]).toEqual({ test: 'a › one', error: 'expected 1 to equal 2' });
  });

  it('is interrupted when the browser disconnected and nothing failed', () => {
    expect(fileResult(session([test('one', true)], ['Tests were interrupted because the browser disconnected.']))).toMatchObject({
      outcome: 'interrupted',
      passed: 1,
      failed: 1,
    });
  });

  it('is interrupted when every failure was the WebDriver session going away', () => {
    expect(fileResult(session([test('one', false, 'WebDriverError: invalid session id')], [], false))).toMatchObject({
      outcome: 'interrupted',
    });
  });

  it('is interrupted when the WebDriver server did not answer the new session', () => {
    const error =
      'WebDriverError: Request failed with error code UND_ERR_HEADERS_TIMEOUT when running "http://127.0.0.1:4444/session" with method "POST"';
    expect(fileResult(session([], [error]))).toMatchObject({ outcome: 'interrupted', failed: 1 });
    // The same failure on a command of a session that exists is the page's, not the server's.
    const command = error.replace('/session"', '/session/1c2d/execute/sync"');
    expect(fileResult(session([], [command]))).toMatchObject({ outcome: 'failed' });
  });

  it('fails when the file itself threw outside a test', () => {
    expect(fileResult(session([], ['Could not import your test module: SyntaxError']))).toMatchObject({ outcome: 'failed', failed: 1 });
  });

  it('reads back a progress file cut short by a stop', () => {
    const file = { type: 'file', ...fileResult(session([test('one', true)])), at: 2 };
    const text = [
      JSON.stringify({ type: 'test', file: 'b.test.js', test: 'x', state: 'passed', at: 1 }),
      JSON.stringify(file),
      '{"type":"te',
    ].join('\n');
    const progress = readProgress(text);
    expect([...progress.files.keys()]).toEqual(['/x/.wtr-build/run-1/a.test.js']);
    expect([...progress.begun]).toEqual(['b.test.js']);
    expect(progress.lastAt).toBe(2);
  });
});
