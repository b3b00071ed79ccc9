import { PLACEMENTS } from '../../src/ui/placements';
import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';

/** <blog-card>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'blog-card',
  summary:
    'A hover card for a blog: header image, avatar, title, sanitised description, address, the marks staff set, follow/unfollow, an options menu, staff toggles for staff, and recent posts. With `blog-name` it wraps its slotted anchor; without it, it serves every `[data-blog-card="name"]` element inside `scope` (default: the whole page).',
  attributes: {
    blogName: attribute('string', 'The blog to show. Hovering or focusing the slotted content opens the card. Omit it for delegate mode.'),
    open: attribute('flag', 'Opens the card on its anchor (anchor mode); removing it closes the card.'),
    placement: attribute('string', 'Preferred side; flips and shifts to stay 10 px inside the viewport.', {
      default: 'bottom-start',
      values: PLACEMENTS,
    }),
    source: attribute('string', 'Sent as `source` with follow, unfollow and subscription calls.', { default: 'blog_card' }),
    scope: attribute('string', 'Delegate mode only: limit the `[data-blog-card]` elements served to those inside this element.'),
  },
  events: {
    'tl-blog-card-open': event<{ blogName: string }>('The card opened.'),
    'tl-blog-card-close': event<{ blogName: string }>('The card closed.'),
    'tl-follow-change': event<{ blogName: string; following: boolean }>('The server confirmed a follow or unfollow.'),
    'tl-subscription-change': event<{ blogName: string; subscribed: boolean }>('Notifications for the blog were turned on or off.'),
    'tl-navigate': event<{ url: string }>(
      'Cancelable. A logged-out visitor clicked Follow and the page is about to open /follow/{blogName} in the same window.',
    ),
    'tl-block-change': event<{ blogName: string; blockedBy: string; blocked: boolean }>('The current blog blocked this blog.'),
    'tl-staff-flag-change': event<{ blogName: string; flag: 'spam' | 'nsfw' | 'adult' | 'uniblock' | 'suspended'; on: boolean }>(
      "A staff member's toggle changed one of the blog's staff flags (the server confirmed; `on` is its new state).",
    ),
  },
  parts: {
    card: 'The popover panel.',
    header: 'The header image band.',
    avatar: 'The avatar image.',
    title: 'The blog title.',
    description: 'The sanitised description.',
    address: 'Blog name and full address.',
    actions: 'Follow button and options menu.',
    'follow-button': 'The Follow / Unfollow button.',
    'menu-button': 'The options menu button.',
    marks: 'The marks everyone sees on a flagged blog (Suspended, Sensitive content, Adult content).',
    staff: "Staff only: the blog's staff toggles (Spam, NSFW, Adult, Uniblock, Suspended).",
    posts: 'The strip of recent highlighted posts (hidden below 2 posts).',
    loading: 'The loading state.',
    error: 'The load-failure state with Retry.',
  },
  slots: {
    '': 'Anchor mode: the link (or any content) the card is anchored to.',
  },
  cssProperties: themeProperties(['text', 'surface', 'accentContrast', 'border', 'radius', 'font', 'shadow'], {
    accent: 'Follow button and focus ring.',
  }),
});
