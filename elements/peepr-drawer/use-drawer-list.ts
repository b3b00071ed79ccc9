/**
 * The drawer's list: the blog's posts page by page (messaging spec §9 "Peepr": 10 a page, 1 for
 * the post it opened on; 'fetched everything' when a page comes back short), or, while a search
 * term is set, the search results (§4 "Blog search": any filter change starts them over; a
 * negative next_offset ends them). One loader, one in-flight page at a time, pages at most every
 * 500 ms.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchPeeprPage, searchBlog } from './api';
import { ApiError } from '../../src/errors';
import {
  changeFilters,
  hasMoreResults,
  initialSearch,
  isSearching,
  receivePage,
  type SearchFilters,
  type SearchState,
} from './model/blog-search';
import { fetchedEverything, pageSize, PEEPR, readDrawerPost, type DrawerBlog, type DrawerPost } from './model/rules';

export type ListStatus = 'loading' | 'ready' | 'paging' | 'error';

export interface DrawerList {
  blog: DrawerBlog | null;
  posts: DrawerPost[];
  ad: Record<string, unknown> | null;
  status: ListStatus;
  error: unknown;
  /** No more pages. */
  everything: boolean;
  searching: boolean;
  filters: SearchFilters;
  loadMore: () => void;
  retry: () => void;
  setFilters: (patch: Partial<SearchFilters>) => void;
}

interface BlogState {
  posts: DrawerPost[];
  blog: DrawerBlog | null;
  ad: Record<string, unknown> | null;
  everything: boolean;
}

const isAbort = (e: unknown) => e instanceof ApiError && e.kind === 'aborted';

export function useDrawerList(target: { blogName: string; postId?: string; serial: number }, timeline: boolean): DrawerList {
  const [blogState, setBlogState] = useState<BlogState>({ posts: [], blog: null, ad: null, everything: false });
  const [search, setSearch] = useState<SearchState<DrawerPost>>(() => initialSearch<DrawerPost>(target.blogName));
  const [status, setStatus] = useState<ListStatus>('loading');
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef<AbortController | null>(null);
  const lastPageAt = useRef(0);
  // What callbacks read between renders (a scroll, the throttle's delayed page).
  const state = useRef({ blogState, search, status });
  state.current = { blogState, search, status };
  const searching = isSearching(search.filters);

  const load = useCallback(
    (first: boolean) => {
      if (inFlight.current) return;
      const { blogState: b, search: s } = state.current;
      const inSearch = isSearching(s.filters);
      if (!first && (inSearch ? !hasMoreResults(s) : b.everything)) return;
      const controller = new AbortController();
      inFlight.current = controller;
      lastPageAt.current = Date.now();
      setStatus(first ? 'loading' : 'paging');
      setError(null);
      const done = () => {
        if (inFlight.current === controller) inFlight.current = null;
      };
      const failed = (e: unknown) => {
        done();
        if (isAbort(e)) return;
        setError(e);
        setStatus('error');
      };
      if (inSearch) {
        searchBlog(s, controller.signal).then((page) => {
          done();
          const posts = page.posts.map(readDrawerPost).filter((p): p is DrawerPost => p !== null);
          setSearch((cur) => (cur.filters === s.filters ? receivePage(cur, posts, page.next_offset) : cur));
          setStatus('ready');
        }, failed);
        return;
      }
      const single = Boolean(target.postId) && b.posts.length === 0;
      const limit = pageSize(single);
      fetchPeeprPage({ blogName: target.blogName, postId: target.postId, limit, offset: b.posts.length, timeline }, controller.signal).then(
        (page) => {
          done();
          setBlogState((cur) => ({
            posts: [...cur.posts, ...page.posts.filter((p) => !cur.posts.some((q) => q.id === p.id))],
            blog: page.blog ?? cur.blog,
            ad: cur.ad ?? page.ad,
            everything: fetchedEverything(page.posts.length, limit),
          }));
          setStatus('ready');
        },
        failed,
      );
    },
    [target.blogName, target.postId, timeline],
  );

  // A new target (another blog, or the same one opened again) starts over.
  useEffect(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    const fresh = { posts: [], blog: null, ad: null, everything: false };
    const search = initialSearch<DrawerPost>(target.blogName);
    state.current = { ...state.current, blogState: fresh, search };
    setBlogState(fresh);
    setSearch(search);
    load(true);
    return () => inFlight.current?.abort();
  }, [target.blogName, target.postId, target.serial, load]);

  const pagingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /**
   * The next page, at most one every 500 ms (pagination throttle); calls in between wait for it.
   * Never after a failure, by then or meanwhile: a scroll (the list emptied by a new search fires
   * one) would retry on its own a moment later, take the error and its Retry away, and press a
   * failing server. Retry is the way on.
   */
  const loadMore = useCallback(() => {
    if (pagingTimer.current !== undefined || state.current.status === 'error') return;
    const wait = lastPageAt.current + PEEPR.paginationThrottleMs - Date.now();
    if (wait <= 0) load(false);
    else
      pagingTimer.current = setTimeout(() => {
        pagingTimer.current = undefined;
        if (state.current.status !== 'error') load(false);
      }, wait);
  }, [load]);
  useEffect(() => () => clearTimeout(pagingTimer.current), []);

  const setFilters = useCallback(
    (patch: Partial<SearchFilters>) => {
      const cur = state.current.search;
      const next = changeFilters(cur, patch);
      if (next === cur) return;
      inFlight.current?.abort();
      inFlight.current = null;
      state.current = { ...state.current, search: next };
      setSearch(next);
      if (isSearching(next.filters)) load(true);
      else setStatus('ready');
    },
    [load],
  );

  const retry = useCallback(() => {
    const { blogState: b, search: s } = state.current;
    load(isSearching(s.filters) ? s.posts.length === 0 : b.posts.length === 0);
  }, [load]);

  return {
    blog: blogState.blog,
    posts: searching ? search.posts : blogState.posts,
    ad: searching ? null : blogState.ad,
    status,
    error,
    everything: searching ? !hasMoreResults(search) : blogState.everything,
    searching,
    filters: search.filters,
    loadMore,
    retry,
    setFilters,
  };
}
