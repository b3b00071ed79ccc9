#!/usr/bin/env node
// Browser tests: bundles tests/browser/**/*.test.{ts,tsx} with esbuild into .wtr-build/,
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
//
// Writes .wtr-build/results.json: { engines: [{engine, passed, failed, skipped, ok}], passed, failed }.
// Several runs may share a checkout (people and agents working side by side): each run bundles into
// its own .wtr-build/run-<pid>/, picks a free dev-server port, a free X display and driver port.
// WTR_ENGINE_TIMEOUT_MS (default 300000) stops an engine run that hangs (e.g. a browser that died).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WEBKIT_DRIVER, WEBKIT_DRIVER_PORT, ensureOwnHome } from './lib/browsers.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_ROOT = join(repoRoot, '.wtr-build');
const OUT_DIR = join(BUILD_ROOT, `run-${process.pid}`);
const ENGINE_TIMEOUT_MS = Number(process.env.WTR_ENGINE_TIMEOUT_MS) || 300_000;
const TEST_DIR = join(repoRoot, 'tests/browser');
const ENGINES = ['chromium', 'firefox', 'webkit'];

function parseArgs(argv) {
  const engines = [];
  const greps = [];
  let resultsFile = null;
  let parallel = process.env.WTR_PARALLEL === '1';
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
      engines.push(...take().split(',').map((e) => e.trim().toLowerCase()).filter(Boolean));
    } else if (arg === '--grep' || arg.startsWith('--grep=')) {
      greps.push(take());
    } else if (arg === '--parallel') {
      parallel = true;
    } else if (arg === '--results-file' || arg.startsWith('--results-file=')) {
      resultsFile = resolve(take());
    } else if (arg === '--help' || arg === '-h') {
      console.log('usage: browser-tests.mjs [--engine chromium|firefox|webkit]... [--grep <path part>]...');
      process.exit(0);
    } else {
      throw new Error(`Unknown argument ${arg}`);
    }
  }
  for (const e of engines) if (!ENGINES.includes(e)) throw new Error(`Unknown engine "${e}" (${ENGINES.join(', ')})`);
  return { engines: engines.length ? [...new Set(engines)] : ENGINES, greps, resultsFile, parallel };
}

function findTests(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.test\.tsx?$/.test(d.name))
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

export async function bundleTests(files) {
  removeStaleRuns();
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  await build({
    entryPoints: files,
    outdir: OUT_DIR,
    outbase: TEST_DIR,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    loader: { '.css': 'text', '.svg': 'text', '.html': 'text' },
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    // Linked, not inline: inline maps made every test file 13–18 MB for the browser to load.
    sourcemap: 'linked',
    logLevel: 'warning',
    // Served by the dev server itself (used by @web/test-runner-commands: sendKeys, setViewport …).
    external: ['/__web-dev-server__web-socket.js'],
  });
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
    stop: async () => {
      await stopDaemon(driver);
      await stopDaemon(xvfb);
    },
  };
}

function runWtr(engine, env, buffered) {
  const resultsFile = join(OUT_DIR, `results-${engine}.json`);
  rmSync(resultsFile, { force: true });
  return new Promise((res) => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'node_modules/@web/test-runner/dist/bin.js'), '--config', join(repoRoot, 'web-test-runner.config.mjs')],
      {
        cwd: repoRoot,
        stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        // Own process group: the watchdog can stop the runner and the browsers it launched.
        detached: true,
        env: {
          ...process.env,
          ...env,
          WTR_ENGINE: engine,
          WTR_RESULTS_FILE: resultsFile,
          WTR_FILES: `${relative(repoRoot, OUT_DIR)}/**/*.test.js`,
          NODE_NO_WARNINGS: '1',
        },
      },
    );
    children.add(child);
    const output = [];
    if (buffered) {
      child.stdout.on('data', (d) => output.push(d));
      child.stderr.on('data', (d) => output.push(d));
    }
    let timedOut = false;
    const watchdog = setTimeout(() => {
      timedOut = true;
      console.error(`\n[${engine}] no result after ${ENGINE_TIMEOUT_MS / 1000} s: stopping the test runner (WTR_ENGINE_TIMEOUT_MS).`);
      try {
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        }, 5000).unref();
      } catch {
        /* gone */
      }
    }, ENGINE_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      children.delete(child);
      // Browsers the runner left behind in its group.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* none left */
      }
      let result = null;
      try {
        result = JSON.parse(readFileSync(resultsFile, 'utf8'));
      } catch {
        /* the runner died before reporting */
      }
      if (buffered) {
        console.log(`\n━━ ${engine} ━━`);
        process.stdout.write(Buffer.concat(output));
      }
      res({ code: timedOut ? 1 : (code ?? (signal ? 1 : 0)), result: timedOut ? null : result });
    });
  });
}

async function runEngine(engine, { buffered = false, index = 0 } = {}) {
  const started = Date.now();
  let infra = null;
  let outcome;
  try {
    const env = { WTR_PORT: String(await freePort(8000 + (process.pid % 500) * 4 + index)) };
    if (engine === 'firefox') env.HOME = ensureOwnHome();
    if (engine === 'webkit') {
      infra = await startWebKitInfra();
      Object.assign(env, infra.env);
    }
    outcome = await runWtr(engine, env, buffered);
  } catch (error) {
    console.error(`[${engine}] could not run: ${error instanceof Error ? error.message : error}`);
    outcome = { code: 1, result: null };
  } finally {
    await infra?.stop();
  }
  const r = outcome.result ?? { passed: 0, failed: 0, skipped: 0 };
  const failed = outcome.result ? r.failed : Math.max(1, r.failed);
  return {
    engine,
    passed: r.passed,
    failed,
    skipped: r.skipped,
    ok: outcome.code === 0 && failed === 0 && outcome.result !== null,
    seconds: (Date.now() - started) / 1000,
    files: (r.files ?? []).map((f) => ({
      file: f.file.replace(/^.*\.wtr-build\/run-\d+\//, ''),
      passed: f.passed,
      failed: f.failed,
      testSeconds: f.ms / 1000,
      failures: f.failures ?? [],
      errors: f.errors ?? [],
    })),
  };
}

async function main() {
  const { engines, greps, resultsFile, parallel } = parseArgs(process.argv.slice(2));
  let files = findTests(TEST_DIR);
  if (greps.length) files = files.filter((f) => greps.some((g) => relative(repoRoot, f).includes(g)));
  if (files.length === 0) {
    console.error(`No browser tests found in ${relative(repoRoot, TEST_DIR)}${greps.length ? ` matching ${greps.join(', ')}` : ''}.`);
    return 1;
  }
  const t0 = Date.now();
  await bundleTests(files);
  console.log(`Bundled ${files.length} test file(s) into .wtr-build/ in ${Date.now() - t0} ms`);

  const results = [];
  if (parallel) {
    console.log(`Running ${engines.join(', ')} in parallel; each engine's output follows when it finishes.`);
    results.push(...(await Promise.all(engines.map((engine, index) => runEngine(engine, { buffered: true, index })))));
  } else {
    for (const engine of engines) {
      console.log(`\n━━ ${engine} ━━`);
      results.push(await runEngine(engine));
    }
  }

  const total = { passed: 0, failed: 0 };
  console.log('\nBrowser tests per engine');
  console.log('  engine     passed  failed  skipped  time    result');
  for (const r of results) {
    total.passed += r.passed;
    total.failed += r.failed;
    console.log(
      `  ${r.engine.padEnd(9)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${String(r.skipped).padStart(7)}  ${(r.seconds.toFixed(1) + 's').padStart(6)}  ${r.ok ? 'ok' : 'FAILED'}`,
    );
  }
  const slowest = results
    .flatMap((r) => r.files.map((f) => ({ ...f, engine: r.engine })))
    .sort((a, b) => b.testSeconds - a.testSeconds)
    .slice(0, 5);
  if (slowest.length) {
    console.log('  slowest test files (time inside tests): ' + slowest.map((f) => `${f.file} [${f.engine}] ${f.testSeconds.toFixed(1)}s`).join(', '));
  }
  // Repeated at the very end: a CI log is often read from its last lines only.
  for (const r of results) {
    for (const f of r.files) {
      for (const x of f.failures) console.log(`  FAILED [${r.engine}] ${f.file}: ${x.test}\n      ${x.error}`);
      if (f.failed && !f.failures.length) console.log(`  FAILED [${r.engine}] ${f.file}: the file did not run${f.errors.length ? ` — ${f.errors[0]}` : ''}`);
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
