/**
 * Blog search inside the drawer (messaging spec §3 "Blog search model", "Typeahead model",
 * §4 "Blog search", §9): the filters, the paging rule and the tag type-ahead. No DOM.
 */
import { MalformedResponse } from '../../../src/errors';
import { isRecord } from '../../../src/models/record';

export const BLOG_SEARCH = {
  limit: 10,
  typeaheadMax: 20,
  typeaheadHideMs: 100,
} as const;

export const SEARCH_SORTS = ['CREATED_DESC', 'POPULARITY_DESC'] as const;
export const SEARCH_POST_TYPES = ['ANY', 'TEXT', 'PHOTO', 'QUOTE', 'LINK', 'CHAT', 'AUDIO', 'VIDEO'] as const;
export const SEARCH_ROLES = ['ANY', 'ORIGINAL'] as const;

export type SearchSort = (typeof SEARCH_SORTS)[number];
export type SearchPostType = (typeof SEARCH_POST_TYPES)[number];
export type SearchRole = (typeof SEARCH_ROLES)[number];

/** What the reader chose; changing any of it starts the results over. */
export interface SearchFilters {
  term: string;
  sort: SearchSort;
  post_type: SearchPostType;
  post_role: SearchRole;
  filter_nsfw: boolean;
}

export interface SearchState<P> {
  blogname: string;
  filters: SearchFilters;
  /** Where the next page starts; negative once the results have ended. */
  next_offset: number;
  posts: P[];
}

export const DEFAULT_FILTERS: SearchFilters = { term: '', sort: 'CREATED_DESC', post_type: 'ANY', post_role: 'ANY', filter_nsfw: true };

export function initialSearch<P>(blogname: string, filters: Partial<SearchFilters> = {}): SearchState<P> {
  return { blogname, filters: { ...DEFAULT_FILTERS, ...filters }, next_offset: 0, posts: [] };
}

/** Applies a filter change. Any real change resets the results and the offset; no change keeps the state as it is. */
export function changeFilters<P>(state: SearchState<P>, patch: Partial<SearchFilters>): SearchState<P> {
  const filters = { ...state.filters, ...patch };
  const same = (Object.keys(filters) as (keyof SearchFilters)[]).every((k) => filters[k] === state.filters[k]);
  if (same) return state;
  return { ...state, filters, next_offset: 0, posts: [] };
}

/** More results may follow while the offset is not negative. */
export function hasMoreResults(state: SearchState<unknown>): boolean {
  return state.next_offset >= 0;
}

/** A page arrived: appended, with the server's next offset (negative ends the results). */
export function receivePage<P>(state: SearchState<P>, posts: P[], nextOffset: number): SearchState<P> {
  return { ...state, posts: [...state.posts, ...posts], next_offset: nextOffset };
}

/** Searching needs a term; an empty term is the blog's own post list. */
export function isSearching(filters: SearchFilters): boolean {
  return filters.term.trim() !== '';
}

/** The query of GET /svc/search/blog_search/{blogname}/{term}. */
export function searchQuery(state: SearchState<unknown>): Record<string, string> {
  const f = state.filters;
  return {
    next_offset: String(Math.max(0, state.next_offset)),
    limit: String(BLOG_SEARCH.limit),
    sort: f.sort,
    post_type: f.post_type,
    post_role: f.post_role,
    filter_nsfw: f.filter_nsfw ? 'true' : 'false',
  };
}

/** blog_search's answer: posts and next_offset (read at response or the root). */
export function readSearchPage(data: unknown): { posts: unknown[]; next_offset: number } {
  const root = isRecord(data) && isRecord(data.response) ? data.response : data;
  if (!isRecord(root) || !Array.isArray(root.posts)) throw new MalformedResponse('Blog search answer without a posts list');
  const next = typeof root.next_offset === 'number' && Number.isFinite(root.next_offset) ? root.next_offset : -1;
  return { posts: root.posts, next_offset: next };
}

/** The type-ahead's answer: tags, each with `tag` (plain strings are taken too). */
export function readTypeahead(data: unknown): string[] {
  const root = isRecord(data) && isRecord(data.response) ? data.response : data;
  const list = isRecord(root) && Array.isArray(root.tags) ? root.tags : [];
  return list.map((t) => (typeof t === 'string' ? t : isRecord(t) && typeof t.tag === 'string' ? t.tag : '')).filter(Boolean);
}

/**
 * The tags to offer for what was typed: case-insensitive, those starting with it first, then those
 * containing it; at most 20 rendered; nothing for an empty term.
 */
export function matchTags(tags: readonly string[], matchTerm: string): string[] {
  const term = matchTerm.trim().replace(/^#/, '').toLowerCase();
  if (!term) return [];
  const unique = [...new Set(tags)];
  const starts = unique.filter((t) => t.toLowerCase().startsWith(term));
  const contains = unique.filter((t) => !t.toLowerCase().startsWith(term) && t.toLowerCase().includes(term));
  return [...starts, ...contains].slice(0, BLOG_SEARCH.typeaheadMax);
}
