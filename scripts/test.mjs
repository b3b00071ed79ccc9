#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failing stage.
//
//   ensure-browsers → typecheck → lint → knip → faults-smoke → format → build → package → docs → unit (vitest) → browser (wtr × 3 engines) → e2e (Playwright)
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
  // Caches under node_modules/.cache make local re-runs fast; a fresh clone starts cold.
  {
    name: 'typecheck',
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
  { name: 'lint', cmd: [bin('eslint'), '.', '--cache', '--cache-location', join(repoRoot, 'node_modules/.cache/tl-eslint/')] },
  // Unused files, exports and dependencies (knip.json): dead code fails the run.
  { name: 'knip', cmd: [bin('knip'), '--no-progress'] },
  // The fault-matrix script keeps running (`npm run faults`): its first step, the calls read from
  // the API modules, in seconds; the matrix itself runs in the browser stage.
  { name: 'faults-smoke', cmd: [process.execPath, join(repoRoot, 'scripts/faults.mjs'), '--calls-only'] },
  // Prettier's check (`npm run format` writes): one style everywhere, .prettierrc.json.
  {
    name: 'format',
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

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current && current.exitCode === null) current.kill(signal);
    process.exitCode = 130;
  });
}

function run(cmd, env) {
  return new Promise((res) => {
    const [command, ...args] = cmd;
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    current = child;
    child.on('error', (error) => {
      console.error(`[test] could not run ${command}: ${error.message}`);
      res(1);
    });
    child.on('exit', (code, signal) => res(code ?? (signal ? 1 : 0)));
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

  for (const stage of STAGES) {
    const selected = only.size ? only.has(stage.name) : !skip.has(stage.name);
    if (!selected || failedStage) {
      rows.push({ name: stage.name, result: failedStage && selected ? 'not run' : 'skipped', ms: 0 });
      continue;
    }
    console.log(`\n▶ ${stage.name}: ${stage.cmd.map((c) => c.replace(repoRoot + '/', '')).join(' ')}`);
    const t0 = Date.now();
    const env = stage.env ? await stage.env(done) : {};
    const code = await run(stage.cmd, env);
    const ms = Date.now() - t0;
    const counts = stage.counts ? stage.counts() : null;
    if (counts) {
      total.passed += counts.passed;
      total.failed += counts.failed;
    } else if (stage.counts && code !== 0) {
      total.failed += 1; // the runner died before reporting: count the stage as one failure
    }
    const ok = code === 0 && (!counts || counts.failed === 0) && !(stage.counts && !counts);
    if (ok) stage.after?.();
    rows.push({
      name: stage.name,
      result: ok ? 'ok' : `FAILED (exit ${code})`,
      ms,
      tests: counts ? `${counts.passed} passed, ${counts.failed} failed${counts.detail ? ` (${counts.detail})` : ''}` : '',
    });
    if (ok) done.add(stage.name);
    else failedStage = stage.name;
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
