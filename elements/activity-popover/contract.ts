import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';

/** <activity-popover>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'activity-popover',
  summary:
    "The current blog's activity: notifications grouped by day ('Today', 'Yesterday', '%d days ago' plus the full date), a blog selector for users with several blogs, and a sparkline of the last 30 days (hidden when all zeros). Logged out, it renders nothing.",
  attributes: {
    blogName: attribute(
      'string',
      "The user's blog to show first (default: the session's current blog). Ignored if it is not one of the user's blogs.",
    ),
    open: attribute('flag', 'Opens the popover (button mode).'),
    inline: attribute('flag', 'Render the panel in place instead of a button and a popover (the header uses this inside its own popover).'),
  },
  events: {
    'tl-navigate': event<{ url: string }>('Cancelable. A row was clicked and the page is about to open the post or blog.'),
  },
  parts: {
    trigger: 'The Activity button (button mode).',
    popover: 'The popover panel (button mode).',
    panel: 'The panel.',
    'blog-selector': 'The blog selector (users with more than one blog).',
    sparkline: 'The sparkline link to /blog/{name}/activity.',
    row: 'One notification.',
    empty: 'The empty message.',
    error: 'The load-failure state with Retry.',
    'see-everything': "The 'See everything' link (more than one notification).",
  },
  cssProperties: themeProperties([], { accent: 'Links and focus ring.', badge: 'Unread badges in the blog selector.' }),
});
