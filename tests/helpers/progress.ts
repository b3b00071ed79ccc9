/// <reference types="mocha" />
// Bundled in front of every browser test file (scripts/browser-tests.mjs, esbuild `inject`): tells
// the test runner each time a test finishes, so that its stall watchdog can tell a slow run (tests
// keep finishing) from a dead browser (nothing finishes). See scripts/lib/stall-watchdog.mjs.
//
// Fire and forget: a test never waits on this message, and a lost one only delays the watchdog's
// view of progress by one test.
import { executeServerCommand } from '@web/test-runner-commands';

const PROGRESS_COMMAND = 'tl-test-progress'; // scripts/lib/wtr-progress.mjs

function report(payload: { test: string; state: string }): void {
  executeServerCommand(PROGRESS_COMMAND, payload).catch(() => {
    /* the socket is gone: the runner will notice the silence */
  });
}

report({ test: '(file loaded)', state: 'begun' });

// A root hook: it runs after every test of the file, after the test's own afterEach hooks.
afterEach(function () {
  report({ test: this.currentTest?.fullTitle() ?? '', state: this.currentTest?.state ?? 'unknown' });
});
