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
 * Keep this file and its imports tiny: `npm run bench` prints its size (budget 1 KiB gzip).
 */
import { TAGS } from './elements';
import { listenForPageRequests } from './core/requests';
import { reserveBoxes } from './core/reserve';

listenForPageRequests();
reserveBoxes();

const pending = new Set<string>(TAGS);

function discover(): void {
  for (const tag of pending) {
    if (customElements.get(tag)) pending.delete(tag);
    else if (document.querySelector(tag)) {
      pending.delete(tag);
      import(new URL(`elements/${tag}.js`, import.meta.url).href).catch((error: unknown) => {
        // Offline or a failed deploy: the tag keeps its light-DOM fallback; a later appearance retries.
        console.error(tag, error);
        pending.add(tag);
      });
    }
  }
  if (!pending.size) observer.disconnect();
}

const observer = new MutationObserver(discover);
observer.observe(document, { childList: true, subtree: true });
discover();
