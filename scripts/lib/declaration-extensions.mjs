// The declarations tsc writes keep the sources' extensionless relative imports ('./session/session'),
// which TypeScript resolves under "moduleResolution": "bundler" but not under "node16"/"nodenext",
// where an ES module's relative import names its file. This rewrites each relative import of a
// declaration file to the .js path beside it ('./session/session.js', './x/index.js'), so the types
// resolve under both (`attw` checks it on the packed tarball, scripts/package-test.mjs).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const RELATIVE = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** Rewrites every .d.ts file under `dir` in place; returns how many imports it changed. */
export function addDeclarationExtensions(dir) {
  let changed = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = join(dir, entry);
    if (!file.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8');
    const next = text.replace(RELATIVE, (whole, head, q, spec) => {
      const target = join(dirname(file), spec);
      if (existsSync(`${target}.d.ts`)) return (changed++, `${head}${q}${spec}.js${q}`);
      if (existsSync(join(target, 'index.d.ts'))) return (changed++, `${head}${q}${spec}/index.js${q}`);
      return whole; // already has an extension, or is not a declaration (e.g. './styles.css')
    });
    if (next !== text) writeFileSync(file, next);
  }
  return changed;
}
