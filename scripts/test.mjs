#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failing stage (the static checks, a
// group, run side by side and all finish).
//
//   ensure-browsers → faults-smoke → typecheck + lint + knip + format → build → package → docs → unit (vitest) → browser (wtr × 3 engines) → e2e (Playwright)
//
// Output streams as it happens; at the end a per-stage timing table and one last line
// `N passed, N failed` (tests summed over vitest, the three wtr engines and Playwright).
//
//   npm test -- --skip ensure-browsers,lint     skip stages (comma-separated or repeated)
//   npm test -- --only unit                     run only these stages
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'tl-test-'));
const files = {
  vitest: join(work, 'vitest.json'),
  wtr: join(work, 'wtr.json'),
  playwright: join(work, 'playwright.json'),
  dist: join(work, 'dist'),
  package: join(work, 'package.json'),
};

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Each stage: a command, and (for test stages) how to read its counts. */
const STAGES = [
  { name: 'ensure-browsers', cmd: [process.execPath, join(repoRoot, 'scripts/ensure-browsers.mjs')] },
  // The fault-matrix script keeps running (`npm run faults`): its first step, the calls read from
  // the API modules, in seconds; the matrix itself runs in the browser stage.
  { name: 'faults-smoke', cmd: [process.execPath, join(repoRoot, 'scripts/faults.mjs'), '--calls-only'] },
  // Caches under node_modules/.cache make local re-runs fast; a fresh clone starts cold.
  // The static checks (typecheck, lint, knip, format) read the sources and write only their own caches: they run
  // side by side (`group`), each mostly on one core, their output printed per stage as each ends.
  {
    name: 'typecheck',
    group: 'checks',
    cmd: [
      bin('tsc'),
      '--noEmit',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      join(repoRoot, 'node_modules/.cache/tl-typecheck.tsbuildinfo'),
    ],
  },
  {
    name: 'lint',
    group: 'checks',
    cmd: [bin('eslint'), '.', '--cache', '--cache-location', join(repoRoot, 'node_modules/.cache/tl-eslint/')],
  },
  // Unused files, exports and dependencies (knip.json): dead code fails the run.
  { name: 'knip', group: 'checks', cmd: [bin('knip'), '--no-progress'] },
  // Prettier's check (`npm run format` writes): one style everywhere, .prettierrc.json.
  {
    name: 'format',
    group: 'checks',
    cmd: [
      bin('prettier'),
      '--check',
      '.',
      '--log-level',
      'warn',
      '--cache',
      '--cache-location',
      join(repoRoot, 'node_modules/.cache/tl-prettier'),
    ],
  },
  {
    name: 'build',
    cmd: ['npm', 'run', 'build'],
    // A private copy of what this run built: the e2e server serves it (DIST_DIR), so a teammate's
    // rebuild of dist/ in the same checkout cannot pull it away mid-run.
    after() {
      try {
        cpSync(join(repoRoot, 'dist'), files.dist, { recursive: true });
      } catch (error) {
        console.warn(`[test] could not snapshot dist/ (${error.message}); e2e serves dist/ directly`);
      }
    },
  },
  {
    // The package as users get it: npm pack, installed into a scratch React 19 app and a plain page.
    name: 'package',
    cmd: [process.execPath, join(repoRoot, 'scripts/package-test.mjs'), '--results-file', files.package],
    counts() {
      return readJson(files.package);
    },
  },
  // The reference site keeps building (`npm run docs`: its drift check, then every page as static
  // files into docs-build/); the e2e stage opens the same pages served at /docs.
  { name: 'docs', cmd: [bin('tsx'), join(repoRoot, 'docs-site/build.ts')] },
  {
    name: 'unit',
    cmd: [bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${files.vitest}`],
    counts() {
      const r = readJson(files.vitest);
      if (!r) return null;
      return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrors ?? 0) };
    },
  },
  {
    name: 'browser',
    cmd: [process.execPath, join(repoRoot, 'scripts/browser-tests.mjs'), '--results-file', files.wtr],
    counts() {
      const r = readJson(files.wtr);
      if (!r) return null;
      return {
        passed: r.passed,
        failed: r.failed,
        detail: r.engines
          .map(
            (e) =>
              `${e.engine} ${e.passed}/${e.passed + e.failed} in ${Math.round(e.seconds)}s${e.peakMemoryBytes ? `, peak ${Math.round(e.peakMemoryBytes / 2 ** 20)} MiB` : ''}${e.reruns?.length ? `, ${e.reruns.length} rerun` : ''}`,
          )
          .join('; '),
      };
    },
  },
  {
    name: 'e2e',
    cmd: [bin('playwright'), 'test'],
    // playwright.config.ts picks the port (4173, or another when 4173 is taken). When this run
    // has just built dist/, start.mjs must not build again (sources touched meanwhile).
    env: (done) => ({
      PW_JSON_OUTPUT_FILE: files.playwright,
      ...(done.has('build') ? { SKIP_BUILD: '1' } : {}),
      ...(done.has('build') && existsSync(join(files.dist, 'loader.js')) ? { DIST_DIR: files.dist } : {}),
    }),
    counts() {
      const r = readJson(files.playwright);
      if (!r?.stats) return null;
      const s = r.stats;
      return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
    },
  },
  // Every bench stage once at small sizes (tests/bench/scale.mjs): a bench that no longer runs
  // fails here, not months later. Its numbers are not judged.
  { name: 'bench', cmd: [process.execPath, join(repoRoot, 'tests/bench/run.mjs'), '--smoke'] },
];

function parseArgs(argv) {
  const skip = new Set();
  const only = new Set();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => (inline !== undefined ? inline : (argv[++i] ?? ''));
    if (flag === '--skip')
      value()
        .split(',')
        .filter(Boolean)
        .forEach((s) => skip.add(s));
    else if (flag === '--only')
      value()
        .split(',')
        .filter(Boolean)
        .forEach((s) => only.add(s));
    else throw new Error(`Unknown argument ${arg} (use --skip <stages> or --only <stages>)`);
  }
  for (const s of [...skip, ...only]) {
    if (!STAGES.some((stage) => stage.name === s)) throw new Error(`Unknown stage "${s}" (${STAGES.map((x) => x.name).join(', ')})`);
  }
  return { skip, only };
}

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) if (child.exitCode === null) child.kill(signal);
    process.exitCode = 130;
  });
}

/** Runs `cmd`; with `output` (an array), its stdout and stderr are kept there instead of streamed. */
function run(cmd, env, output = null) {
  return new Promise((res) => {
    const [command, ...args] = cmd;
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    running.add(child);
    if (output) for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => output.push(d));
    child.on('error', (error) => {
      output?.push(Buffer.from(`[test] could not run ${command}: ${error.message}\n`));
      if (!output) console.error(`[test] could not run ${command}: ${error.message}`);
      running.delete(child);
      res(1);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      res(code ?? (signal ? 1 : 0));
    });
  });
}

const fmt = (ms) =>
  ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)}s`;

async function main() {
  const { skip, only } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const rows = [];
  const total = { passed: 0, failed: 0 };
  let failedStage = null;
  const done = new Set();

  const header = (stage) => `\n▶ ${stage.name}: ${stage.cmd.map((c) => c.replace(repoRoot + '/', '')).join(' ')}`;
  /** Runs one stage (its output kept when `buffered`) and returns its row. */
  async function runStage(stage, buffered) {
    const output = buffered ? [] : null;
    if (!buffered) console.log(header(stage));
    const t0 = Date.now();
    const env = stage.env ? await stage.env(done) : {};
    const code = await run(stage.cmd, env, output);
    const ms = Date.now() - t0;
    if (buffered) {
      console.log(`${header(stage)} (ran alongside the rest of its group, ${fmt(ms)})`);
      process.stdout.write(Buffer.concat(output));
    }
    const counts = stage.counts ? stage.counts() : null;
    if (counts) {
      total.passed += counts.passed;
      total.failed += counts.failed;
    } else if (stage.counts && code !== 0) {
      total.failed += 1; // the runner died before reporting: count the stage as one failure
    }
    const ok = code === 0 && (!counts || counts.failed === 0) && !(stage.counts && !counts);
    if (ok) stage.after?.();
    return {
      stage,
      ok,
      row: {
        name: stage.name,
        result: ok ? 'ok' : `FAILED (exit ${code})`,
        ms,
        tests: counts ? `${counts.passed} passed, ${counts.failed} failed${counts.detail ? ` (${counts.detail})` : ''}` : '',
      },
    };
  }

  for (let i = 0; i < STAGES.length;) {
    const stage = STAGES[i];
    // A group: this stage and the ones after it with the same `group`.
    let end = i + 1;
    while (stage.group && end < STAGES.length && STAGES[end].group === stage.group) end++;
    const batch = STAGES.slice(i, end);
    i = end;
    const selected = batch.filter((s) => (only.size ? only.has(s.name) : !skip.has(s.name)));
    if (failedStage || selected.length === 0) {
      for (const s of batch) rows.push({ name: s.name, result: failedStage && selected.includes(s) ? 'not run' : 'skipped', ms: 0 });
      continue;
    }
    const results = await Promise.all(selected.map((s) => runStage(s, selected.length > 1)));
    for (const s of batch) {
      const r = results.find((x) => x.stage === s);
      rows.push(r ? r.row : { name: s.name, result: 'skipped', ms: 0 });
      if (r?.ok) done.add(s.name);
      else if (r && !failedStage) failedStage = s.name;
    }
  }

  console.log('\nStage            Time     Result');
  for (const r of rows) {
    console.log(`  ${r.name.padEnd(15)}  ${(r.ms ? fmt(r.ms) : '-').padStart(6)}   ${r.result}${r.tests ? `  — ${r.tests}` : ''}`);
  }
  console.log(`  ${'total'.padEnd(15)}  ${fmt(Date.now() - started).padStart(6)}`);
  if (failedStage) console.log(`\nStopped at the first failing stage: ${failedStage}`);
  rmSync(work, { recursive: true, force: true });
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return failedStage ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = process.exitCode || code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
    console.log('0 passed, 0 failed');
    process.exitCode = 1;
  },
);
