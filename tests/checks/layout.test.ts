/**
 * The layout shows the architecture (README, "Architecture"): what one element alone uses lives in
 * that element's folder; src/ holds only what two or more elements share.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, importGraph, sourceFiles } from './import-graph';

/**
 * Modules under src/ that may serve one element (or none), and why. Entry points are the package's
 * own; nothing else is listed today.
 */
const ALLOWED: Record<string, string> = {
  'src/loader.ts': 'the package entry that defines every tag lazily',
  'src/bundler-loader.ts': 'the same entry for an app that bundles the package',
  'src/core/autoload.ts': 'what the two loaders do',
  'src/element-modules.ts': "the bundler's loader's list of registrations",
  'src/index.ts': 'the package entry with the public API',
};

/** For each module under src/, the elements that use it, directly or through other src/ modules. */
export function usersOfSrcModules(): Map<string, Set<string>> {
  const graph = importGraph(['src', 'elements']);
  const users = new Map<string, Set<string>>([...graph.keys()].filter((f) => f.startsWith('src/')).map((f) => [f, new Set()]));
  for (const file of graph.keys()) {
    const tag = /^elements\/([^/]+)\//.exec(file)?.[1];
    if (!tag) continue;
    const seen = new Set<string>();
    const visit = (from: string) => {
      for (const dep of graph.get(from) ?? []) {
        if (!dep.startsWith('src/') || seen.has(dep)) continue;
        seen.add(dep);
        users.get(dep)?.add(tag);
        visit(dep);
      }
    };
    visit(file);
  }
  return users;
}

describe('layout', () => {
  it('no module under src/ is used by one element only (it belongs in that element’s folder)', () => {
    const lonely = [...usersOfSrcModules()]
      .filter(([file, users]) => users.size < 2 && !(file in ALLOWED))
      .map(([file, users]) => `${file} (${users.size ? `only ${[...users][0]}` : 'no element'})`);
    expect(lonely).toEqual([]);
  });

  it('the allow-list names only modules that exist and still need it', () => {
    const users = usersOfSrcModules();
    for (const file of Object.keys(ALLOWED)) {
      expect(users.has(file), file).toBe(true);
      expect(users.get(file)!.size, file).toBeLessThan(2);
    }
  });

  it('a hook lives in a use-*.ts file of its own, but for a context’s accessor beside its provider', () => {
    const besideProvider = new Set(['src/ui/ConfirmQueue.tsx useConfirm', 'src/core/widget-context.ts useWidget']);
    const misplaced = ['src', 'elements']
      .flatMap((dir) => sourceFiles(dir))
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^export function (use[A-Z]\w*)/gm)].map((m) => `${file} ${m[1]}`),
      )
      .filter((entry) => !/\/use-[a-z0-9-]+\.tsx?\s/.test(entry) && !besideProvider.has(entry));
    expect(misplaced).toEqual([]);
  });
});
