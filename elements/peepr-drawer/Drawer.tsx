/**
 * The drawer itself (lazy chunk): a modal side sheet on a native <dialog> (focus inside, the page
 * inert, Escape or a click on the glass asks to close), the blog header, search, the virtualised
 * posts list with autopaging and ad slots, and the keys j/k/l/r/s/./Enter. The actions on the
 * posts and on the blog are in use-post-actions.ts and use-blog-actions.ts.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useWidget } from '../../src/core/widget-context';
import { safeStorage } from '../../src/core/storage';
import { adAfter, headerOpacity, nearBottom, PEEPR, peeprCommand, type DrawerPost, type PeeprTarget } from './model/rules';
import { isComposingKey, isTypingPath, type PathNode } from '../../src/models/typing';
import { throttle } from '../../src/models/timing';
import { $session, isFlagOn } from '../../src/session/session';
import { useMeasureOnResize } from './use-measure-on-resize';
import { useFocusedRowKept } from '../../src/ui/use-focused-row-kept';
import { $postMarks, withMarks, type PostMarks } from '../../src/post-actions/marks';
import { Dialog } from '../../src/ui/Dialog';
import { ErrorState } from '../../src/ui/ErrorState';
import { Loader } from '../../src/ui/Loader';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';
import { useRegistration } from '../../src/ui/use-registration';
import { AdSlot } from './AdSlot';
import { DrawerBlogHeader, themeStyle } from './DrawerBlogHeader';
import { BlogSearch } from './BlogSearch';
import { PostCard, type PostAction } from './PostCard';
import { useDrawerList } from './use-drawer-list';
import { useBlogActions } from './use-blog-actions';
import { usePostActions } from './use-post-actions';
import { Events } from '../../src/core/events';

export interface DrawerProps {
  target: PeeprTarget & { serial: number };
  suspended: boolean;
  shortcutsAllowed: boolean;
  onOpenBlog: (target: PeeprTarget) => void;
  onClose: () => void;
}

const SHORTCUTS_KEY = 'tl:peepr:shortcuts';
const ESTIMATED_POST_PX = 420;
const LOAD_ERROR = 'This blog could not be loaded.';

type Row = { kind: 'post'; post: DrawerPost; index: number } | { kind: 'ad'; key: string };

/** How far below the top of the scroller's content an element starts (the sheet only ever slides sideways). */
function offsetInScroller(el: HTMLElement | null, scroller: HTMLElement | null): number {
  if (!el || !scroller) return 0;
  return Math.round(el.getBoundingClientRect().top - scroller.getBoundingClientRect().top - scroller.clientTop + scroller.scrollTop);
}

export function Drawer({ target, suspended, shortcutsAllowed, onOpenBlog, onClose }: DrawerProps) {
  const { announce } = useWidget();
  const { user } = useStore($session);
  const loggedIn = user !== null;
  const titleId = useId();
  const timeline = isFlagOn('peepr_single_post_timeline') && Boolean(target.postId);
  const list = useDrawerList(target, timeline);
  const marks = useStore($postMarks);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  // A post keeps its object while its marks do (the store keeps each post's marks object until it
  // changes): a like re-renders that post's card, not every card of the list.
  const marked = useRef(new WeakMap<DrawerPost, { marks: PostMarks | undefined; post: DrawerPost }>());
  const posts = useMemo(
    () =>
      list.posts
        .filter((p) => !hidden.has(p.id))
        .map((p) => {
          const known = marked.current.get(p);
          if (known && known.marks === marks[p.id]) return known.post;
          const post = withMarks(p, marks);
          marked.current.set(p, { marks: marks[p.id], post });
          return post;
        }),
    [list.posts, hidden, marks],
  );
  const [active, setActive] = useState(-1);
  const [opacity, setOpacity] = useState(1);
  const [phase, setPhase] = useState<'intro' | 'shown' | 'replacing' | 'leaving'>(() => (prefersReducedMotion() ? 'shown' : 'intro'));
  const [shortcutsOn, setShortcutsOn] = useState(() => safeStorage().getItem(SHORTCUTS_KEY) !== 'off');
  const [shareTarget, setShareTarget] = useState<DrawerPost | null>(null);
  const [searchFocus, setSearchFocus] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [listTop, setListTop] = useState(0);
  const blog = list.blog;
  const blogActions = useBlogActions(blog);
  const sheetStyle = useMemo(() => themeStyle(blog), [blog]);
  const hide = useCallback((post: DrawerPost) => setHidden((h) => new Set(h).add(post.id)), []);
  const { busy, status, act, reply, clearStatus } = usePostActions({
    loggedIn,
    searching: list.searching,
    shareTarget,
    setShareTarget,
    onDeleted: hide,
  });

  useRegistration(
    () => import('../video-player/index'),
    posts.some((p) => p.type === 'video'),
  );
  useRegistration(() => import('../share-popover/index'), shareTarget !== null);

  // ---- timings: the 1 s intro, the 400 ms replacement, the 500 ms removal ----
  useEffect(() => {
    if (phase !== 'intro') return;
    const t = setTimeout(() => setPhase('shown'), PEEPR.introMs);
    return () => clearTimeout(t);
  }, [phase]);
  const firstSerial = useRef(target.serial);
  useEffect(() => {
    setActive(-1);
    setHidden(new Set());
    clearStatus();
    scrollRef.current?.scrollTo({ top: 0 });
    if (target.serial === firstSerial.current || prefersReducedMotion()) return;
    setPhase('replacing');
    const t = setTimeout(() => setPhase('shown'), PEEPR.replacementDelayMs);
    return () => clearTimeout(t);
  }, [target.serial]);

  const requestClose = useCallback(() => {
    if (prefersReducedMotion()) return onClose();
    setPhase('leaving');
    setTimeout(onClose, PEEPR.removalMs);
  }, [onClose]);

  // ---- the list: rows (posts and ad slots), virtualised ----
  const adsOn = isFlagOn('lrec_on_blog_pages_peepr') && list.ad !== null;
  const rows = useMemo<Row[]>(() => {
    const out: Row[] = [];
    posts.forEach((post, index) => {
      out.push({ kind: 'post', post, index });
      if (adsOn && adAfter(index + 1)) out.push({ kind: 'ad', key: `ad-${index + 1}` });
    });
    return out;
  }, [posts, adsOn]);
  const rowOfPost = useMemo(() => {
    const m: number[] = [];
    rows.forEach((r, i) => r.kind === 'post' && (m[r.index] = i));
    return m;
  }, [rows]);

  // What sits above the list (header, search) can change height. Where the list starts is read in
  // the scroller's content: `offsetTop` counted from the sheet, past the toolbar, and every j / k
  // scrolled its post 53 px too far (its top under the toolbar's edge, out of view).
  useMeasureOnResize(
    () => Array.from(listRef.current?.parentElement?.children ?? []).filter((child) => child !== listRef.current),
    () => setListTop(offsetInScroller(listRef.current, scrollRef.current)),
    [blog !== null],
  );

  // Stable per list of rows: the virtualiser places every row again whenever getItemKey changes.
  const rowKey = useCallback(
    (i: number) => {
      const r = rows[i];
      return r ? (r.kind === 'post' ? r.post.id : r.key) : undefined;
    },
    [rows],
  );
  const itemKey = useCallback((i: number) => rowKey(i) ?? i, [rowKey]);
  // j / k and the other keys work from the focused post: scrolling it away must not unmount it.
  const focusKept = useFocusedRowKept(rowKey);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_POST_PX,
    overscan: 3,
    scrollMargin: listTop,
    getItemKey: itemKey,
    rangeExtractor: focusKept.rangeExtractor,
    // As in the message list: no flushSync inside the ResizeObserver (Firefox's loop error).
    useFlushSync: false,
  });

  // ---- autopaging: near the bottom (offset 175 + 66.6% of the window), checked at most every 200 ms ----
  const loadMore = list.loadMore;
  const checkBottom = useMemo(
    () =>
      throttle(() => {
        const el = scrollRef.current;
        if (!el) return;
        setOpacity(headerOpacity(el.scrollTop));
        if (nearBottom({ top: el.scrollTop, height: el.scrollHeight, viewport: el.clientHeight }, window.innerHeight)) loadMore();
      }, PEEPR.autopagerThrottleMs),
    [loadMore],
  );
  useEffect(() => () => checkBottom.cancel(), [checkBottom]);
  // A short first page (or a tall window) may need the next one without any scroll.
  useEffect(() => {
    if (list.status === 'ready' && !list.everything) checkBottom();
  }, [list.status, list.everything, posts.length, checkBottom]);

  // ---- keys ----
  /** j was pressed on the last loaded post: move on when the next page arrives. */
  const nextPending = useRef(false);
  useEffect(() => {
    if (!nextPending.current) return;
    if (active + 1 < posts.length) {
      nextPending.current = false;
      focusPost(active + 1);
    } else if (list.everything || list.status === 'error') nextPending.current = false;
  }, [posts.length, list.everything, list.status]);

  /** The frame that will focus the post of the last j / k: a newer key press replaces it. */
  const pendingFocus = useRef(0);
  useEffect(() => () => cancelAnimationFrame(pendingFocus.current), []);
  const focusPost = (index: number) => {
    const row = rowOfPost[index];
    if (row === undefined) return;
    setActive(index);
    virtualizer.scrollToIndex(row, { align: 'start' });
    // The row mounts (or moves) on the next frames; focus it once it is there. A press still
    // waiting for its row must not take the focus back from the post of a later press.
    cancelAnimationFrame(pendingFocus.current);
    let tries = 0;
    const focus = () => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-post-id="${posts[index]!.id}"]`);
      if (el) el.focus({ preventScroll: true });
      else if (tries++ < 10) pendingFocus.current = requestAnimationFrame(focus);
    };
    pendingFocus.current = requestAnimationFrame(focus);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (suspended || !shortcutsAllowed || !shortcutsOn) return;
    const native = event.nativeEvent;
    if (isComposingKey(native)) return;
    const path = native.composedPath() as unknown as PathNode[];
    if (isTypingPath(path)) return;
    const command = peeprCommand(native);
    if (!command) return;
    const first = path[0] as unknown as Element | undefined;
    // Enter on a button or a link is that button's; the command is Enter on the post itself.
    if (command === 'open-source' && first?.closest?.('a, button, summary, [role="button"], [role="option"], input, select, textarea'))
      return;
    const current = active >= 0 ? posts[active] : undefined;
    switch (command) {
      case 'next':
        if (active + 1 < posts.length) focusPost(active + 1);
        else if (!list.everything) {
          // Past the last loaded post: the next page, and the move once it is here (no key press lost).
          nextPending.current = true;
          loadMore();
        }
        break;
      case 'previous':
        if (active > 0) focusPost(active - 1);
        break;
      case 'top':
        setActive(-1);
        scrollRef.current?.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        scrollRef.current?.querySelector<HTMLElement>(`[id="${CSS.escape(titleId)}"]`)?.focus({ preventScroll: true });
        break;
      case 'like':
        if (current) void act('like', current);
        break;
      case 'reblog':
        if (current) void act('reblog', current);
        break;
      case 'share':
        if (current) scrollRef.current?.querySelector<HTMLButtonElement>(`#peepr-share-${CSS.escape(current.id)}`)?.click();
        break;
      case 'open-source': {
        const from =
          current &&
          ((typeof current.content.reblogged_from === 'string' && current.content.reblogged_from) || current.reblog_source?.name);
        if (from) onOpenBlog({ blogName: from });
        else return;
        break;
      }
    }
    event.preventDefault();
  };

  const searchFor = (tag: string) => {
    list.setFilters({ term: tag });
    setSearchFocus((n) => n + 1);
    scrollRef.current?.scrollTo({ top: 0 });
  };

  // Stable handlers for the memoised posts: they call whatever this render's functions are.
  const latest = useRef({ act, reply, searchFor, onOpenBlog });
  latest.current = { act, reply, searchFor, onOpenBlog };
  const handlers = useMemo(
    () => ({
      act: (a: PostAction, p: DrawerPost) => void latest.current.act(a, p),
      reply: (p: DrawerPost, text: string) => latest.current.reply(p, text),
      searchFor: (tag: string) => latest.current.searchFor(tag),
      openBlog: (name: string) => latest.current.onOpenBlog({ blogName: name }),
    }),
    [],
  );

  const items = virtualizer.getVirtualItems();
  const firstLoad = list.status === 'loading' && posts.length === 0;
  return (
    <Dialog open onCancel={requestClose} dismissOnBackdrop labelledBy={titleId} className={`peepr is-${phase}`} part="dialog">
      {/* Focusable (not in the Tab order): a click on its blank space keeps the focus, and the keys, inside. */}
      <div className="sheet" style={sheetStyle} onKeyDown={onKeyDown} tabIndex={-1}>
        <div className="toolbar">
          <button type="button" className="toolbar__close" onClick={requestClose} aria-label="Close blog preview">
            <span aria-hidden="true">×</span>
          </button>
          {shortcutsAllowed && (
            <label className="toolbar__keys">
              <input
                type="checkbox"
                checked={shortcutsOn}
                onChange={(e) => {
                  setShortcutsOn(e.target.checked);
                  safeStorage().setItem(SHORTCUTS_KEY, e.target.checked ? 'on' : 'off');
                }}
              />{' '}
              Keyboard shortcuts <span className="toolbar__hint">j k l r s .</span>
            </label>
          )}
        </div>
        <div className="scroller" ref={scrollRef} onScroll={() => checkBottom()} part="posts">
          {blog ? (
            <DrawerBlogHeader
              blog={blog}
              opacity={opacity}
              loggedIn={loggedIn}
              following={blogActions.following}
              subscribed={blogActions.subscribed}
              busy={blogActions.followBusy}
              onFollow={() => void blogActions.toggleFollow()}
              onSubscribe={blogActions.toggleSubscribe}
              onBlock={() => void blogActions.block()}
              notice={blogActions.notice}
              titleId={titleId}
            />
          ) : (
            <h2 id={titleId} className="tl-visually-hidden" tabIndex={-1}>
              {target.blogName}
            </h2>
          )}
          {blog && <BlogSearch blogName={blog.name} filters={list.filters} onChange={list.setFilters} focusKey={searchFocus} />}
          {list.searching && (
            <p className="search__summary" role="status">
              {list.status === 'loading'
                ? `Searching ${blog?.name ?? target.blogName} for “${list.filters.term}”…`
                : posts.length === 0 && list.status === 'ready'
                  ? `No posts found for “${list.filters.term}”.`
                  : `Posts matching “${list.filters.term}”`}{' '}
              <button type="button" className="link-button" onClick={() => list.setFilters({ term: '' })}>
                Back to all posts
              </button>
            </p>
          )}
          {firstLoad && (
            <div className="big-loader" part="loader">
              <Loader label={`Loading ${target.blogName}`} size={48} />
            </div>
          )}
          {list.status === 'error' && posts.length === 0 && <ErrorState message={LOAD_ERROR} onRetry={list.retry} />}
          <div
            ref={listRef}
            className="list"
            onFocus={focusKept.onFocus}
            onBlur={focusKept.onBlur}
            role={rows.length ? 'feed' : undefined}
            data-count={posts.length}
            aria-busy={rows.length ? list.status === 'loading' || list.status === 'paging' : undefined}
            aria-label={rows.length ? `Posts from ${target.blogName}` : undefined}
            style={{ height: `${virtualizer.getTotalSize()}px` }}
          >
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="row"
                  style={{ transform: `translateY(${item.start - listTop}px)` }}
                >
                  {row.kind === 'ad' ? (
                    <AdSlot ad={list.ad ?? {}} onFailure={(detail) => announce(Events.adFailure, detail)} />
                  ) : (
                    <PostCard
                      post={row.post}
                      active={row.index === active}
                      position={row.index + 1}
                      setSize={list.everything ? posts.length : -1}
                      busy={busy[row.post.id] ?? null}
                      status={status[row.post.id] ?? ''}
                      loggedIn={loggedIn}
                      onAction={handlers.act}
                      onOpenBlog={handlers.openBlog}
                      onTag={handlers.searchFor}
                      onReply={handlers.reply}
                    />
                  )}
                </div>
              );
            })}
          </div>
          {list.status === 'paging' && (
            <div className="paging">
              <Loader label="Loading more posts" />
            </div>
          )}
          {list.status === 'error' && posts.length > 0 && <ErrorState message="More posts could not be loaded." onRetry={list.retry} />}
          {list.everything && posts.length > 0 && list.status === 'ready' && (
            <p className="end">That's everything{list.searching ? ' that matches' : ` from ${target.blogName}`}.</p>
          )}
          {!list.searching && list.everything && posts.length === 0 && list.status === 'ready' && (
            <p className="end">{target.blogName} hasn't posted anything yet.</p>
          )}
        </div>
        {shareTarget && (
          <share-popover post-id={shareTarget.id} blog-name={shareTarget.tumblelog_name} anchor={`peepr-share-${shareTarget.id}`} />
        )}
      </div>
    </Dialog>
  );
}
