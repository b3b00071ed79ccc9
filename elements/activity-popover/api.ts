import type { ElementApi } from '../../src/core/element-api';
import { Events } from '../../src/core/events';

const api: ElementApi = {
  summary:
    "The current blog's activity: notifications grouped by day ('Today', 'Yesterday', '%d days ago' plus the full date), a blog selector " +
    'for users with several blogs, and a sparkline of the last 30 days (hidden when all zeros). Logged out, it renders nothing.',
  attributes: [
    { name: 'blog-name', type: 'string', description: "The user's blog to show first (default: the session's current blog). Ignored if it is not one of the user's blogs." },
    { name: 'open', type: 'boolean (presence)', description: 'Opens the popover (button mode).' },
    { name: 'inline', type: 'boolean (presence)', description: 'Render the panel in place instead of a button and a popover (the header uses this inside its own popover).' },
  ],
  events: [
    { name: Events.navigate, detail: '{ url: string }', description: 'Cancelable. A row was clicked and the page is about to open the post or blog.' },
  ],
  parts: [
    { name: 'trigger', description: 'The Activity button (button mode).' },
    { name: 'popover', description: 'The popover panel (button mode).' },
    { name: 'panel', description: 'The panel.' },
    { name: 'blog-selector', description: 'The blog selector (users with more than one blog).' },
    { name: 'sparkline', description: 'The sparkline link to /blog/{name}/activity.' },
    { name: 'row', description: 'One notification.' },
    { name: 'empty', description: 'The empty message.' },
    { name: 'error', description: 'The load-failure state with Retry.' },
    { name: 'see-everything', description: "The 'See everything' link (more than one notification)." },
  ],
  cssProperties: [
    { name: '--tl-color-accent', description: 'Links and focus ring.' },
    { name: '--tl-color-badge', default: '#ff4930', description: 'Unread badges in the blog selector.' },
  ],
};

export default api;
