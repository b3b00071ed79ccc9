/** The blog preview drawer's calls and blog search (messaging spec §7). */
import { readPeeprPage, readDrawerBlog, type DrawerBlog, type PeeprPage } from './model/rules';
import { readSearchPage, readTypeahead, searchQuery, type SearchState } from './model/blog-search';
import { MalformedResponse } from '../../src/errors';
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

/** POST /svc/indash_blog/header: saves the user's own blog header (JSON body, form key). */
export function saveBlogHeader(blogName: string, tumblelog: Record<string, unknown>): Promise<DrawerBlog> {
  return requestData('/svc/indash_blog/header', { method: 'POST', json: { tumblelog_name_or_id: blogName, tumblelog } }, (data) => {
    const blog = readDrawerBlog(data);
    if (!blog) throw new MalformedResponse('Header answer without a blog');
    return blog;
  });
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
