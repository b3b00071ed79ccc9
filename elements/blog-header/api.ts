import type { ElementApi } from '../../src/core/element-api';
import { Events } from '../../src/core/events';

const api: ElementApi = {
  summary:
    'The app header. Desktop (52 px): logo with a hover animation, Dashboard, Explore (the click is logged), inbox button with the unread badge ' +
    '(sum of unread counts, 99+ above 99, hidden at 0; toggles `$inboxOpen`), activity popover (hosts <activity-popover>), account menu ' +
    '(your blogs, settings links), compose button (opens <fast-compose>, or asks `$composer` for a text post). Logged out: Explore, Log in, Sign up. ' +
    'Mobile (`mobile`, or a viewport under 640 px): burger and drawer (navigation, Settings subnav, Create a post, your blogs; logged out: a splash), ' +
    'page title or logo, search form, sticky after 45 px. Hides while the post form is open (bus `composer:open` / `composer:close`).',
  attributes: [
    { name: 'mobile', type: 'boolean (presence)', description: 'Always render the mobile header (otherwise it switches automatically under 640 px).' },
    { name: 'page-title', type: 'string', description: 'Mobile: shown instead of the logo when the `page_titles` flag is on, the user is logged in and there is no search term.' },
    { name: 'search-term', type: 'string', description: 'Mobile: the current search term (pre-fills the search field; the logo shows instead of the page title).' },
    { name: 'app-url', type: 'URL', description: "Mobile, logged out: adds 'Get the app' to the splash." },
    { name: 'featured-post', type: 'JSON { blog_name, post_url, image_url? }', description: 'Mobile, logged out: the splash background and its credit line ("Posted by …").' },
    {
      name: 'tutorial',
      type: 'JSON tutorial config',
      description:
        'One tutorial step: { name, title, content, ok_text, template: "standard" | "appearance", glass, pinnedTarget, highlightedClass, className, ' +
        'position: "top" | "bottom" | "left" | "right" | "center", fixed_position, isFadeOnScroll (default true), appearance_data }. ' +
        '`pinnedTarget` is a header part (compose, inbox, activity, account, logo, explore, burger, search) or a page selector.',
    },
  ],
  events: [
    { name: Events.compose, detail: "{ type: 'text', source: 'header' }", description: 'The compose button asked for a text post (only when the page has no <fast-compose>; otherwise the overlay opens).' },
    { name: Events.inboxToggle, detail: '{ open: boolean }', description: 'The inbox button toggled `$inboxOpen`.' },
    { name: Events.headerDrawerOpen, detail: '{}', description: 'Mobile: the drawer opened.' },
    { name: Events.headerDrawerClose, detail: '{}', description: 'Mobile: the drawer closed.' },
    { name: Events.navigate, detail: '{ url: string }', description: 'Cancelable. Mobile search submit (`/search?q=…&filter_nsfw=…&sort=…&filter_post_type=…`) or the tutorial\'s Edit appearance (`/settings/blog/{name}`).' },
    { name: Events.tutorialDismiss, detail: '{ name: string }', description: 'The tutorial step\'s OK button was pressed (it hides next).' },
    { name: Events.tutorialRemoved, detail: '{ name: string }', description: 'The tutorial step finished hiding (OK, overlay click, Escape or scrolled away).' },
  ],
  parts: [
    { name: 'header', description: 'The whole header.' },
    { name: 'bar', description: 'The 52 px bar.' },
    { name: 'logo', description: 'The logo link.' },
    { name: 'explore', description: 'The Explore link.' },
    { name: 'inbox-button', description: 'The inbox button.' },
    { name: 'badge', description: 'The unread badge.' },
    { name: 'activity-button', description: 'The activity trigger.' },
    { name: 'activity', description: 'The activity popover panel.' },
    { name: 'account-button', description: 'The account menu button.' },
    { name: 'compose-button', description: 'The compose button.' },
    { name: 'login', description: 'Logged out: the Log in link.' },
    { name: 'signup', description: 'Logged out: the Sign up link.' },
    { name: 'mobile', description: 'Mobile: the header wrapper (classes is-sticky, is-nav-hidden).' },
    { name: 'burger', description: 'Mobile: the burger button.' },
    { name: 'page-title', description: 'Mobile: the page title.' },
    { name: 'search-button', description: 'Mobile: the search icon.' },
    { name: 'search', description: 'Mobile: the search form.' },
    { name: 'drawer', description: 'Mobile: the drawer panel.' },
    { name: 'drawer-nav', description: 'Mobile: the drawer navigation.' },
    { name: 'drawer-subnav', description: 'Mobile: the Settings subnav.' },
    { name: 'drawer-blogs', description: 'Mobile: the Blogs list.' },
    { name: 'splash', description: 'Mobile, logged out: the splash.' },
    { name: 'tutorial', description: 'The tutorial overlay.' },
  ],
  cssProperties: [
    { name: '--tl-header-bg', default: '#001935', description: 'Header background.' },
    { name: '--tl-header-fg', default: '#ffffff', description: 'Header text and icons.' },
    { name: '--tl-header-width', default: '980px', description: 'Maximum width of the desktop bar’s content.' },
    { name: '--tl-color-accent', default: '#00b8ff', description: 'Compose button, focus ring, loading bar.' },
    { name: '--tl-color-surface', default: '#ffffff', description: 'Menus, drawer, popovers.' },
    { name: '--tl-font', description: 'Font stack.' },
  ],
};

export default api;
