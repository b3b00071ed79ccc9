/**
 * No import cycles in the runtime, the elements or the demo server (type-only imports included:
 * a cycle of types is still two modules that cannot be understood one without the other).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

function cycles(dir: string): string[] {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, dir))) {
    const deps: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
      const target = ['.ts', '.tsx', '/index.ts'].map((ext) => resolve(dirname(file), m[1] + ext)).find((p) => existsSync(p));
      if (target?.startsWith(join(root, dir))) deps.push(target);
    }
    graph.set(file, deps);
  }
  const found = new Set<string>();
  const stack: string[] = [];
  const done = new Set<string>();
  const visit = (file: string) => {
    if (done.has(file)) return;
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (stack.includes(dep)) found.add(stack.slice(stack.indexOf(dep)).map((f) => relative(root, f)).join(' → '));
      else visit(dep);
    }
    stack.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return [...found];
}

describe('import cycles', () => {
  for (const dir of ['src', 'elements', 'demo']) {
    it(`none in ${dir}/`, () => expect(cycles(dir)).toEqual([]));
  }
});
