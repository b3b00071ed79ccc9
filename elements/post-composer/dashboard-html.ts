/**
 * What a dashboard post from the server may keep when the composer puts it in the page (the save
 * response's `post_dashboard_html`, the before/after fragments) or shows it above a reblog: the
 * dashboard's own post markup (its classes, the data attributes the page's code reads, the
 * <video-player> tag) and nothing that runs. Links stay in the page but must be web URLs.
 */
import { createSanitizer, TEXT_TAGS } from '../../src/core/sanitize';
import { webUrl } from '../../src/models/urls';

export const DASHBOARD_POST_TAGS = [
  ...TEXT_TAGS,
  'li',
  'div',
  'img',
  'button',
  'h2',
  'h3',
  'figure',
  'figcaption',
  'audio',
  'video-player',
] as const;
export const DASHBOARD_POST_ATTRIBUTES = [
  'class',
  'id',
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'loading',
  'type',
  'rel',
  'controls',
  'preload',
  'aria-label',
  'aria-hidden',
  'data-post-id',
  'data-blog-name',
  'data-type',
  'data-peepr',
  'data-blog-card',
  'data-share-post',
  'data-share-blog',
  'data-share-mode',
  // <video-player>
  'hd-url',
  'poster',
  'filmstrip',
  'post-id',
  'blog-name',
  'autoplay',
  'loop',
] as const;

export const sanitizeDashboardPost = createSanitizer<undefined>({
  tags: DASHBOARD_POST_TAGS,
  attributes: DASHBOARD_POST_ATTRIBUTES,
  links: (href) => webUrl(href) ?? null,
  newTab: false,
});
