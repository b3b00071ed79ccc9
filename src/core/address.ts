/**
 * An element changing the page's address, in one of two ways. Either way the cancelable
 * `tl-navigate` goes out first, so a page with its own router can take over by calling
 * preventDefault().
 *   - `navigate`: the page goes to another address (a link the element follows for the user);
 *   - `changeAddress`: the address bar moves while the page stays (the drawer's `?peepr=`, the post
 *     form's route), pushed or replaced.
 */
import type { WidgetContextValue } from './widget-context';
import { Events } from './events';

/** Goes to `url` unless a listener of `tl-navigate` keeps the page; false when it was kept. */
export function navigate(announce: WidgetContextValue['announce'], url: string): boolean {
  if (!announce(Events.navigate, { url })) return false;
  window.location.assign(url);
  return true;
}

/** Pushes (or replaces) the address unless a listener of `tl-navigate` keeps it; false when it did not change. */
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
