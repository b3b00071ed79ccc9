/** The package's public API for page code: session set-up, the bus, event names. */
export { configure, $session, $isLoggedIn, $currentChannel, setCurrentChannel, isFlagOn } from './session/session';
export type { Session, SessionUser, SessionChannel, SessionInput, ThemeParams } from './session/types';
export { bus } from './bus/bus';
export type { Announcements, AnnouncementName } from './core/announce';
export { announce } from './core/announce';
export { request } from './core/requests';
export { Events } from './core/events';
export { defineWidget } from './core/define-widget';
export type { WidgetDefinition, AttributeType } from './core/widget-definition';
