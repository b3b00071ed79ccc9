// Progress and results of one web-test-runner run, written as they happen, one JSON object a line:
//   WTR_PROGRESS_FILE  {"type":"test", "file", "test", "state"}   a test finished (sent by the page
//                      itself: tests/helpers/progress.ts), or a file began
//   WTR_RESULTS_FILE   {"type":"file", "file", "outcome", "passed", "failed", …}   a file finished
// The stall watchdog (stall-watchdog.mjs) watches the progress file grow: only a test that ran
// counts as progress, not a file the browser failed to start. scripts/browser-tests.mjs reads both,
// so a run stopped half way still says which files finished, and how.
import { appendFileSync } from 'node:fs';

/** The command the page sends after every test (see tests/helpers/progress.ts). */
export const PROGRESS_COMMAND = 'tl-test-progress';

/**
 * What ended a file that did not pass, when it was not the code under test: the browser died,
 * never started, or stopped answering. Such a file is run again once in a fresh browser; a file
 * with a failed assertion never is.
 */
const INFRASTRUCTURE = [
  /browser disconnected/i,
  /unable to create and start a test page/i,
  /tests did not start after/i,
  /tests did not finish within/i,
  /timed out stopping the browser page/i,
  /invalid session id/i,
  /session (?:deleted|closed|not created)/i,
  /target closed|browser (?:has been )?closed|protocol error/i,
  // The WebDriver server did not answer a new session (WebKit: after a browser that never started,
  // every later file's session hung the same way): a fresh runner starts a fresh server.
  /Request failed with error code \w+ when running "[^"]*\/session" with method "POST"/i,
];
export const isInfrastructureError = (message) => INFRASTRUCTURE.some((re) => re.test(String(message ?? '')));

/** Counts a session's tests; failures keep their name and first error line for the log. */
function countTests(suite, acc, path = []) {
  if (!suite) return acc;
  const here = suite.name ? [...path, suite.name] : path;
  for (const t of suite.tests) {
    if (t.skipped) acc.skipped++;
    else if (t.passed) acc.passed++;
    else {
      acc.failed++;
      acc.failures.push({
        test: [...here, t.name].join(' › '),
        error: String(t.error?.message ?? 'failed')
          .split('\n')[0]
          .slice(0, 400),
      });
    }
    acc.ms += t.duration ?? 0;
  }
  for (const s of suite.suites) countTests(s, acc, here);
  return acc;
}

/**
 * One file's result. `outcome`:
 *   'passed'       every test passed;
 *   'failed'       a test failed, or the file itself threw: the code is wrong;
 *   'interrupted'  nothing failed but the browser went away (or every failure was the browser
 *                  going away): the run did not say whether the code is right.
 */
export function fileResult(session) {
  const c = countTests(session.testResults, { passed: 0, failed: 0, skipped: 0, ms: 0, failures: [] });
  const errors = (session.errors ?? []).map((e) => String(e.message ?? e));
  let outcome;
  if (session.passed && c.failed === 0) outcome = 'passed';
  else if (c.failures.some((f) => !isInfrastructureError(f.error))) outcome = 'failed';
  else if (errors.length ? errors.every(isInfrastructureError) : c.failed > 0) outcome = 'interrupted';
  else outcome = 'failed';
  // A file that could not load or threw outside a test counts as one failure.
  if (outcome !== 'passed' && c.failed === 0) c.failed = 1;
  return { file: session.testFile, outcome, ...c, errors };
}

/** Appends one line to the progress file (never throws: progress is best effort). */
function record(file, entry) {
  if (!file) return;
  try {
    appendFileSync(file, JSON.stringify({ ...entry, at: Date.now() }) + '\n');
  } catch {
    /* the run's directory went away */
  }
}

/** wtr plugin: receives the page's per-test message and writes it as progress. */
export function progressPlugin(progressFile) {
  return {
    name: 'tl-test-progress',
    executeCommand({ command, payload, session }) {
      if (command !== PROGRESS_COMMAND) return undefined;
      record(progressFile, { type: 'test', file: session.testFile, test: payload?.test, state: payload?.state });
      return true;
    },
  };
}

/** wtr reporter: each file's result, as it finishes, to the results file. */
export function resultsReporter(resultsFile) {
  return {
    reportTestFileResults({ sessionsForTestFile }) {
      for (const session of sessionsForTestFile) record(resultsFile, { type: 'file', ...fileResult(session) });
    },
  };
}

/** Reads progress and results lines back: the finished files' results by file, and the files that began. */
export function readProgress(text) {
  const files = new Map();
  const begun = new Set();
  let lastAt = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a line cut short by a stop
    }
    lastAt = Math.max(lastAt, entry.at ?? 0);
    if (entry.type === 'file') files.set(entry.file, entry);
    else if (entry.file) begun.add(entry.file);
  }
  return { files, begun, lastAt };
}
