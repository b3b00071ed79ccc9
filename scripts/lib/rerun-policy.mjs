// What follows one browser run over a list of test files (scripts/browser-tests.mjs): which files
// have their result, which run again in a fresh browser, and which count as failed for good.
//
// The rule: a file the browser failed to finish — it disconnected, never started the page, stalled,
// or the runner died during it — runs once more in a fresh browser; the second time it counts as a
// failure. A file with a failed test, or one that threw, has its result at once and never runs
// again. A file that never began (the run ended before it) runs again with nothing held against it.
// A run that reported nothing at all (the runner could not start) ends the engine: running it again
// would fail the same way.

/** A file with no test results, failed for `why`. */
export function brokenFile(file, why) {
  return { file, outcome: 'failed', passed: 0, failed: 1, skipped: 0, ms: 0, failures: [], errors: [why] };
}

/**
 * @param {object} input
 * @param {string[]} input.pending      the files the run was given, in order
 * @param {{ results: Map<string, object>, begun: Set<string>, anyProgress: boolean, stalled: boolean,
 *           silentMs: number, code: number | null, signal: string | null, error?: Error }} input.run
 * @param {Map<string, number>} input.strikes  files the browser already failed to finish once (updated)
 * @param {number} input.stallMs
 * @returns {{ done: Map<string, object>, again: string[], reruns: { file: string, why: string }[] }}
 */
export function afterBrowserRun({ pending, run, strikes, stallMs }) {
  const done = new Map();
  const again = [];
  const reruns = [];
  const exit = run.code ?? run.signal;
  if (!run.anyProgress) {
    const why = run.error
      ? run.error.message
      : run.stalled
        ? `no test started within ${stallMs / 1000} s`
        : `the test runner exited (${exit}) before any test ran`;
    for (const file of pending) done.set(file, brokenFile(file, why));
    return { done, again, reruns };
  }
  for (const file of pending) {
    const result = run.results.get(file);
    let why;
    if (result && result.outcome !== 'interrupted') {
      done.set(file, result);
      continue;
    }
    if (result) why = result.errors[0] ?? result.failures[0]?.error ?? 'interrupted';
    else if (run.begun.has(file))
      why = run.stalled
        ? `stalled: no test finished for ${Math.round(run.silentMs / 1000)} s`
        : `the test runner exited (${exit}) during this file`;
    else {
      again.push(file);
      continue;
    }
    const count = (strikes.get(file) ?? 0) + 1;
    strikes.set(file, count);
    reruns.push({ file, why });
    if (count >= 2) done.set(file, brokenFile(file, `the browser failed to finish this file twice: ${why}`));
    else again.push(file);
  }
  return { done, again, reruns };
}
