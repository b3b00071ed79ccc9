/** What Tab can stop on. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex], [contenteditable="true"]';

/**
 * The controls Tab stops on inside `root`, in document order: not taken out of the order
 * (tabindex -1) and rendered (a hidden one is skipped by the browser too). One list for every
 * piece that decides where Tab goes next (a popover's last control, a blog card's first and last).
 */
export function tabbablesIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}
