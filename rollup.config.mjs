// Builds dist/: loader.js (all tags, lazy), index.js (public API), elements/<tag>.js
// (one tag, eager), and shared chunks — React and the widget runtime in one
// "runtime" chunk that every element reuses.
import { readdirSync, existsSync } from 'node:fs';
import typescript from '@rollup/plugin-typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { minifyCss } from './scripts/lib/minify-css.mjs';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const tags = readdirSync('elements').filter((d) => existsSync(`elements/${d}/index.ts`));

/** Element CSS becomes a JS string (adopted as a constructable stylesheet at runtime). */
function cssAsString() {
  return {
    name: 'css-as-string',
    async transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const minified = await minifyCss(code, id);
      return { code: `export default ${JSON.stringify(minified)};`, map: { mappings: '' } };
    },
  };
}

/**
 * An element's contract (elements/<tag>/contract.ts) documents its whole API; a browser needs only
 * the tag, the attribute types and the words an attribute takes. Each contract module is replaced by that much.
 */
function contractForRuntime() {
  return {
    name: 'contract-for-runtime',
    async load(id) {
      if (!/[\\/]elements[\\/][a-z-]+[\\/]contract\.ts$/.test(id)) return null;
      const { contract } = await tsImport(pathToFileURL(id).href, import.meta.url);
      const attributes = Object.fromEntries(
        Object.entries(contract.attributes).map(([name, spec]) => [
          name,
          spec.values ? { type: spec.type, values: spec.values } : { type: spec.type },
        ]),
      );
      return { code: `export const contract = ${JSON.stringify({ tag: contract.tag, attributes })};`, map: { mappings: '' } };
    },
  };
}

// The network client and its typed errors too: nearly every element calls the server from its
// first render, so they stay here rather than in a chunk of their own each element page would fetch.
const RUNTIME_MODULES =
  /node_modules\/(react|react-dom|scheduler|nanostores|@nanostores\/react)\/|src\/core\/(runtime|ErrorBoundary|widget-context|styles)\.tsx?$|src\/ui\/PartBoundary\.tsx$|src\/(api\/client|errors|core\/next-task)\.ts$/;
// What every element's registration needs (r2wc, defineWidget, the request queue) in one chunk.
const DEFINE_MODULES = /node_modules\/@r2wc\/core\/|src\/core\/(define-widget|attributes|widget-definition|contract)\.ts$/;

/**
 * turndown probes, when its module loads, whether the page can parse HTML: a
 * `DOMParser.parseFromString('')` of a plain string, which a page enforcing Trusted Types reports as
 * a violation (and refuses). The elements only ever give turndown nodes (already sanitised), never a
 * string, so its parser is never used: the probe is replaced by the browser's DOMParser. The build
 * fails if turndown's code no longer has the probe, so a new version is looked at again.
 */
function turndownWithoutParserProbe() {
  const probe = 'var HTMLParser = canParseHTMLNatively() ? root.DOMParser : createHTMLParser();';
  return {
    name: 'turndown-without-parser-probe',
    transform(code, id) {
      if (!/[\\/]turndown[\\/]lib[\\/]/.test(id)) return null;
      if (!code.includes(probe)) this.error(`turndown no longer has its parser probe as expected (${id}): check it under Trusted Types`);
      return { code: code.replace(probe, 'var HTMLParser = root.DOMParser;'), map: null };
    },
  };
}

/**
 * The loader and its one chunk leave out their `//# sourceMappingURL` comment: every page pays for
 * those two files (about 35 bytes gzip each, 7% of the loader's budget), and what they hold is a
 * few lines. Their maps are still written beside them (`loader.js.map`) for a tool that asks.
 */
function loaderWithoutMapComment() {
  return {
    name: 'loader-without-map-comment',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !(file.name === 'loader' || file.name === 'page')) continue;
        const stripped = file.code.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, '\n');
        if (stripped === file.code)
          this.error(`${file.fileName} has no sourceMappingURL comment to leave out: check this plugin against rollup`);
        file.code = stripped;
      }
    },
  };
}

/**
 * React's packages are CommonJS whose entry picks the production or development file with a
 * conditional `require`. Resolving the bare names straight to the production files leaves no
 * conditional require, so the commonjs plugin can hoist them (`strictRequires: false`) instead of
 * wrapping each module in a function called on first require. That wrapper cost a first visit
 * dearly: V8 compiles a page's module scripts off the main thread while they stream in, but only
 * pre-parses the functions inside; calling react-dom's 180 KB wrapper parsed it in full on the main
 * thread, in the task that evaluates the first element (47 ms of a 289 ms task in a 4× throttled
 * trace of /dashboard; the task fell to 196 ms without it). The chunks come out smaller too: an
 * element's JSX calls an imported `jsx` instead of a property of the wrapped module's exports.
 */
const REACT_BUILDS = {
  react: 'react/cjs/react.production.js',
  'react/jsx-runtime': 'react/cjs/react-jsx-runtime.production.js',
  'react-dom': 'react-dom/cjs/react-dom.production.js',
  'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
  scheduler: 'scheduler/cjs/scheduler.production.js',
};
function reactProductionBuilds() {
  return {
    name: 'react-production-builds',
    resolveId(source) {
      const file = REACT_BUILDS[source];
      return file ? fileURLToPath(new URL(`./node_modules/${file}`, import.meta.url)) : null;
    },
  };
}

/**
 * V8 (Chrome 136 and later) compiles every function of a script whose first line is
 * `//# allFunctionsCalledOnLoad` at once, off the main thread while the file streams in. Without
 * it, functions are only pre-parsed there, and each is compiled on the main thread at its first
 * call: in the task of a first render, or of the click that first uses a part. Hinted: the runtime
 * chunk (nearly all of React runs in the first render) and every chunk no entry imports
 * statically: the parts loaded on intent, on idle or when needed, whose code is about to run when
 * it arrives. Measured at 4× throttling (headless Chromium, 2 cores):
 * - the click that first opens the inbox compiled 145 functions (76 ms of a 284 ms traced task);
 *   hinted, 23. Its Event Timing duration, 10 fresh pages each way: median 248 → 208 ms
 *   (processing 148 → 112);
 * - the longest task of a first visit (load-tasks bench, 3 runs of 3): /dashboard 292 → about 170,
 *   logged out 264 → 171, /blog/bob 313 → 200; warm visits unchanged.
 * Hinting the elements' own files too made first visits a little faster again but warm ones
 * slower (the dashboard's longest warm task about 85 → 113 ms: more compiled code read back from
 * V8's cache), and a first render calls only part of them: they are left as they are. Other
 * engines read a comment.
 */
function compileHints() {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compile-hints',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      if (!chunks.some((chunk) => chunk.name === 'runtime'))
        this.error('no runtime chunk to hint: check compileHints against manualChunks');
      const eager = new Set();
      const visit = (fileName) => {
        if (eager.has(fileName)) return;
        eager.add(fileName);
        for (const imported of bundle[fileName].imports) visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      for (const chunk of chunks) {
        if (chunk.name !== 'runtime' && eager.has(chunk.fileName)) continue;
        chunk.code = HINT + chunk.code;
        // its map, one line down: the chunk's own and the file rollup writes beside it
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        const mapFile = bundle[`${chunk.fileName}.map`];
        if (mapFile?.type === 'asset') {
          const map = JSON.parse(String(mapFile.source));
          mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
        }
      }
    },
  };
}

export default {
  input: {
    loader: 'src/loader.ts',
    'bundler-loader': 'src/bundler-loader.ts',
    index: 'src/index.ts',
    ...Object.fromEntries(tags.map((t) => [`elements/${t}`, `elements/${t}/index.ts`])),
  },
  output: {
    dir: process.env.TL_OUT_DIR ?? 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
    manualChunks(id) {
      // The request queue, the reserved boxes and the tag watch are the loader's one import: one
      // tiny chunk, shared with the elements (which answer the queue) and the bundler's loader.
      if (/src\/core\/(requests|reserve|autoload)\.ts$/.test(id)) return 'page';
      if (RUNTIME_MODULES.test(id)) return 'runtime';
      if (DEFINE_MODULES.test(id)) return 'define';
      return undefined;
    },
  },
  preserveEntrySignatures: 'allow-extension',
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    turndownWithoutParserProbe(),
    contractForRuntime(),
    cssAsString(),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    reactProductionBuilds(),
    // No wrapper functions: see reactProductionBuilds. Every CommonJS module bundled is React's.
    commonjs({ strictRequires: false }),
    typescript({
      tsconfig: './tsconfig.build.json',
      noEmitOnError: true,
      declaration: false,
      emitDeclarationOnly: false,
      outDir: process.env.TL_OUT_DIR ?? 'dist',
      sourceMap: true,
    }),
    terser({ format: { comments: false } }),
    loaderWithoutMapComment(),
    compileHints(),
  ],
};
