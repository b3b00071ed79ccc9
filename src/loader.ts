/**
 * `<script type="module" src=".../dist/loader.js">`: the only file every page pays for. Like
 * Shoelace's autoloader it defines nothing up front: it watches the page for the SDK's tags and,
 * the first time one appears, imports that element's registration (`elements/<tag>.js`, beside this
 * file), which brings the React runtime with it once per page.
 *
 * Before an element's code arrives, a tag shows its light-DOM content and keeps any property set
 * on it (the element picks those up when it upgrades). Requests made in the meantime (a
 * `tl-messaging-open-request`, a click on a page trigger) wait in the request queue and are replayed once
 * the element answers (src/core/requests.ts).
 *
 * Keep this file and its imports tiny: `npm run bench` prints its size (budget 0.9 KiB gzip).
 */
import { autoload } from './core/autoload';
import { TAGS } from './elements';

// The path from the tag, relative to this file as any import is. An app's bundler cannot follow
// it: package.json's "module" condition gives bundlers src/bundler-loader.ts instead.
autoload(TAGS, (tag) => import(`./elements/${tag}.js`));
