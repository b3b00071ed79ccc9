#!/usr/bin/env node
/**
 * `npm start`: build the SDK if dist/ is missing or stale, then serve the demo.
 *   - dist/loader.js missing, or older than any file under src/ or elements/ (or rollup.config.mjs)
 *     → `npm run build`; a failing build prints its error and exits non-zero.
 *   - then `node --import tsx demo/server/main.ts` with this process's env (PORT, DATA_DIR, …);
 *     SIGINT/SIGTERM/SIGHUP are forwarded and the child's exit code is ours.
 * Set SKIP_BUILD=1 to serve whatever dist/ holds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const loader = join(root, 'dist', 'loader.js');

/** Newest mtime (ms) of any file below `dir`, 0 when it does not exist. */
function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function buildReason() {
  if (!existsSync(loader)) return 'dist/loader.js is missing';
  const built = statSync(loader).mtimeMs;
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'elements')),
    existsSync(join(root, 'rollup.config.mjs')) ? statSync(join(root, 'rollup.config.mjs')).mtimeMs : 0,
  );
  return sources > built ? 'sources changed since the last build' : null;
}

const reason = process.env.SKIP_BUILD === '1' ? null : buildReason();
if (reason) {
  console.log(`[start] building the SDK (${reason}) …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // the build's own output (and its error, if any) goes straight to the terminal
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (result.error || result.status !== 0) {
    console.error(`[start] the build failed${result.error ? `: ${result.error.message}` : ` (exit code ${result.status})`}.`);
    console.error('[start] fix the error above, or run with SKIP_BUILD=1 to serve the current dist/.');
    process.exit(result.status || 1);
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'demo', 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`[start] could not start the demo server: ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (signal) process.exit(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1);
  process.exit(code ?? 0);
});
