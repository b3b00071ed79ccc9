/**
 * The dock's shared state: open windows, unread counts from polling, the inbox cache per blog,
 * the send queue and the poller. One instance per page, however many <messaging-dock>s exist
 * (started by the first, stopped with the last). The rules live in src/models/messaging; the
 * modules under state/ wire them to the API, the session and the stores the components render
 * from, one concern each.
 */
export * from './state/stores';
export * from './state/conversations';
export * from '../../src/stores/sender';
export * from './state/windows';
export * from './state/outbox';
export * from './state/send-post';
export * from './state/polling';
export * from './state/moderation';
export * from './state/alerts';
