/**
 * Moves the address bar for an element (the drawer's `?peepr=`, the post form's route). The
 * cancelable `tl-navigate` goes out first, so a page with its own router can take over by calling
 * preventDefault(); then the address is pushed or replaced. False when it did not change.
 */
import type { WidgetContextValue } from './widget-context';
import { Events } from './events';

export function changeAddress(
  announce: WidgetContextValue['announce'],
  url: string,
  options: { tag: string; how?: 'push' | 'replace'; state?: unknown },
): boolean {
  if (location.pathname + location.search === url) return false;
  if (!announce(Events.navigate, { url })) return false;
  try {
    if (options.how === 'replace') history.replaceState(options.state ?? null, '', url);
    else history.pushState(options.state ?? null, '', url);
  } catch (error) {
    // A page whose address cannot change (a sandboxed frame, a file: page) keeps the element without it.
    console.warn(`[tumblelog] <${options.tag}>: the address could not be changed`, error);
    return false;
  }
  return true;
}
