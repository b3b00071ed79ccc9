import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';
import type { PostActionName } from '../../src/post-actions/model';

/** <peepr-drawer>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'peepr-drawer',
  summary:
    'The blog preview drawer: another blog\'s header and posts in a modal side sheet over the page (a native <dialog>: focus kept inside, the page inert, focus back on the trigger when it closes). Opens from any page element marked `data-peepr` (JSON `{"tumblelog": name, "postId": id}` or a plain blog name), from the page address (`?peepr=<blog>&post_id=<id>`), or from the request `tl-peepr-open-request`. Posts of every type with like, reblog, reply and share; follow from the header; j/k/l/r/s/./Enter inside; search within the blog with tag type-ahead; autopaging; the ad slot. Suspended while a post form or the ask form is open.',
  attributes: {
    blogName: attribute('string', 'Opens the drawer on this blog at load, and again when it changes (with `post-id`, on that post).'),
    postId: attribute('string', 'With `blog-name`: the post the drawer opens on.'),
    closeUrl: attribute('string', 'Where closing navigates (pushState through the cancelable `tl-navigate`).', { default: '/dashboard' }),
    shortcuts: attribute(
      'string',
      '`off` turns the single-key commands (j, k, l, r, s, period, Enter) off, for people whose speech input or habits trigger them by accident (WCAG 2.1.4). The drawer also has its own switch for them.',
      { default: 'on', values: ['on', 'off'] },
    ),
  },
  events: {
    'tl-peepr-open': event<{ blogName: string; postId?: string }>('The drawer opened on a blog.'),
    'tl-peepr-close': event<{ blogName: string }>('The drawer closed.'),
    'tl-post-viewer-open': event<{ postId?: string }>('The drawer opened (on a post: its id). Playing videos on the page pause.'),
    'tl-post-action': event<{ action: PostActionName; postId: string; outcome: 'success' | 'failure' | 'forbidden' }>(
      'A post action (like, unlike, reblog, reply …) ended: `success` (200), `failure` (401, 404, 500 show the alert "Sorry, we seem to be having technical trouble.  Please try again later."; other failures too) or `forbidden` (403).',
    ),
    'tl-follow-change': event<{ blogName: string; following: boolean }>(
      'Follow or unfollow from the drawer header (optimistic; reverted when the server says no).',
    ),
    'tl-block-change': event<{ blogName: string; blockedBy: string; blocked: boolean }>(
      "The current blog blocked this blog (from the header's menu, after the confirmation).",
    ),
    'tl-navigate': event<{ url: string }>(
      'Cancelable. The address is about to change: `?peepr=<blog>&post_id=<id>` added on open (Back then closes the drawer), `close-url` on close. preventDefault() keeps the address as it is.',
    ),
    'tl-ad-failure': event<{ slot: string; tries: number }>(
      'The ad script could not be loaded after 5 tries, one a second; the ad slot is removed.',
    ),
  },
  requests: {
    'tl-peepr-open-request': event<{ blogName: string; postId?: string }>(
      'Opens the drawer on that blog (and post). Made before the element has loaded, it waits. `openBlogPreview(blogName, postId)` from the package makes it.',
    ),
  },
  parts: {
    dialog: 'The side sheet (a <dialog>); its ::backdrop is the glass overlay.',
    header: 'The blog header (theme colours, header image, avatar, title, follow).',
    'blog-menu': "The header's menu button (Block {blog}).",
    posts: 'The scrolling list of posts.',
    post: 'One post.',
    actions: "A post's action bar.",
    search: 'The blog search form.',
    ad: 'The ad slot (300×250).',
    loader: 'The big loader while the first page loads.',
  },
  cssProperties: {
    '--tl-peepr-width': { default: 'min(640px, 100vw)', description: 'The width of the side sheet.' },
    ...themeProperties(['text', 'muted', 'radius', 'font'], { surface: 'Post surface.', accent: 'Buttons and the focus ring.' }),
  },
});
