#!/usr/bin/env node
// `npm run build`: checks the public contract, then builds into a fresh folder beside dist/ and
// swaps it in with two renames, so a running `npm start` never serves a half-built dist/.
//
//   1. scripts/contract.mjs --check   custom-elements.json (the docs site's source), types/elements.d.ts
//                                     and the name tables must match elements/*/contract.ts
//   2. scripts/editor-data.mjs --check  web-types.json and vscode.html-custom-data.json must match
//                                     what their generators make of custom-elements.json
//   3. rollup -c                      bundles (TL_OUT_DIR = the new folder)
//   4. tsc -p tsconfig.build.json     declarations into <new folder>/types, whose relative imports
//                                     then name their .js files (resolvable under node16 too)
//   5. dist → dist.old, new → dist, remove dist.old
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDeclarationExtensions } from './lib/declaration-extensions.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const next = join(root, `.dist-next-${process.pid}`);
const dist = join(root, 'dist');
const old = join(root, `.dist-old-${process.pid}`);

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    console.error(`[build] ${[cmd, ...args].join(' ')} failed; dist/ is unchanged`);
    process.exit(result.status ?? 1);
  }
}

rmSync(next, { recursive: true, force: true });
run(process.execPath, [join(root, 'scripts', 'contract.mjs'), '--check']);
run(process.execPath, [join(root, 'scripts', 'editor-data.mjs'), '--check']);
run(bin('rollup'), ['-c'], { TL_OUT_DIR: next });
run(bin('tsc'), ['-p', 'tsconfig.build.json', '--outDir', join(next, 'types')]);
console.log(`[build] declarations: ${addDeclarationExtensions(join(next, 'types'))} relative imports now name their .js file`);

if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
console.log('[build] dist/ swapped in');
