/**
 * The repository's import graph, read from the source text: each module's relative imports
 * (static, re-exports, side-effect and dynamic, type-only included), resolved to files. Shared by
 * the repository checks in this folder.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

const isTest = (file: string) => /\.(browser\.)?test\.tsx?$|\.test-helpers\.ts$/.test(file);

/** Every .ts/.tsx module under `dir` (repository-relative), tests left out unless asked for. */
export function sourceFiles(dir: string, { tests = false } = {}): string[] {
  const walk = (abs: string): string[] =>
    readdirSync(abs).flatMap((name) => {
      const path = join(abs, name);
      return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
  return walk(join(ROOT, dir))
    .filter((f) => tests || !isTest(f))
    .map((f) => relative(ROOT, f));
}

// Static imports and re-exports start a line; dynamic imports may stand anywhere in code.
const IMPORT =
  /^(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|[=(\s]import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|^import\s+['"](\.[^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The repository-relative files that `file` imports (relative imports only). */
export function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    const target = EXTENSIONS.map((ext) => resolve(dirname(join(ROOT, file)), spec + ext)).find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    if (target) out.push(relative(ROOT, target));
  }
  return out;
}

/** Module → its imports, for every module under `dirs`. */
export function importGraph(dirs: string[], options: { tests?: boolean } = {}): Map<string, string[]> {
  return new Map(dirs.flatMap((dir) => sourceFiles(dir, options)).map((file) => [file, importsOf(file)]));
}
