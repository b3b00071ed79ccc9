/**
 * No import cycles in the runtime, the elements or the demo server (type-only imports included:
 * a cycle of types is still two modules that cannot be understood one without the other).
 */
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph';

function cycles(dir: string): string[] {
  const graph = importGraph([dir]);
  const found = new Set<string>();
  const stack: string[] = [];
  const done = new Set<string>();
  const visit = (file: string) => {
    if (done.has(file)) return;
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (!graph.has(dep)) continue; // outside this folder
      if (stack.includes(dep)) found.add(stack.slice(stack.indexOf(dep)).join(' → '));
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
