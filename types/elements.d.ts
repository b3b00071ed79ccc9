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

export interface VideoPlayerAttributes {
  src?: string;
  'hd-url'?: string;
  poster?: string;
  /** JSON: { url, width, height, frames? } */
  filmstrip?: string;
  autoplay?: boolean | '';
  /** Absent = muted (the default); "false" starts with sound. */
  muted?: boolean | '' | 'true' | 'false';
  loop?: boolean | '';
  duration?: number | string;
  'min-loop-duration'?: number | string;
  livestream?: boolean | '';
  autoheight?: boolean | '';
  'hls-service'?: string;
  /** JSON: { post_id, blog } */
  'iframe-post-data'?: string;
  'force-hd'?: boolean | '';
  'post-id'?: string;
  'root-post-id'?: string;
  'blog-uuid'?: string;
  'blog-name'?: string;
  vendor?: string;
  width?: number | string;
  height?: number | string;
  label?: string;
}

export type VideoPlayerStateName = 'paused' | 'playing' | 'autoplay' | 'loop' | 'ended' | 'error' | 'fullscreen';

export interface AskFormAttributes {
  'blog-name'?: string;
  open?: boolean | '';
  trigger?: 'button' | 'menu' | 'none';
}

export interface GifSearchAttributes {
  open?: boolean | '';
  anchor?: string;
  context?: string;
  'load-full'?: boolean | '';
  placement?: string;
}

/** A GIF search result (the detail of `tl-gif-select`). */
export interface GifMediaItem {
  mediaUrl: string;
  postUrl: string;
  rootPostUrl: string;
  rootPostUrlHash: string;
  rootBlog: string;
  rootBlogUrl: string;
  rootBlogKey: string;
  postTags: string[];
  popularSearchTag: string;
  width: number;
  height: number;
  postBlog?: string;
  postId?: string;
}

export interface TumblelogEventMap {
  'tl-ask-sent': CustomEvent<{ blogName: string; question: string; anonymous: boolean }>;
  'tl-ask-form-open': CustomEvent<{ blogName: string }>;
  'tl-ask-form-close': CustomEvent<{ blogName: string }>;
  'tl-gif-select': CustomEvent<GifMediaItem>;
  'tl-gif-search-open': CustomEvent<Record<string, never>>;
  'tl-gif-search-close': CustomEvent<Record<string, never>>;
  'tl-video-state': CustomEvent<{ states: VideoPlayerStateName[]; postId: string }>;
  'tl-video-error': CustomEvent<{ code: 1 | 2 | 3 | 4 | 5 | null; name: 'aborted' | 'network' | 'decode' | 'source_not_supported' | 'encrypted' | 'custom'; postId: string }>;
  'tl-video-quality': CustomEvent<{ hd: boolean; postId: string }>;
  'tl-follow-change': CustomEvent<{ blogName: string; following: boolean }>;
  'tl-subscription-change': CustomEvent<{ blogName: string; subscribed: boolean }>;
  'tl-block-change': CustomEvent<{ blogName: string; blockedBy: string; blocked: boolean }>;
  'tl-blog-card-open': CustomEvent<{ blogName: string }>;
  'tl-blog-card-close': CustomEvent<{ blogName: string }>;
  'tl-widget-error': CustomEvent<{ tag: string; message: string }>;
  'tl-compose': CustomEvent<{ type: PostType; source: 'fast-compose' | 'header' }>;
  'tl-fast-compose-open': CustomEvent<{ source: 'shortcut' | 'header' | 'attribute' }>;
  'tl-fast-compose-close': CustomEvent<Record<string, never>>;
  'tl-inbox-toggle': CustomEvent<{ open: boolean }>;
  'tl-header-drawer-open': CustomEvent<Record<string, never>>;
  'tl-header-drawer-close': CustomEvent<Record<string, never>>;
  'tl-tutorial-dismiss': CustomEvent<{ name: string }>;
  'tl-tutorial-removed': CustomEvent<{ name: string }>;
  /** Cancelable: an element is about to navigate the page. */
  'tl-navigate': CustomEvent<{ url: string }>;
}

export interface BlogHeaderAttributes {
  mobile?: boolean | '';
  'page-title'?: string;
  'search-term'?: string;
  'app-url'?: string;
  /** JSON: { blog_name, post_url, image_url? } */
  'featured-post'?: string;
  /** JSON tutorial config: { name, title, content, ok_text, template, glass, pinnedTarget, highlightedClass, className, position, fixed_position, isFadeOnScroll, appearance_data } */
  tutorial?: string;
}

export interface FastComposeAttributes {
  open?: boolean | '';
}

export type PostType = 'text' | 'photo' | 'quote' | 'link' | 'chat' | 'audio' | 'video';

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

export interface BlogHeaderElement extends TumblelogElement {
  mobile: boolean;
  pageTitle: string | undefined;
  searchTerm: string | undefined;
  appUrl: string | undefined;
  featuredPost: { blog_name: string; post_url: string; image_url?: string } | undefined;
  tutorial: Record<string, unknown> | undefined;
}

export interface FastComposeElement extends TumblelogElement {
  open: boolean;
}

export interface VideoPlayerElement extends TumblelogElement {
  src: string | undefined;
  hdUrl: string | undefined;
  poster: string | undefined;
  filmstrip: { url: string; width: number; height: number; frames?: number } | undefined;
  autoplay: boolean;
  muted: string | undefined;
  loop: boolean;
  duration: number | undefined;
  minLoopDuration: number | undefined;
  livestream: boolean;
  autoheight: boolean;
  hlsService: string | undefined;
  iframePostData: { post_id?: string | number; blog?: string } | undefined;
  forceHd: boolean;
  postId: string | undefined;
  rootPostId: string | undefined;
  blogUuid: string | undefined;
  blogName: string | undefined;
  vendor: string | undefined;
  width: number | undefined;
  height: number | undefined;
  label: string | undefined;
}

export interface AskFormElement extends TumblelogElement {
  blogName: string | undefined;
  open: boolean;
  trigger: string | undefined;
}

export interface GifSearchElement extends TumblelogElement {
  open: boolean;
  anchor: string | undefined;
  context: string | undefined;
  loadFull: boolean;
  placement: string | undefined;
}

export interface ActivityPopoverAttributes {
  'blog-name'?: string;
  open?: boolean | '';
  inline?: boolean | '';
}

export interface ActivityPopoverElement extends TumblelogElement {
  blogName: string | undefined;
  open: boolean;
  inline: boolean;
}

type TagNames =
  | 'post-composer' | 'share-popover' | 'messaging-dock'
  | 'peepr-drawer';

type JsxProps<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & A & { class?: string };

declare global {
  interface HTMLElementTagNameMap extends Record<TagNames, TumblelogElement> {
    'blog-card': BlogCardElement;
    'blog-header': BlogHeaderElement;
    'fast-compose': FastComposeElement;
    'video-player': VideoPlayerElement;
    'ask-form': AskFormElement;
    'gif-search': GifSearchElement;
    'activity-popover': ActivityPopoverElement;
  }
  interface DocumentEventMap extends TumblelogEventMap {}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends Record<TagNames, JsxProps<Record<string, unknown>>> {
      'blog-card': JsxProps<BlogCardAttributes>;
      'blog-header': JsxProps<BlogHeaderAttributes>;
      'fast-compose': JsxProps<FastComposeAttributes>;
      'video-player': JsxProps<VideoPlayerAttributes>;
      'ask-form': JsxProps<AskFormAttributes>;
      'gif-search': JsxProps<GifSearchAttributes>;
      'activity-popover': JsxProps<ActivityPopoverAttributes>;
    }
  }
}
