/**
 * Every DOM event name the elements dispatch, in one place (media-chrome style).
 * All are CustomEvents with `bubbles: true, composed: true`, so a listener on
 * `document` hears them through any shadow root.
 */
export const EVENT_PREFIX = 'tl-';

export const Events = {
  followChange: 'tl-follow-change',
  subscriptionChange: 'tl-subscription-change',
  blockChange: 'tl-block-change',
  blogCardOpen: 'tl-blog-card-open',
  blogCardClose: 'tl-blog-card-close',
  widgetError: 'tl-widget-error',
  /** Cancelable: an element is about to navigate the page (detail.url); preventDefault() keeps the page (SPA routers, tests). */
  navigate: 'tl-navigate',
  compose: 'tl-compose',
  postSaved: 'tl-post-saved',
  gifSelect: 'tl-gif-select',
  askSent: 'tl-ask-sent',
} as const;

export type EventName = (typeof Events)[keyof typeof Events];

/** Names the bus mirrors onto `document` get this prefix: bus `follow:change` → `tl:follow:change`. */
export const BUS_MIRROR_PREFIX = 'tl:';
