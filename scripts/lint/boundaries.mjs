// The layout's import boundaries, as ESLint rules that resolve each relative import to the file it
// names (a rule on the import's spelling alone cannot tell `../model/x` inside one element from
// `../other-element/x`). Shown failing by tests/checks/lint-boundaries.test.ts.
//
//   tl/element-boundaries  an element imports its own folder, src/, and another element only
//                          through its registration (`elements/<tag>/index.ts`); src/ never imports
//                          elements/, except the lists of them: src/elements.ts (tags, contract
//                          types) and src/element-modules.ts (each registration, for bundlers).
//   tl/pure-model          a model (`src/models/`, any `model/` folder, `model.ts`) imports only
//                          other models, `src/session/types.ts` and `src/errors.ts`, and no React.
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const REACT = new Set(['react', 'react-dom', 'react-dom/client', '@nanostores/react', 'react/jsx-runtime']);

/** The file's path from the repository root, with forward slashes. */
const fromRoot = (file) => relative(ROOT, file).split(sep).join('/');
const elementOf = (path) => /^elements\/([^/]+)\//.exec(path)?.[1] ?? null;
const isTest = (path) => /\.(browser\.)?test\.tsx?$|\.test-helpers\.ts$/.test(path);
export const isModel = (path) =>
  !isTest(path) && /^(src\/models\/|src\/[^/]+\/model(\/|\.ts$)|elements\/[^/]+\/model\/)/.test(path) && !path.endsWith('.tsx');

/** Calls `check(node, spec)` for every import, re-export and dynamic import of a file. */
function eachImport(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
  };
}

const resolveSpec = (file, spec) => fromRoot(resolve(dirname(file), spec));

const elementBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'An element imports another element only through its registration; src/ never imports elements/.' },
    messages: {
      internals: "Another element's internals ({{target}}): import its registration ('../{{tag}}/index') or move the shared part to src/.",
      srcToElements: 'src/ must not import from elements/ (only src/elements.ts and src/element-modules.ts list them): {{target}}.',
    },
    schema: [],
  },
  create(context) {
    const here = fromRoot(context.filename);
    const own = elementOf(here);
    return eachImport((node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolveSpec(context.filename, spec);
      const tag = elementOf(target);
      if (!tag) return;
      if (here.startsWith('src/') && here !== 'src/elements.ts' && here !== 'src/element-modules.ts' && !isTest(here)) {
        context.report({ node, messageId: 'srcToElements', data: { target } });
      } else if (own && tag !== own && !/^elements\/[^/]+\/index(\.ts)?$/.test(target) && !isTest(here)) {
        context.report({ node, messageId: 'internals', data: { target, tag } });
      }
    });
  },
};

const pureModel = {
  meta: {
    type: 'problem',
    docs: { description: 'Models are pure logic: other models, session types and errors only; no React, no DOM.' },
    messages: {
      react: 'A model is pure logic: no React ({{spec}}).',
      impure: 'A model is pure logic: no UI or DOM runtime, no stores, no network ({{target}}).',
    },
    schema: [],
  },
  create(context) {
    if (!isModel(fromRoot(context.filename))) return {};
    return eachImport((node, spec) => {
      if (typeof spec !== 'string') return;
      if (REACT.has(spec)) return context.report({ node, messageId: 'react', data: { spec } });
      if (!spec.startsWith('.')) return;
      const target = resolveSpec(context.filename, spec);
      if (isModel(target) || isModel(`${target}.ts`) || /^src\/(session\/types|errors)$/.test(target)) return;
      context.report({ node, messageId: 'impure', data: { target } });
    });
  },
};

export default { meta: { name: 'tl-boundaries' }, rules: { 'element-boundaries': elementBoundaries, 'pure-model': pureModel } };
