import { deepActiveElement } from './deep-active-element';

/** How many frames a control that cannot take the focus yet is waited for. */
const FOCUS_BACK_FRAMES = 10;

/**
 * Gives the focus back to what opened something that has just closed. That control may not take it
 * at once: an element hidden and inert while our modal was open (the header, while the post form
 * is open) comes back in its own render, a moment after ours. So it is tried again on the next
 * frames until it holds the focus — unless something else took the focus meanwhile, which wins.
 */
export function giveFocusBack(target: HTMLElement): void {
  const attempt = (left: number) => {
    if (!target.isConnected) return;
    target.focus({ preventScroll: true });
    if (deepActiveElement() === target || left === 0) return;
    requestAnimationFrame(() => {
      const active = deepActiveElement();
      if (active === null || active === document.body) attempt(left - 1);
    });
  };
  attempt(FOCUS_BACK_FRAMES);
}
