/**
 * The post form's client routes (authoring spec §2): /new/{type} (prefixed by the base route
 * unless the base is /dashboard), /edit/{postId}, /reblog/{reblogId}/{reblogKey}; the context pages
 * with special save behaviour; and the draft key of each target. Pure: paths in, values out.
 */
import { isPostType, type PostType } from './post-types';

export const DEFAULT_BASE_ROUTE = '/dashboard';

export type PostTarget =
  | { mode: 'new'; type: PostType }
  // channelId: the post's blog, when the page says it (the fetch sends it as channel_id, spec §7).
  | { mode: 'edit'; postId: string; channelId?: string }
  | { mode: 'reblog'; reblogId: string; reblogKey: string };

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The base route a path belongs to: /dashboard unless the page sits elsewhere (e.g. /tagged/cats). */
export function normaliseBase(base: string | undefined): string {
  const b = trimSlash((base ?? '').trim());
  return b.startsWith('/') && !b.startsWith('//') ? b : DEFAULT_BASE_ROUTE;
}

/** The route of a target: what the address bar shows while the form is open. */
export function postRoute(target: PostTarget, base: string = DEFAULT_BASE_ROUTE): string {
  const b = normaliseBase(base);
  switch (target.mode) {
    case 'new':
      return `${b === DEFAULT_BASE_ROUTE || b === '/' ? '' : b}/new/${target.type}`;
    case 'edit':
      return `/edit/${encodeURIComponent(target.postId)}`;
    case 'reblog':
      return `/reblog/${encodeURIComponent(target.reblogId)}/${encodeURIComponent(target.reblogKey)}`;
  }
}

const ID = '([0-9A-Za-z_-]{1,64})';
const NEW = /^(.*?)\/new\/([a-z]+)$/;
const EDIT = new RegExp(`^/edit/${ID}$`);
const REBLOG = new RegExp(`^/reblog/${ID}/${ID}$`);

/** The target a path names, or null. */
export function parsePostRoute(pathname: string): PostTarget | null {
  const path = trimSlash(pathname);
  const edit = EDIT.exec(path);
  if (edit?.[1]) return { mode: 'edit', postId: edit[1] };
  const reblog = REBLOG.exec(path);
  if (reblog?.[1] && reblog[2]) return { mode: 'reblog', reblogId: reblog[1], reblogKey: reblog[2] };
  const created = NEW.exec(path);
  if (created && isPostType(created[2])) return { mode: 'new', type: created[2] };
  return null;
}

/** The base route to return to from a path: the prefix before /new/, else /dashboard. */
export function baseRouteOf(pathname: string): string {
  const created = NEW.exec(trimSlash(pathname));
  if (created && created[1]) return normaliseBase(created[1]);
  return parsePostRoute(pathname) ? DEFAULT_BASE_ROUTE : normaliseBase(trimSlash(pathname) || DEFAULT_BASE_ROUTE);
}

/** Context pages that change what a save does (spec §2). */
export const CONTEXT_PAGES = ['dashboard', 'drafts', 'inbox', 'queue', 'tagged'] as const;
export type ContextPage = (typeof CONTEXT_PAGES)[number];

/** /dashboard → dashboard, /tagged/x → tagged, /blog/alice/drafts → drafts; anything else null. */
export function contextPageOf(pathname: string): ContextPage | null {
  const parts = trimSlash(pathname).split('/').filter(Boolean);
  for (const page of [...parts].reverse()) if ((CONTEXT_PAGES as readonly string[]).includes(page)) return page as ContextPage;
  return null;
}

/**
 * What a context page is about, sent as `context_id` (§7 names it only; ours): the tag of
 * /tagged/{tag}, the blog of /blog/{name}/…; nothing for the dashboard.
 */
export function contextIdOf(pathname: string): string {
  const parts = trimSlash(pathname).split('/').filter(Boolean);
  if ((parts[0] === 'tagged' || parts[0] === 'blog') && parts[1]) {
    try {
      return decodeURIComponent(parts[1]);
    } catch {
      return parts[1];
    }
  }
  return '';
}

/** Where the dashboard fetches posts after a new one is saved: drafts read "after", everything else "before". */
export function fetchDirection(page: ContextPage): 'before' | 'after' {
  return page === 'drafts' ? 'after' : 'before';
}

/** Drafts are per user and per target (spec issue: new of a type, edit of a post id, reblog of a post). */
export function draftKey(user: string, target: PostTarget): string {
  const what =
    target.mode === 'new' ? `new:${target.type}` : target.mode === 'edit' ? `edit:${target.postId}` : `reblog:${target.reblogId}`;
  return `tl-post-draft:${user}:${what}`;
}

export function sameTarget(a: PostTarget, b: PostTarget): boolean {
  if (a.mode === 'new' && b.mode === 'new') return a.type === b.type;
  if (a.mode === 'edit' && b.mode === 'edit') return a.postId === b.postId;
  if (a.mode === 'reblog' && b.mode === 'reblog') return a.reblogId === b.reblogId && a.reblogKey === b.reblogKey;
  return false;
}

/** Save toast (spec §4): for edits, reblogs, fast-compose posts and the tagged page; after 250 ms. */
export const SAVE_TOAST_DELAY_MS = 250;
export function showsSaveToast(input: { mode: 'new' | 'edit' | 'reblog'; source: string; contextPage: ContextPage | null }): boolean {
  return input.mode !== 'new' || input.source === 'fast-compose' || input.contextPage === 'tagged';
}

/** What the page does after a save (spec §4 Post form lifecycle). */
export type AfterSave =
  | { kind: 'reload'; to: string }
  | { kind: 'insert'; direction: 'before' | 'after' }
  | { kind: 'replace' }
  | { kind: 'remove' }
  | { kind: 'none' };

export function afterSave(input: {
  mode: 'new' | 'edit' | 'reblog';
  contextPage: ContextPage | null;
  postContextPage: string | null;
  baseRoute: string;
  /**
   * The `dashboard_refresh` flag (authoring spec §6 names it and no more): the dashboard loads
   * again after a new post or reblog, instead of fetching the posts around it into the list.
   */
  dashboardRefresh?: boolean;
}): AfterSave {
  if (input.contextPage === 'queue') return { kind: 'reload', to: input.baseRoute };
  if (input.dashboardRefresh && input.contextPage === 'dashboard' && input.mode !== 'edit') return { kind: 'reload', to: input.baseRoute };
  if (input.mode === 'edit') {
    // An edit whose post now belongs to another context page (a published post made a draft) leaves this one.
    if (input.postContextPage && input.contextPage && input.postContextPage !== input.contextPage) return { kind: 'remove' };
    return { kind: 'replace' };
  }
  if (input.contextPage === 'dashboard' || input.contextPage === 'drafts' || input.contextPage === 'inbox') {
    return { kind: 'insert', direction: fetchDirection(input.contextPage) };
  }
  return { kind: 'none' };
}

/** Spec §9: scroll the form into view over 400 ms with 20 px padding. */
export const FORM_SCROLL_MS = 400;
export const FORM_SCROLL_PADDING = 20;
