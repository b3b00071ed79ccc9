import type { ElementApi } from '../../src/core/element-api';
import { Events } from '../../src/core/events';

const api: ElementApi = {
  summary:
    'A hover card for a blog: header image, avatar, title, sanitised description, address, follow/unfollow, an options menu and recent posts. ' +
    'With `blog-name` it wraps its slotted anchor; without it, it serves every `[data-blog-card="name"]` element inside `scope` (default: the whole page).',
  attributes: [
    { name: 'blog-name', type: 'string', description: 'The blog to show. Hovering or focusing the slotted content opens the card. Omit it for delegate mode.' },
    { name: 'open', type: 'boolean (presence)', description: 'Opens the card on its anchor (anchor mode); removing it closes the card.' },
    { name: 'placement', type: "'bottom-start' | 'top' | … (Floating UI placements)", default: 'bottom-start', description: 'Preferred side; flips and shifts to stay 10 px inside the viewport.' },
    { name: 'source', type: 'string', default: 'blog_card', description: 'Sent as `source` with follow, unfollow and subscription calls.' },
    { name: 'scope', type: 'CSS selector', description: 'Delegate mode only: limit the `[data-blog-card]` elements served to those inside this element.' },
  ],
  events: [
    { name: Events.blogCardOpen, detail: '{ blogName: string }', description: 'The card opened.' },
    { name: Events.blogCardClose, detail: '{ blogName: string }', description: 'The card closed.' },
    { name: Events.followChange, detail: '{ blogName: string, following: boolean }', description: 'The server confirmed a follow or unfollow.' },
    { name: Events.subscriptionChange, detail: '{ blogName: string, subscribed: boolean }', description: 'Notifications for the blog were turned on or off.' },
    { name: Events.navigate, detail: '{ url: string }', description: 'Cancelable. A logged-out visitor clicked Follow and the page is about to open /follow/{blogName} in the same window.' },
    { name: Events.blockChange, detail: '{ blogName: string, blockedBy: string, blocked: boolean }', description: 'The current blog blocked this blog.' },
  ],
  parts: [
    { name: 'card', description: 'The popover panel.' },
    { name: 'header', description: 'The header image band.' },
    { name: 'avatar', description: 'The avatar image.' },
    { name: 'title', description: 'The blog title.' },
    { name: 'description', description: 'The sanitised description.' },
    { name: 'address', description: 'Blog name and full address.' },
    { name: 'actions', description: 'Follow button and options menu.' },
    { name: 'follow-button', description: 'The Follow / Unfollow button.' },
    { name: 'menu-button', description: 'The options menu button.' },
    { name: 'posts', description: 'The strip of recent highlighted posts (hidden below 2 posts).' },
    { name: 'loading', description: 'The loading state.' },
    { name: 'error', description: 'The load-failure state with Retry.' },
  ],
  cssProperties: [
    { name: '--tl-color-text', default: '#1a1a1a', description: 'Text colour of menus and dialogs.' },
    { name: '--tl-color-surface', default: '#ffffff', description: 'Surface of menus and dialogs.' },
    { name: '--tl-color-accent', default: '#00b8ff', description: 'Follow button and focus ring.' },
    { name: '--tl-color-accent-contrast', default: '#001935', description: 'Text on the accent colour.' },
    { name: '--tl-color-border', description: 'Hairlines.' },
    { name: '--tl-radius', default: '8px', description: 'Corner radius.' },
    { name: '--tl-font', description: 'Font stack.' },
    { name: '--tl-shadow', description: 'Popover and dialog shadow.' },
  ],
  slots: [{ name: '', description: 'Anchor mode: the link (or any content) the card is anchored to.' }],
};

export default api;
