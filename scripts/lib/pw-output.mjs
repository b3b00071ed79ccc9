// Per-run Playwright output directories (test-results/run-<pid>): runs that share a checkout do
// not wipe each other's artifacts. Dirs of finished runs are pruned: those without artifacts
// right away, the others beyond the newest ten.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

export function pruneOutputDirs(root, keep = 10) {
  if (!existsSync(root)) return;
  const finished = [];
  for (const name of readdirSync(root)) {
    const m = /^run-(\d+)$/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    const dir = join(root, name);
    let entries;
    try {
      entries = readdirSync(dir).filter((e) => e !== '.last-run.json');
    } catch {
      continue;
    }
    if (entries.length === 0) rmSync(dir, { recursive: true, force: true });
    else finished.push({ dir, mtime: statSync(dir).mtimeMs });
  }
  finished.sort((a, b) => b.mtime - a.mtime);
  for (const { dir } of finished.slice(keep)) rmSync(dir, { recursive: true, force: true });
}
