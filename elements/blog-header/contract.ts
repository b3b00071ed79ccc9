import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';

/** <blog-header>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'blog-header',
  summary:
    'The app header. Desktop (52 px): logo with a hover animation, Dashboard, Explore (the click is logged), inbox button with the unread badge (sum of unread counts, 99+ above 99, hidden at 0; toggles `$inboxOpen`), activity popover (hosts <activity-popover>), account menu (your blogs, settings links), compose button (opens <fast-compose>, or asks `$composer` for a text post). Logged out: Explore, Log in, Sign up. Mobile (`mobile`, or a viewport under 640 px): burger and drawer (navigation, Settings subnav, Create a post, your blogs; logged out: a splash), page title or logo, search form, sticky after 45 px. Hides while the post form is open (bus `composer:open` / `composer:close`). On a help page (`section="help"`) on mobile with the `responsive_help_docs` flag on, it is the help-docs shell: Back, the title Help, and a Topics menu that searches the help topics.',
  attributes: {
    mobile: attribute('flag', 'Always render the mobile header (otherwise it switches automatically under 640 px).'),
    pageTitle: attribute(
      'string',
      'Mobile: shown instead of the logo when the `page_titles` flag is on, the user is logged in and there is no search term.',
    ),
    searchTerm: attribute(
      'string',
      'Mobile: the current search term (pre-fills the search field; the logo shows instead of the page title).',
    ),
    appUrl: attribute('string', "Mobile, logged out: adds 'Get the app' to the splash."),
    featuredPost: attribute('json', 'Mobile, logged out: the splash background and its credit line ("Posted by …").'),
    section: attribute(
      'string',
      'The part of the site the page belongs to. `help` marks a help-docs page: on mobile (the `mobile` attribute or a narrow viewport) with the `responsive_help_docs` flag on, the header is the help-docs shell instead of the mobile header. Anything else, or desktop, changes nothing.',
    ),
    helpHome: attribute(
      'string',
      "Help pages: the help home's address — the menu's All help topics and its search (`?q=`), and Back's way up from an article.",
      { default: '/help' },
    ),
    helpTopics: attribute<'json', { slug: string; title: string; summary?: string; keywords?: string[]; href?: string }[]>(
      'json',
      "Help pages: the topics of the shell's menu, in order (at most 50; an entry without a slug of a-z, 0-9 and dashes, or without a title, is dropped). `href` defaults to `{help-home}/{slug}`; the page whose path is a topic's `href` is that topic's article. The search looks at the title, summary and keywords.",
    ),
    tutorial: attribute(
      'json',
      'One tutorial step: { name, title, content, ok_text, template: "standard" | "appearance", glass, pinnedTarget, highlightedClass, className, position: "top" | "bottom" | "left" | "right" | "center", fixed_position, isFadeOnScroll (default true), appearance_data }. `pinnedTarget` is a header part (compose, inbox, activity, account, logo, explore, burger, search) or a page selector.',
    ),
  },
  events: {
    'tl-compose': event<{ type: 'text'; source: 'header' }>(
      'The compose button asked for a text post (only when the page has no <fast-compose>; otherwise the overlay opens).',
    ),
    'tl-inbox-toggle': event<{ open: boolean }>('The inbox button toggled `$inboxOpen`.'),
    'tl-header-drawer-open': event<Record<string, never>>('Mobile: the drawer opened.'),
    'tl-header-drawer-close': event<Record<string, never>>('Mobile: the drawer closed.'),
    'tl-navigate': event<{ url: string }>(
      "Cancelable. Mobile search submit (`/search?q=…&filter_nsfw=…&sort=…&filter_post_type=…`), the help-docs shell's search (`{help-home}?q=…`) or the tutorial's Edit appearance (`/settings/blog/{name}`).",
    ),
    'tl-tutorial-dismiss': event<{ name: string }>("The tutorial step's OK button was pressed (it hides next)."),
    'tl-tutorial-removed': event<{ name: string }>('The tutorial step finished hiding (OK, overlay click, Escape or scrolled away).'),
  },
  parts: {
    header: 'The whole header.',
    bar: 'The 52 px bar.',
    logo: 'The logo link.',
    explore: 'The Explore link.',
    'inbox-button': 'The inbox button.',
    badge: 'The unread badge.',
    'activity-button': 'The activity trigger.',
    activity: 'The activity popover panel.',
    'account-button': 'The account menu button.',
    'compose-button': 'The compose button.',
    login: 'Logged out: the Log in link.',
    signup: 'Logged out: the Sign up link.',
    mobile: 'Mobile: the header wrapper (classes is-sticky, is-nav-hidden).',
    burger: 'Mobile: the burger button.',
    'page-title': 'Mobile: the page title.',
    'search-button': 'Mobile: the search icon.',
    search: 'Mobile: the search form.',
    drawer: 'Mobile: the drawer panel.',
    'drawer-nav': 'Mobile: the drawer navigation.',
    'drawer-subnav': 'Mobile: the Settings subnav.',
    'drawer-blogs': 'Mobile: the Blogs list.',
    splash: 'Mobile, logged out: the splash.',
    help: 'Help-docs shell: its wrapper (also part `mobile`, with the same classes).',
    'help-back': 'Help-docs shell: the Back link.',
    'help-title': 'Help-docs shell: the title, Help.',
    'help-menu-button': 'Help-docs shell: the Topics button.',
    'help-menu': 'Help-docs shell: the topics menu panel.',
    'help-search': 'Help-docs shell: the search form in the menu.',
    'help-topics': 'Help-docs shell: the list of topics in the menu.',
    tutorial: 'The tutorial overlay.',
  },
  cssProperties: {
    '--tl-header-bg': { default: '#001935', description: 'Header background.' },
    '--tl-header-fg': { default: '#ffffff', description: 'Header text and icons.' },
    '--tl-header-width': { default: '980px', description: 'Maximum width of the desktop bar’s content.' },
    ...themeProperties(['font'], { accent: 'Compose button, focus ring, loading bar.', surface: 'Menus, drawer, popovers.' }),
  },
});
