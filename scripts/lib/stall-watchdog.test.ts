/**
 * The browser stage's watchdog (scripts/lib/stall-watchdog.mjs) against a fake runner in a real
 * child process: it stops a run that stops progressing, with the "browser" the run started, and
 * never a run that is slow but keeps finishing tests.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runWithStallWatchdog } from './stall-watchdog.mjs';

const FAKE_RUNNER = resolve(__dirname, '../../tests/fixtures/watchdog/fake-runner.mjs');
let dir = '';

function fakeRun(intervalMs: number, lines: number, then: 'exit' | 'hang', stallMs: number, pidFile?: string) {
  dir = mkdtempSync(join(tmpdir(), 'tl-watchdog-'));
  const progressFile = join(dir, 'progress.jsonl');
  const started = Date.now();
  return runWithStallWatchdog({
    command: process.execPath,
    args: [FAKE_RUNNER, progressFile, String(intervalMs), String(lines), then, ...(pidFile ? [join(dir, pidFile)] : [])],
    progressFile,
    stallMs,
    pollMs: 50,
    killAfterMs: 1000,
    spawnOptions: { stdio: 'ignore' },
  }).then((run) => ({
    ...run,
    ms: Date.now() - started,
    lines: existsSync(progressFile) ? readFileSync(progressFile, 'utf8').trim().split('\n').length : 0,
  }));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('stall watchdog', () => {
  it('stops a runner that stops finishing tests, and the browser it started', async () => {
    const run = await fakeRun(100, 3, 'hang', 1000, 'browser.pid');
    expect(run.stalled).toBe(true);
    expect(run.lines).toBe(3);
    expect(run.silentMs).toBeGreaterThanOrEqual(1000);
    // Stopped soon after the limit: three lines (0.3 s), 1 s of silence, one poll.
    expect(run.ms).toBeLessThan(5000);
    const browserPid = Number(readFileSync(join(dir, 'browser.pid'), 'utf8'));
    await expect.poll(() => alive(browserPid), { timeout: 3000 }).toBe(false);
  });

  it('never stops a runner that is slow but keeps finishing tests', async () => {
    // Each test takes 0.4 s against a 1 s limit, and the run lasts about 4.8 s: nearly five times
    // the limit in all. A total time budget of the same size would have stopped it.
    const run = await fakeRun(400, 12, 'exit', 1000);
    expect(run.stalled).toBe(false);
    expect(run.code).toBe(0);
    expect(run.lines).toBe(12);
    expect(run.ms).toBeGreaterThan(4000);
  });

  it('counts silence from the start: a runner that never reports is stopped too', async () => {
    const run = await fakeRun(60_000, 1, 'hang', 800);
    expect(run.stalled).toBe(true);
    expect(existsSync(join(dir, 'progress.jsonl'))).toBe(false);
  }, 10_000);
});
