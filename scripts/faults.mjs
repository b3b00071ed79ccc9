#!/usr/bin/env node
// The fault matrix (issue #23): `npm run faults` reads every call the elements make from the API
// modules into tests/faults/calls.json, runs tests/faults/fault-matrix.browser.test.ts in Chromium
// and writes the table it prints (call × fault → outcome) to docs/fault-matrix.md.
//
//   npm run faults                  calls.json, the run and the table
//   npm run faults -- --calls-only  calls.json only (what tests/checks/fault-calls.test.ts asks for)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
register();
const { extractApiCalls } = await import('../tests/faults/api-calls.ts');
const calls = extractApiCalls(root).map(({ method, path, source }) => ({ method, path, source }));
const callsFile = join(root, 'tests/faults/calls.json');
writeFileSync(callsFile, `${JSON.stringify(calls, null, 2)}\n`);
console.log(`${calls.length} calls → tests/faults/calls.json`);
if (process.argv.includes('--calls-only')) process.exit(0);

let output = '';
const child = spawn(
  process.execPath,
  [join(root, 'scripts/browser-tests.mjs'), '--engine', 'chromium', '--grep', 'tests/faults/fault-matrix'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
child.stdout.on('data', (d) => {
  output += d;
  process.stdout.write(d);
});
const code = await new Promise((resolve) => child.on('close', resolve));
// The browser's console lines come indented by the reporter.
const match = /FAULT-MATRIX-BEGIN\s*\n([\s\S]*?)\n\s*FAULT-MATRIX-END/.exec(output);
if (!match) {
  console.error('The run printed no matrix.');
  process.exit(1);
}
const table = match[1]
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l.startsWith('|'))
  .join('\n');
const doc = join(root, 'docs/fault-matrix.md');
const intro = readFileSync(join(root, 'tests/faults/fault-matrix.intro.md'), 'utf8');
writeFileSync(doc, `${intro.trimEnd()}\n\n${table}\n`);
console.log(`\nThe matrix → docs/fault-matrix.md${code === 0 ? '' : ' (the run failed: the table says where)'}`);
process.exit(code ?? 1);
