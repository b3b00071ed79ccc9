/**
 * `import '@tumblelog/elements/loader'` in an app that bundles the package (package.json's "module"
 * condition, which Vite, webpack, esbuild and rollup's resolver read): the loader of src/loader.ts,
 * with each element's registration imported by its written-out path, so the bundler builds every
 * one of them as a chunk of the app. The page still gets an element's code only when its tag appears.
 */
import { autoload } from './core/autoload';
import { ELEMENT_MODULES } from './element-modules';

autoload(Object.keys(ELEMENT_MODULES), (tag) => ELEMENT_MODULES[tag]!());
