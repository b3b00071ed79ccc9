/**
 * One of the page's own ad boxes (./page-boxes.ts finds them), run by the shared slot
 * (./slot.ts). Loaded with the first box a page marks.
 *
 * The box is the ad's container: the page reserves it (300×250 by its own CSS), the network fills
 * it, and it is removed when no ad renders (spec §4 "Ads") or when the script could not be loaded
 * after 5 tries, which `tl-ad-failure` announces from the box first (bubbling, composed, as the
 * drawer's slot does).
 */
import { runAdSlot } from './slot';
import { announce } from '../core/announce';
import { Events } from '../core/events';
import { safeLinkUrl } from '../models/urls';

/** The page box's ad network script (same-origin or https). */
const AD_SCRIPT_ATTRIBUTE = 'data-ad-script';
/** What assistive technology calls an ad box the page left unnamed. */
const AD_LABEL = 'Advertisement';

/** Boxes that are landmarks once named; any other (a div) needs a role first: ARIA forbids naming a generic element. */
const NAMED_BY_ITSELF = new Set(['ASIDE', 'SECTION']);

/** Names the box for assistive technology, unless the page has: an ad is a region called "Advertisement". */
function label(box: HTMLElement): void {
  if (!box.hasAttribute('role') && !NAMED_BY_ITSELF.has(box.tagName)) box.setAttribute('role', 'region');
  if (!box.hasAttribute('aria-label') && !box.hasAttribute('aria-labelledby')) box.setAttribute('aria-label', AD_LABEL);
}

/**
 * Starts the slot named `slot` in `box`; `forget` is called when it ends by itself (the box is then
 * removed). Returns its stop.
 */
export function startPageAdSlot(box: HTMLElement, slot: string, forget: () => void): () => void {
  const scriptUrl = box.getAttribute(AD_SCRIPT_ATTRIBUTE) ?? '';
  if (!safeLinkUrl(scriptUrl))
    console.error(`[tumblelog] an ad box needs ${AD_SCRIPT_ATTRIBUTE}: a same-origin or https address of the ad script`, box);
  label(box);
  return runAdSlot(box, {
    slot,
    scriptUrl,
    onFailure: (detail) => announce(box, Events.adFailure, detail),
    onGone: () => {
      forget();
      box.remove();
    },
  });
}
