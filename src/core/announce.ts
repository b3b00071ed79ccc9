/**
 * Announcements: "this happened". One call, one path: `announce(host, name, detail)` dispatches the
 * DOM event on the element (bubbling and composed, so `document` hears it through any shadow root)
 * and the same name on the bus for the other elements. Only names an element's contract declares
 * are accepted, each with its own detail type.
 *
 * Until 0.2 the bus mirrored its events on `document` under older names (`tl:ask-form:open`); those
 * aliases still go out for the events that had them (LEGACY_ALIASES), and the README lists them.
 */
import type { AnnouncementName, Announcements } from './announcements';
import { bus } from '../bus/bus';
import { Events } from './events';

export type { AnnouncementName, Announcements } from './announcements';

/** The bus names of 0.1, dispatched on `document` as `tl:<old name>` for pages that still listen to them. */
export const LEGACY_ALIASES: Partial<Record<AnnouncementName, string>> = {
  [Events.followChange]: 'follow:change',
  [Events.subscriptionChange]: 'subscription:change',
  [Events.blockChange]: 'block:change',
  [Events.askFormOpen]: 'ask-form:open',
  [Events.askFormClose]: 'ask-form:close',
  [Events.videoState]: 'video:state',
  [Events.composerOpen]: 'composer:open',
  [Events.composerClose]: 'composer:close',
  [Events.postViewerOpen]: 'post-viewer:open',
};

/**
 * Announces `name` from `host` (an element, or `document` for page-level facts). Returns false when
 * a listener called preventDefault() on a cancelable event (`tl-navigate`: the page routes itself).
 */
export function announce<N extends AnnouncementName>(host: EventTarget, name: N, detail: Announcements[N]): boolean {
  const proceed = host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
  bus.emit(name, detail);
  const alias = LEGACY_ALIASES[name];
  if (alias && typeof document !== 'undefined') document.dispatchEvent(new CustomEvent(`tl:${alias}`, { detail }));
  return proceed;
}
