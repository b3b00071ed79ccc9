#!/usr/bin/env node
// Browser tests: bundles every *.browser.test.{ts,tsx} (beside the code it tests, in src/, elements/
// and tests/helpers/) with esbuild into .wtr-build/,
// then runs web-test-runner once per engine, one after the other:
//   Chromium (puppeteer), Firefox ESR (puppeteer over WebDriver BiDi),
//   WebKitGTK (WebKitWebDriver + MiniBrowser under Xvfb, which this script starts and stops).
//
//   npm run test:browser                         all three engines
//   npm run test:browser -- --engine chromium    one engine (repeat or comma-separate for more)
//   npm run test:browser -- --grep define        only test files whose path contains "define"
//   --results-file <path>                        also write the results JSON there (scripts/test.mjs)
//   --parallel (or WTR_PARALLEL=1)               run the engines at the same time (each has its own
//                                                server and database); output is printed per engine
//   --mode development|production                bundle React and Lexical in this mode for every engine
//
// Chromium runs the development builds of React and Lexical, whose warnings (a missing key, a nested
// <form>, a Lexical invariant) do not depend on the engine, so one engine reads them. Firefox and
// WebKit run the production builds, the ones their users get: what those engines are here for is
// their own DOM, focus, editing and parsing, and the development builds cost them a quarter more
// time (Firefox, the five heaviest files: 399 s → 495 s). `--mode development` gives a Firefox or
// WebKit failure React's full messages. PRODUCTION_FILES run the production builds in Chromium too.
//
// Writes .wtr-build/results.json: { engines: [{engine, passed, failed, skipped, ok}], passed, failed }.
// Several runs may share a checkout (people and agents working side by side): each run bundles into
// its own .wtr-build/run-<pid>/, picks a free dev-server port, a free X display and driver port.
// A watchdog stops a browser run that stalls — no test finished for WTR_STALL_MS (default 180 s) —
// never one that is merely slow (scripts/lib/stall-watchdog.mjs). A file the browser failed to
// finish (it disconnected or stalled) runs once more in a fresh browser; a failed assertion never
// does. WebKit starts a fresh browser every WTR_FILES_PER_BROWSER files (default 4).
// Printed per engine: time, peak memory of its browser processes, slowest files, any rerun.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WEBKIT_DRIVER, WEBKIT_DRIVER_PORT, ensureOwnHome } from './lib/browsers.mjs';
import { mib, startMemorySampler } from './lib/process-memory.mjs';
import { runWithStallWatchdog } from './lib/stall-watchdog.mjs';
import { readProgress } from './lib/wtr-progress.mjs';
import { afterBrowserRun, brokenFile } from './lib/rerun-policy.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_ROOT = join(repoRoot, '.wtr-build');
const OUT_DIR = join(BUILD_ROOT, `run-${process.pid}`);
// A run has stalled when no test has finished for this long; longer than the longest timeout a
// single test may set (120 s), since a test that runs out of time still finishes, as a failure.
const STALL_MS = Number(process.env.WTR_STALL_MS) || 180_000;
const TEST_ROOTS = ['src', 'elements', 'demo', 'tests'].map((dir) => join(repoRoot, dir));
const ENGINES = ['chromium', 'firefox', 'webkit'];
const MODES = ['development', 'production'];
/** The build of React and Lexical each engine runs (see the header). */
const ENGINE_MODE = { chromium: 'development', firefox: 'production', webkit: 'production' };
/**
 * Suites about what a user's page does under hostile conditions (every call failing, every XSS
 * vector through every sink, elements coming and going), run on the production builds in every
 * engine: those are what such a page runs, and React's development warnings are the element tests'
 * to read. The three longest files of the suite; a fifth less time each.
 */
const PRODUCTION_FILES = [
  'tests/faults/fault-matrix.browser.test.ts',
  'src/core/xss-seeded.browser.test.ts',
  'src/core/leak.browser.test.ts',
];

function parseArgs(argv) {
  const engines = [];
  const greps = [];
  let resultsFile = null;
  let parallel = process.env.WTR_PARALLEL === '1';
  let mode = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const take = () => {
      const eq = arg.indexOf('=');
      if (eq !== -1) return arg.slice(eq + 1);
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--engine' || arg.startsWith('--engine=') || arg === '--browser' || arg.startsWith('--browser=')) {
      engines.push(
        ...take()
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      );
    } else if (arg === '--grep' || arg.startsWith('--grep=')) {
      greps.push(take());
    } else if (arg === '--mode' || arg.startsWith('--mode=')) {
      mode = take();
      if (!MODES.includes(mode)) throw new Error(`Unknown mode "${mode}" (${MODES.join(', ')})`);
    } else if (arg === '--parallel') {
      parallel = true;
    } else if (arg === '--results-file' || arg.startsWith('--results-file=')) {
      resultsFile = resolve(take());
    } else if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: browser-tests.mjs [--engine chromium|firefox|webkit]... [--grep <path part>]... [--mode development|production] [--parallel]',
      );
      process.exit(0);
    } else {
      throw new Error(`Unknown argument ${arg}`);
    }
  }
  for (const e of engines) if (!ENGINES.includes(e)) throw new Error(`Unknown engine "${e}" (${ENGINES.join(', ')})`);
  return { engines: engines.length ? [...new Set(engines)] : ENGINES, greps, resultsFile, parallel, mode };
}

function findTests(dirs) {
  return dirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile() && /\.browser\.test\.tsx?$/.test(d.name) && !/node_modules/.test(d.parentPath ?? d.path))
    .map((d) => join(d.parentPath ?? d.path, d.name))
    .sort();
}

/** Removes bundles left by runs whose process is gone. */
function removeStaleRuns() {
  if (!existsSync(BUILD_ROOT)) return;
  for (const name of readdirSync(BUILD_ROOT)) {
    const m = /^run-(\d+)$/.exec(name);
    if (!m) continue;
    let alive = true;
    try {
      process.kill(Number(m[1]), 0);
    } catch (error) {
      alive = error.code === 'EPERM';
    }
    if (!alive) rmSync(join(BUILD_ROOT, name), { recursive: true, force: true });
  }
}

/** Bundles, for each build mode, the files that run in it (a Map mode → files) into OUT_DIR/<mode>/, both at once. */
export async function bundleTests(filesByMode) {
  removeStaleRuns();
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  await Promise.all(
    [...filesByMode].map(([mode, files]) =>
      build({
        entryPoints: files,
        outdir: join(OUT_DIR, mode),
        outbase: repoRoot,
        bundle: true,
        format: 'esm',
        // What the test files share (React, Lexical, the elements) goes into shared chunks: the
        // browser loads and compiles them once per run, not once per file (a file's overhead went
        // from 3.3 s to 2.2 s in Chromium, Firefox about 1 s less; WebKit, whose browser is fresh
        // every few files, the same).
        splitting: true,
        platform: 'browser',
        target: 'es2022',
        jsx: 'automatic',
        loader: { '.css': 'text', '.svg': 'text', '.html': 'text' },
        define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
        // Linked, not inline: inline maps made every test file 13–18 MB for the browser to load.
        sourcemap: 'linked',
        logLevel: 'warning',
        // package.json's "sideEffects" describes the published dist/ files; read here it would mark
        // every source file pure and drop the registration imports ('./index') the tests rely on.
        ignoreAnnotations: true,
        // Served by the dev server itself (used by @web/test-runner-commands: sendKeys, setViewport …).
        external: ['/__web-dev-server__web-socket.js'],
        // In front of every test file: reports each finished test to the stall watchdog (progress.ts),
        // and describes the DOM nodes a failed comparison keeps for its diff (node-diffs.ts).
        inject: [join(repoRoot, 'tests/helpers/progress.ts'), join(repoRoot, 'tests/helpers/node-diffs.ts')],
      }),
    ),
  );
}

/**
 * A port nobody listens on (any interface), starting at `preferred`, then pid-spread candidates so
 * two runs started at the same moment do not pick the same one.
 */
async function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((res) => {
      const srv = createServer();
      srv.once('error', () => res(null));
      srv.listen(port, () => srv.close(() => res(port)));
    });
  const spread = 20_000 + (process.pid % 500) * 40;
  for (const port of [preferred, ...Array.from({ length: 40 }, (_, i) => spread + i)]) {
    if (await tryPort(port)) return port;
  }
  return tryPort(0);
}

async function waitUntil(check, { timeout, what }) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Processes this script started; killed (whole process group) on exit. */
const children = new Set();
function startDaemon(command, args, env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const log = [];
  const keep = (d) => {
    log.push(d.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.log = log;
  return child;
}
function stopDaemon(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((res) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      res();
    }, 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      res();
    }
  });
}
function killAllDaemonsSync() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}
process.on('exit', killAllDaemonsSync);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    killAllDaemonsSync();
    process.exit(130);
  });
}

/** Xvfb + WebKitWebDriver for the WebKit run. */
async function startWebKitInfra() {
  let display = 99;
  while (existsSync(`/tmp/.X${display}-lock`) || existsSync(`/tmp/.X11-unix/X${display}`)) display++;
  const xvfb = startDaemon('Xvfb', [`:${display}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], process.env);
  await waitUntil(() => existsSync(`/tmp/.X11-unix/X${display}`) || xvfb.exitCode !== null, { timeout: 20_000, what: 'Xvfb' });
  if (xvfb.exitCode !== null) throw new Error(`Xvfb exited (${xvfb.exitCode}): ${xvfb.log.join('')}`);
  const port = await freePort(WEBKIT_DRIVER_PORT);
  const env = { ...process.env, DISPLAY: `:${display}` };
  const driver = startDaemon(WEBKIT_DRIVER, [`--port=${port}`], env);
  await waitUntil(
    async () => {
      if (driver.exitCode !== null) return true;
      try {
        const r = await fetch(`http://127.0.0.1:${port}/status`);
        return r.ok;
      } catch {
        return false;
      }
    },
    { timeout: 20_000, what: 'WebKitWebDriver' },
  );
  if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode}): ${driver.log.join('')}`);
  return {
    env: { DISPLAY: `:${display}`, WTR_WEBKIT_PORT: String(port) },
    driverPid: driver.pid,
    stop: async () => {
      await stopDaemon(driver);
      await stopDaemon(xvfb);
    },
  };
}

/** A test file's name as printed: its path in the repository, bundled as .js. */
const shortName = (file) => relative(OUT_DIR, resolve(repoRoot, file)).replace(new RegExp(`^(?:${MODES.join('|')})/`), '');

/**
 * One web-test-runner process over `files`, under the stall watchdog. Returns how it ended and
 * what its progress file says: each finished file's result, and the files that had begun.
 */
async function runWtr(engine, env, files, { buffered, attempt, onChild }) {
  const progressFile = join(OUT_DIR, `progress-${engine}-${attempt}.jsonl`);
  const resultsFile = join(OUT_DIR, `results-${engine}-${attempt}.jsonl`);
  for (const f of [progressFile, resultsFile]) rmSync(f, { force: true });
  const output = [];
  const run = await runWithStallWatchdog({
    command: process.execPath,
    args: [join(repoRoot, 'node_modules/@web/test-runner/dist/bin.js'), '--config', join(repoRoot, 'web-test-runner.config.mjs')],
    progressFile,
    stallMs: STALL_MS,
    spawnOptions: {
      cwd: repoRoot,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        ...env,
        WTR_ENGINE: engine,
        WTR_FILES: files.join(','),
        WTR_PROGRESS_FILE: progressFile,
        WTR_RESULTS_FILE: resultsFile,
        NODE_NO_WARNINGS: '1',
      },
    },
    onSpawn(child) {
      children.add(child);
      onChild(child);
      if (buffered) {
        child.stdout.on('data', (d) => output.push(d));
        child.stderr.on('data', (d) => output.push(d));
      }
    },
    onStall({ silentMs }) {
      console.error(
        `\n[${engine}] stalled: no test finished for ${Math.round(silentMs / 1000)} s (WTR_STALL_MS=${STALL_MS}); stopping this browser run.`,
      );
    },
  });
  children.delete(run.child);
  if (buffered) {
    console.log(`\n━━ ${engine}${attempt > 1 ? ` (run ${attempt})` : ''} ━━`);
    process.stdout.write(Buffer.concat(output));
  }
  const read = (file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return ''; // nothing was ever written
    }
  };
  const text = read(progressFile) + read(resultsFile);
  const progress = readProgress(text);
  const byFile = new Map([...progress.files].map(([file, r]) => [resolve(repoRoot, file), r]));
  const begun = new Set([...progress.begun].map((file) => resolve(repoRoot, file)));
  return { ...run, results: byFile, begun, anyProgress: text.length > 0 };
}

/** Runs every file in `engine`, again in a fresh browser where the rerun policy says so (lib/rerun-policy.mjs). */
async function runEngine(engine, files, { buffered = false, index = 0 } = {}) {
  const started = Date.now();
  let infra = null;
  let current = null;
  const sampler = startMemorySampler(() => [current?.pid, infra?.driverPid]);
  const results = new Map();
  const strikes = new Map();
  const reruns = [];
  let pending = files;
  let attempt = 0;
  try {
    const env = { WTR_PORT: String(await freePort(8000 + (process.pid % 500) * 4 + index)) };
    if (engine === 'firefox') env.HOME = ensureOwnHome();
    while (pending.length) {
      attempt++;
      // A fresh Xvfb and WebKitWebDriver for each run: a run stopped for stalling may have been
      // stuck in the driver itself.
      if (engine === 'webkit') {
        await infra?.stop();
        infra = await startWebKitInfra();
        Object.assign(env, infra.env);
      }
      const run = await runWtr(engine, env, pending, { buffered, attempt, onChild: (c) => (current = c) });
      const next = afterBrowserRun({ pending, run, strikes, stallMs: STALL_MS });
      for (const [file, result] of next.done) results.set(file, result);
      for (const { file, why } of next.reruns) {
        reruns.push({ file: shortName(file), why });
        if (next.again.includes(file)) console.log(`[${engine}] ${shortName(file)} runs again in a fresh browser: ${why}`);
      }
      pending = next.again;
    }
  } catch (error) {
    console.error(`[${engine}] could not run: ${error instanceof Error ? error.message : error}`);
    for (const file of pending) if (!results.has(file)) results.set(file, brokenFile(file, String(error?.message ?? error)));
  } finally {
    await infra?.stop();
  }
  const peak = sampler.stop();
  const list = files.map((file) => results.get(file) ?? brokenFile(file, 'no result'));
  const sum = (key) => list.reduce((n, r) => n + r[key], 0);
  return {
    engine,
    passed: sum('passed'),
    failed: sum('failed'),
    skipped: sum('skipped'),
    ok: list.every((r) => r.outcome === 'passed'),
    seconds: (Date.now() - started) / 1000,
    peakMemoryBytes: peak?.bytes ?? null,
    peakMemoryByProcess: peak?.byName ?? null,
    browserRuns: attempt,
    reruns,
    files: list.map((r) => ({
      file: shortName(r.file),
      passed: r.passed,
      failed: r.failed,
      testSeconds: r.ms / 1000,
      failures: r.failures ?? [],
      errors: r.errors ?? [],
    })),
  };
}

async function main() {
  const { engines, greps, resultsFile, parallel, mode } = parseArgs(process.argv.slice(2));
  const modeOf = (engine, file) => mode ?? (PRODUCTION_FILES.includes(relative(repoRoot, file)) ? 'production' : ENGINE_MODE[engine]);
  let files = findTests(TEST_ROOTS);
  if (greps.length) files = files.filter((f) => greps.some((g) => relative(repoRoot, f).includes(g)));
  if (files.length === 0) {
    console.error(`No *.browser.test.ts found${greps.length ? ` matching ${greps.join(', ')}` : ''}.`);
    return 1;
  }
  const t0 = Date.now();
  const filesByMode = new Map();
  for (const engine of engines)
    for (const file of files) {
      const m = modeOf(engine, file);
      if (!filesByMode.has(m)) filesByMode.set(m, new Set());
      filesByMode.get(m).add(file);
    }
  await bundleTests(new Map([...filesByMode].map(([m, set]) => [m, [...set]])));
  console.log(
    `Bundled ${files.length} test file(s) into .wtr-build/ (${[...filesByMode].map(([m, set]) => `${set.size} ${m}`).join(', ')}) in ${Date.now() - t0} ms`,
  );
  console.log(
    `React and Lexical: ${engines.map((e) => `${e} ${mode ?? ENGINE_MODE[e]}`).join(', ')}${mode ? '' : `; production everywhere for ${PRODUCTION_FILES.join(', ')}`}`,
  );

  const bundledFor = (engine) => files.map((f) => join(OUT_DIR, modeOf(engine, f), relative(repoRoot, f)).replace(/\.tsx?$/, '.js'));
  const results = [];
  if (parallel) {
    console.log(`Running ${engines.join(', ')} in parallel; each engine's output follows when it finishes.`);
    results.push(...(await Promise.all(engines.map((engine, index) => runEngine(engine, bundledFor(engine), { buffered: true, index })))));
  } else {
    for (const engine of engines) {
      console.log(`\n━━ ${engine} ━━`);
      results.push(await runEngine(engine, bundledFor(engine)));
    }
  }

  const total = { passed: 0, failed: 0 };
  console.log('\nBrowser tests per engine');
  console.log('  engine     passed  failed  skipped    time  peak memory  browser runs  result');
  for (const r of results) {
    total.passed += r.passed;
    total.failed += r.failed;
    console.log(
      `  ${r.engine.padEnd(9)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}  ${(r.seconds.toFixed(1) + 's').padStart(6)}  ${(r.peakMemoryBytes == null ? 'n/a' : mib(r.peakMemoryBytes)).padStart(11)}  ${String(r.browserRuns).padStart(12)}  ${r.ok ? 'ok' : 'FAILED'}`,
    );
  }
  for (const r of results) {
    const slowest = [...r.files].sort((a, b) => b.testSeconds - a.testSeconds).slice(0, 3);
    if (slowest.length)
      console.log(
        `  ${r.engine} slowest files (time inside tests): ${slowest.map((f) => `${f.file} ${f.testSeconds.toFixed(1)}s`).join(', ')}`,
      );
    if (r.peakMemoryByProcess) {
      const parts = Object.entries(r.peakMemoryByProcess)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4);
      console.log(`  ${r.engine} memory at its peak (PSS): ${parts.map(([name, bytes]) => `${name} ${mib(bytes)}`).join(', ')}`);
    }
    for (const x of r.reruns) console.log(`  ${r.engine} ran again in a fresh browser: ${x.file} (${x.why})`);
  }
  // Repeated at the very end: a CI log is often read from its last lines only.
  for (const r of results) {
    for (const f of r.files) {
      for (const x of f.failures) console.log(`  FAILED [${r.engine}] ${f.file}: ${x.test}\n      ${x.error}`);
      if (f.failed && !f.failures.length)
        console.log(`  FAILED [${r.engine}] ${f.file}: the file did not run${f.errors.length ? ` — ${f.errors[0]}` : ''}`);
    }
  }
  const summary = JSON.stringify({ engines: results, ...total }, null, 2);
  writeFileSync(join(BUILD_ROOT, 'results.json'), summary);
  if (resultsFile) writeFileSync(resultsFile, summary);
  rmSync(OUT_DIR, { recursive: true, force: true });
  return results.every((r) => r.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
