// Runs a test runner as a child process and stops it only when it stalls.
//
// The rule: a run has stalled when its progress file has not grown for `stallMs` (the runner
// appends a line each time a test finishes; see scripts/lib/wtr-progress.mjs). Slowness is never
// a stall: a machine twice as slow finishes each test later but keeps appending lines, so it is
// never stopped, however long the whole run takes. A dead or hung browser appends nothing, so it
// is stopped `stallMs` after the last test it finished.
//
// `stallMs` must be longer than the longest single test may take (its own mocha timeout), since a
// test that runs out of time still finishes, as a failure, and that is progress.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';

/** Size of `file` in bytes, or -1 while it does not exist. */
function sizeOf(file) {
  try {
    return statSync(file).size;
  } catch {
    return -1;
  }
}

/**
 * Starts `command args` in its own process group and watches `progressFile`.
 * Resolves when the child exits: `{ code, signal, stalled, silentMs }` — `stalled` is true when the
 * watchdog stopped it, `silentMs` how long it had been silent then.
 *
 * @param {object} options
 * @param {string} options.command
 * @param {string[]} options.args
 * @param {string} options.progressFile  appended to by the child on every finished test
 * @param {number} options.stallMs       silence after which the child is stopped
 * @param {number} [options.pollMs]      how often the file is looked at (default 1 s)
 * @param {number} [options.killAfterMs] SIGTERM first; SIGKILL this long after (default 5 s)
 * @param {import('node:child_process').SpawnOptions} [options.spawnOptions]
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onSpawn]
 * @param {(info: { silentMs: number }) => void} [options.onStall]
 */
export function runWithStallWatchdog({
  command,
  args,
  progressFile,
  stallMs,
  pollMs = 1000,
  killAfterMs = 5000,
  spawnOptions = {},
  onSpawn,
  onStall,
}) {
  return new Promise((resolve) => {
    // Its own process group, so that stopping it also stops the browsers it launched.
    const child = spawn(command, args, { ...spawnOptions, detached: true });
    onSpawn?.(child);
    let lastSize = sizeOf(progressFile);
    let lastProgress = Date.now();
    let stalled = false;
    let silentMs = 0;
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    };
    const timer = setInterval(() => {
      const size = sizeOf(progressFile);
      const now = Date.now();
      if (size !== lastSize) {
        lastSize = size;
        lastProgress = now;
        return;
      }
      if (stalled || now - lastProgress < stallMs) return;
      stalled = true;
      silentMs = now - lastProgress;
      onStall?.({ silentMs });
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), killAfterMs).unref();
    }, pollMs);
    let settled = false;
    const settle = (result) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      // Whatever the runner left behind in its group (browsers, drivers).
      if (child.pid) killGroup('SIGKILL');
      resolve({ stalled, silentMs, child, ...result });
    };
    // A command that could not start at all emits 'error' and no 'exit'.
    child.on('error', (error) => settle({ code: 1, signal: null, error }));
    child.on('exit', (code, signal) => settle({ code, signal }));
  });
}
