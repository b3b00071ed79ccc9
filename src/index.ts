/** The package's public API for page code: session set-up, the bus, event and request names. */
export { configure, $session, $isLoggedIn, $currentChannel, setCurrentChannel, isFlagOn } from './session/session';
export type { Session, SessionUser, SessionChannel, SessionInput, ThemeParams } from './session/types';
export { bus } from './bus/bus';
export type { Announcements, AnnouncementName } from './core/announce';
export { announce } from './core/announce';
import { request } from './core/requests';
import { Requests } from './core/events';
export { request, Requests };
export type { TriggerRequest } from './core/requests';
export type { RequestName, RequestDetailsByName } from './core/announcements';
export { Events } from './core/events';
export { defineWidget } from './core/define-widget';
export type { WidgetDefinition, AttributeType } from './core/widget-definition';

/** Opens the blog preview drawer (`<peepr-drawer>`) on a blog, and on one of its posts. Waits for the element if it has not loaded. */
export function openBlogPreview(blogName: string, postId?: string): void {
  request(Requests.peeprOpen, postId ? { blogName, postId } : { blogName });
}
