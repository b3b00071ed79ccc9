/**
 * The page's own ad boxes (messaging spec §2 "Other surfaces": the 300×250 sidebar ad unit). A
 * legacy page marks a box it reserves itself, sized by its own CSS so that nothing moves when the ad
 * arrives:
 *
 *   <div class="sidebar_ad" data-tl-ad-slot="sidebar" data-ad-script="/assets/ads/peepr-ad.js"></div>
 *
 * Every page with an SDK element runs each such box (present now or added later) through the same
 * slot as the drawer's (./slot.ts, by way of ./page-slot.ts), and stops it when the box leaves the
 * page. Not a twelfth element: the box is the page's, like its post buttons, and an element would
 * only add a host around it. Only this watcher is eager; the slot's code loads with the first box.
 */
/** The mark on a page's own ad box; its value names the slot. */
const AD_SLOT_MARK = 'data-tl-ad-slot';
const SELECTOR = `[${AD_SLOT_MARK}]`;

const state = ((globalThis as { __tumblelogAdBoxes?: { watching?: 1 } }).__tumblelogAdBoxes ??= {});
/** The boxes running now, each with its stop. */
const running = new Map<HTMLElement, () => void>();

function start(box: HTMLElement): void {
  if (running.has(box)) return;
  let stop: (() => void) | undefined;
  let stopped = false;
  running.set(box, () => {
    stopped = true;
    stop?.();
  });
  import('./page-slot')
    .then((m) => {
      if (!stopped) stop = m.startPageAdSlot(box, box.getAttribute(AD_SLOT_MARK) || 'sidebar', () => running.delete(box));
    })
    .catch((error: unknown) => console.error('[tumblelog] the ad slot could not load', error));
}

function startAll(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>(SELECTOR)) start(box);
}

function onMutations(records: MutationRecord[]): void {
  let removed = false;
  for (const record of records) {
    removed ||= record.removedNodes.length > 0;
    for (const node of record.addedNodes) {
      if (!(node instanceof HTMLElement)) continue;
      if (node.matches(SELECTOR)) start(node);
      startAll(node);
    }
  }
  // A box that left the page stops (one moved elsewhere in the page is still connected and runs on).
  if (removed)
    for (const [box, stop] of running)
      if (!box.isConnected) {
        running.delete(box);
        stop();
      }
}

/** Idempotent (also across two copies of the package): the shared runtime calls it once per page. */
export function watchPageAdBoxes(): void {
  if (state.watching || typeof document === 'undefined') return;
  state.watching = 1;
  startAll(document);
  new MutationObserver(onMutations).observe(document, { childList: true, subtree: true });
}
