/**
 * What both loaders do (src/loader.ts for a `<script>` tag, src/bundler-loader.ts for an app that
 * bundles the package): route page requests into the queue and reserve boxes at once, then import
 * each tag's registration the first time the tag appears in the page, and stop watching once all
 * have come. It rides in the loader's one chunk.
 */
import { listenForPageRequests } from './requests';
import { reserveBoxes } from './reserve';

export function autoload(tags: readonly string[], importElement: (tag: string) => Promise<unknown>): void {
  listenForPageRequests();
  reserveBoxes();
  const pending = new Set(tags);
  const watch = () => observer.observe(document, { childList: true, subtree: true });
  const discover = () => {
    for (const tag of pending) {
      if (customElements.get(tag)) pending.delete(tag);
      else if (document.querySelector(tag)) {
        pending.delete(tag);
        importElement(tag).catch((error: unknown) => {
          // Offline or a failed deploy: the tag keeps its light-DOM fallback; a later appearance
          // retries (the watch may have stopped when this was the last tag: it starts again).
          console.error(tag, error);
          pending.add(tag);
          watch();
        });
      }
    }
    if (!pending.size) observer.disconnect();
  };
  const observer = new MutationObserver(discover);
  watch();
  discover();
}
