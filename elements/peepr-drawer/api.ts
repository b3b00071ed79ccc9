/** The blog preview drawer's calls and blog search (messaging spec §7). */
import { readPeeprPage, type PeeprPage } from './model/rules';
import { readSearchPage, readTypeahead, searchQuery, type SearchState } from './model/blog-search';
import { requestData } from '../../src/api/client';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /svc/indash_blog/posts (or the timeline variant /svc/tumblelog/{name}/peepr). */
export function fetchPeeprPage(
  q: { blogName: string; postId?: string; limit: number; offset: number; timeline?: boolean },
  signal?: AbortSignal,
): Promise<PeeprPage> {
  const query = { tumblelog_name_or_id: q.blogName, limit: q.limit, offset: q.offset, ...(q.postId ? { post_id: q.postId } : {}) };
  const path = q.timeline ? `/svc/tumblelog/${encodeURIComponent(q.blogName)}/peepr` : '/svc/indash_blog/posts';
  return requestData(path, { query, ...withSignal(signal) }, readPeeprPage);
}

/** GET /svc/search/blog_search/{blogname}/{term}. */
export function searchBlog(state: SearchState<unknown>, signal?: AbortSignal): Promise<{ posts: unknown[]; next_offset: number }> {
  const path = `/svc/search/blog_search/${encodeURIComponent(state.blogname)}/${encodeURIComponent(state.filters.term.trim())}`;
  return requestData(path, { query: searchQuery(state), ...withSignal(signal) }, readSearchPage);
}

/** GET /svc/search/blog_search_typeahead/{blogname}: the blog's tags. */
export function fetchBlogTags(blogName: string, signal?: AbortSignal): Promise<string[]> {
  return requestData(`/svc/search/blog_search_typeahead/${encodeURIComponent(blogName)}`, { ...withSignal(signal) }, readTypeahead);
}
