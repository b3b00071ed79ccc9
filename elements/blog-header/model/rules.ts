/**
 * <blog-header> rules, no DOM: constants, the mobile drawer state machine, the
 * title-vs-logo rule, the search form's URL, the sticky-on-scroll steps, and when the
 * help-docs shell shows (its other rules: help.ts).
 */
import { formatCount } from '../../../src/models/count-text';

export const STICKY_THRESHOLD_PX = 45; // spec: sticky header after 45 px
export const STICKY_DELAY_MS = 500; // spec: sticky delay
export const MOBILE_BREAKPOINT_PX = 640; // ours: below this viewport width the header is the mobile one
export const LOGO_HOVER_IMAGES = 5; // spec: a random image out of 5

/** Picks which hover image (0–4) to show; never the same twice in a row when `previous` is given. */
export function pickLogoImage(random: number, previous?: number): number {
  const r = Math.min(Math.max(random, 0), 0.999999);
  if (previous === undefined || previous < 0 || previous >= LOGO_HOVER_IMAGES) return Math.floor(r * LOGO_HOVER_IMAGES);
  const other = Math.floor(r * (LOGO_HOVER_IMAGES - 1));
  return other >= previous ? other + 1 : other;
}

// ---------------------------------------------------------------- mobile drawer

export type DrawerState = 'closed' | 'open' | 'subnav';
export type DrawerAction = 'burger' | 'overlay' | 'settings' | 'search' | 'escape';

/**
 * Spec §4 Mobile drawer: closed, open, subnav-active. The burger toggles, closing
 * the subnav first if it is active; the overlay closes; opening search closes the
 * drawer. Settings toggles its subnav; Escape steps back one level.
 */
export function drawerNext(state: DrawerState, action: DrawerAction): DrawerState {
  switch (action) {
    case 'burger':
      return state === 'closed' ? 'open' : state === 'subnav' ? 'open' : 'closed';
    case 'overlay':
    case 'search':
      return 'closed';
    case 'settings':
      return state === 'subnav' ? 'open' : state === 'open' ? 'subnav' : state;
    case 'escape':
      return state === 'subnav' ? 'open' : 'closed';
  }
}

// ---------------------------------------------------------------- title vs logo

/** Spec: the page title shows when the page-titles flag is on, the user is logged in and no search term exists; otherwise the logo. */
export function showsPageTitle(input: {
  pageTitlesFlag: boolean;
  loggedIn: boolean;
  searchTerm?: string | null;
  pageTitle?: string | null;
}): boolean {
  return input.pageTitlesFlag && input.loggedIn && !(input.searchTerm ?? '').trim() && !!(input.pageTitle ?? '').trim();
}

// ---------------------------------------------------------------- search form

export const SEARCH_SORTS = [
  ['top', 'Top'],
  ['recent', 'Recent'],
] as const;
export const SEARCH_POST_TYPES = [
  ['any', 'All posts'],
  ['text', 'Text'],
  ['photo', 'Photo'],
  ['quote', 'Quote'],
  ['link', 'Link'],
  ['chat', 'Chat'],
  ['audio', 'Audio'],
  ['video', 'Video'],
] as const;

export interface SearchQuery {
  q: string;
  /** true = hide sensitive posts. */
  filter_nsfw: boolean;
  sort: string;
  filter_post_type: string;
}

/** Spec: sort defaults to top, filter_post_type to any. Safe search on unless turned off. */
export const SEARCH_DEFAULTS: Omit<SearchQuery, 'q'> = { filter_nsfw: true, sort: 'top', filter_post_type: 'any' };

/** The GET /search URL the form submits to (null for an empty term: nothing to search). */
export function searchUrl(query: SearchQuery): string | null {
  const q = query.q.trim();
  if (!q) return null;
  const sort = SEARCH_SORTS.some(([v]) => v === query.sort) ? query.sort : SEARCH_DEFAULTS.sort;
  const type = SEARCH_POST_TYPES.some(([v]) => v === query.filter_post_type) ? query.filter_post_type : SEARCH_DEFAULTS.filter_post_type;
  const params = new URLSearchParams({ q, filter_nsfw: String(query.filter_nsfw), sort, filter_post_type: type });
  return `/search?${params.toString()}`;
}

// ---------------------------------------------------------------- sticky header

export interface StickyState {
  /** The header is fixed to the top of the viewport. */
  sticky: boolean;
  /** The sticky header is slid away (the user is scrolling down). */
  navHidden: boolean;
  /** Past the threshold and waiting for the delay before becoming sticky. */
  pending: boolean;
  lastY: number;
}

export const STICKY_INITIAL: StickyState = { sticky: false, navHidden: false, pending: false, lastY: 0 };

/**
 * One scroll position. Past 45 px the header becomes sticky once the 500 ms delay
 * has run (`pending` asks the caller to start that timer, then call stickyTimerFired);
 * back above it, it is a normal header again at once. While sticky, scrolling down
 * hides the nav and scrolling up shows it.
 */
export function stickyScroll(state: StickyState, y: number): StickyState {
  const scrollY = Math.max(0, y);
  if (scrollY <= STICKY_THRESHOLD_PX) return { sticky: false, navHidden: false, pending: false, lastY: scrollY };
  if (!state.sticky) return { ...state, pending: true, lastY: scrollY };
  const delta = scrollY - state.lastY;
  const navHidden = delta > 0 ? true : delta < 0 ? false : state.navHidden;
  return { ...state, navHidden, lastY: scrollY };
}

/** The delay is over: sticky if still past the threshold. */
export function stickyTimerFired(state: StickyState): StickyState {
  if (!state.pending) return state;
  return state.lastY > STICKY_THRESHOLD_PX ? { ...state, sticky: true, pending: false, navHidden: false } : { ...state, pending: false };
}

// ---------------------------------------------------------------- drawer content

export interface SettingsLink {
  label: string;
  href: string;
  /** Opens in a new tab (spec: the last three, which only exist on the desktop site). */
  newTab: boolean;
}

/** Spec: the Settings subnav, in order; the last three open in a new tab with their desktop-only text. */
export const SETTINGS_SUBNAV: readonly SettingsLink[] = [
  { label: 'Change Password', href: '/settings/password', newTab: false },
  { label: 'Two Factor Authentication', href: '/settings/tfa', newTab: false },
  { label: 'Help', href: '/help', newTab: false },
  { label: 'Account', href: '/settings/account', newTab: true },
  { label: 'Notifications', href: '/settings/notifications', newTab: true },
  { label: 'Apps', href: '/settings/apps', newTab: true },
];
export const DESKTOP_ONLY_TEXT = 'Desktop site';

/** Spec: Likes shows its count only above 0; Following always shows its count. */
export function likesCount(count: number): string | null {
  return Number.isFinite(count) && count > 0 ? formatCount(count) : null;
}
export function followingCount(count: number): string {
  return formatCount(Number.isFinite(count) && count > 0 ? count : 0);
}

// ---------------------------------------------------------------- help-docs shell

/** The section a help page declares with `section="help"`. */
export const HELP_SECTION = 'help';

/**
 * Authoring spec §2/§6: the help-docs shell exists behind `responsive_help_docs`. Ours: it replaces
 * the mobile header on a page of the help section with the flag on; desktop keeps its header.
 */
export function showsHelpShell(input: { mobile: boolean; section: string | null | undefined; flag: boolean | undefined }): boolean {
  return input.mobile && input.flag === true && (input.section ?? '').trim().toLowerCase() === HELP_SECTION;
}
