/**
 * Public typings for pages and apps that use the tags: the DOM tag map, the
 * event map for `addEventListener`, and React 19 JSX intrinsic elements.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

export interface BlogCardAttributes {
  'blog-name'?: string;
  open?: boolean | '';
  placement?: string;
  source?: string;
  scope?: string;
}

export interface TumblelogEventMap {
  'tl-follow-change': CustomEvent<{ blogName: string; following: boolean }>;
  'tl-subscription-change': CustomEvent<{ blogName: string; subscribed: boolean }>;
  'tl-block-change': CustomEvent<{ blogName: string; blockedBy: string; blocked: boolean }>;
  'tl-blog-card-open': CustomEvent<{ blogName: string }>;
  'tl-blog-card-close': CustomEvent<{ blogName: string }>;
  'tl-widget-error': CustomEvent<{ tag: string; message: string }>;
}

export interface TumblelogElement extends HTMLElement {
  /** Resolves once the element has rendered for the first time. */
  readonly ready: Promise<void>;
  addEventListener<K extends keyof TumblelogEventMap>(type: K, listener: (this: TumblelogElement, ev: TumblelogEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

export interface BlogCardElement extends TumblelogElement {
  blogName: string | undefined;
  open: boolean;
  placement: string | undefined;
  source: string | undefined;
  scope: string | undefined;
}

type TagNames =
  | 'blog-header' | 'post-composer' | 'fast-compose' | 'share-popover' | 'messaging-dock' | 'activity-popover'
  | 'peepr-drawer' | 'ask-form' | 'gif-search' | 'video-player';

type JsxProps<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & A & { class?: string };

declare global {
  interface HTMLElementTagNameMap extends Record<TagNames, TumblelogElement> {
    'blog-card': BlogCardElement;
  }
  interface DocumentEventMap extends TumblelogEventMap {}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends Record<TagNames, JsxProps<Record<string, unknown>>> {
      'blog-card': JsxProps<BlogCardAttributes>;
    }
  }
}
