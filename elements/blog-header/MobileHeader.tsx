/**
 * The mobile header (a viewport under 640 px, or `mobile`): burger and drawer, title or logo,
 * search. Its own chunk, which a desktop page never loads; BlogHeader.tsx says how a phone gets it
 * before the header's first paint.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { $session } from '../../src/session/session';
import {
  DESKTOP_ONLY_TEXT,
  SEARCH_DEFAULTS,
  SEARCH_POST_TYPES,
  SEARCH_SORTS,
  SETTINGS_SUBNAV,
  drawerNext,
  followingCount,
  likesCount,
  searchUrl,
  showsPageTitle,
  type DrawerAction,
  type DrawerState,
} from './model/rules';
import { safeImageUrl, safeLinkUrl } from '../../src/models/urls';
import { Dialog } from '../../src/ui/Dialog';
import { Avatar } from '../../src/ui/Avatar';
import { LoadingBar } from '../../src/ui/LoadingBar';
import { Logo } from './Logo';
import { BackIcon, BurgerIcon, ChevronIcon, ExternalIcon, SearchIcon } from './icons';
import { InboxButton } from './InboxButton';
import { onCompose } from './compose';
import { signalComposeIntent } from '../../src/stores/composer';
import { navigate } from '../../src/core/address';
import { useSticky } from './use-sticky';

interface FeaturedPost {
  blog_name: string;
  post_url: string;
  image_url?: string;
}

function normalizeFeaturedPost(raw: unknown): FeaturedPost | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.blog_name !== 'string' || !r.blog_name || typeof r.post_url !== 'string') return null;
  return { blog_name: r.blog_name, post_url: r.post_url, ...(typeof r.image_url === 'string' ? { image_url: r.image_url } : {}) };
}

export interface MobileHeaderProps {
  pageTitle?: string | undefined;
  searchTerm?: string | undefined;
  appUrl?: string | undefined;
  /** The `featured-post` attribute as parsed (the logged-out splash's post). */
  featuredPost?: unknown;
}

export function MobileHeader({ pageTitle, searchTerm, appUrl, featuredPost: featuredRaw }: MobileHeaderProps) {
  const { announce } = useWidget();
  const featuredPost = useMemo(() => normalizeFeaturedPost(featuredRaw), [featuredRaw]);
  const session = useStore($session);
  const user = session.user;
  const [drawer, setDrawer] = useState<DrawerState>('closed');
  const [searchOpen, setSearchOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [q, setQ] = useState(searchTerm ?? '');
  const [filterNsfw, setFilterNsfw] = useState(SEARCH_DEFAULTS.filter_nsfw);
  const [sort, setSort] = useState(SEARCH_DEFAULTS.sort);
  const [postType, setPostType] = useState(SEARCH_DEFAULTS.filter_post_type);
  const sticky = useSticky();
  const searchInput = useRef<HTMLInputElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => setQ(searchTerm ?? ''), [searchTerm]);

  const drawerRef = useRef<DrawerState>('closed');
  const act = (action: DrawerAction) => {
    const state = drawerRef.current;
    const next = drawerNext(state, action);
    if (next === state) return;
    drawerRef.current = next;
    setDrawer(next);
    if (state === 'closed') announce(Events.headerDrawerOpen, {});
    if (next === 'closed') announce(Events.headerDrawerClose, {});
  };

  /** The search icon reveals the search form (toggles it from the bar) and closes the drawer. */
  const openSearch = (fromDrawer: boolean) => {
    act('search');
    setSearchOpen((open) => (fromDrawer ? true : !open));
  };
  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const url = searchUrl({ q, filter_nsfw: filterNsfw, sort, filter_post_type: postType });
    if (!url) {
      searchInput.current?.focus();
      return;
    }
    setSubmitting(true);
    navigate(announce, url);
  };

  const showTitle = showsPageTitle({
    pageTitlesFlag: session.flags.page_titles === true,
    loggedIn: user !== null,
    searchTerm: searchTerm ?? null,
    pageTitle: pageTitle ?? null,
  });
  const center = showTitle ? (
    <span className="page-title" part="page-title">
      {pageTitle}
    </span>
  ) : (
    <Logo href={user ? '/dashboard' : '/'} />
  );
  const drawerId = `${id}-drawer`;
  const searchId = `${id}-search`;

  const barButtons = (inDrawer: boolean) => (
    <>
      <button
        type="button"
        className="bar-button burger"
        part={inDrawer ? 'drawer-burger' : 'burger'}
        data-target={inDrawer ? undefined : 'burger'}
        aria-label={drawer === 'subnav' ? 'Back to menu' : drawer === 'open' ? 'Close menu' : 'Menu'}
        aria-expanded={drawer !== 'closed'}
        aria-controls={drawer !== 'closed' ? drawerId : undefined}
        onClick={() => act('burger')}
      >
        {drawer === 'subnav' ? <BackIcon /> : <BurgerIcon open={drawer !== 'closed'} />}
      </button>
      <span className="bar-center">{center}</span>
      {user && !inDrawer && user.can_message && <InboxButton className="bar-button" />}
      <button
        ref={inDrawer ? undefined : searchButton}
        type="button"
        className="bar-button"
        part={inDrawer ? 'drawer-search-button' : 'search-button'}
        data-target={inDrawer ? undefined : 'search'}
        aria-label="Search"
        aria-expanded={searchOpen}
        aria-controls={searchId}
        onClick={() => openSearch(inDrawer)}
      >
        <SearchIcon />
      </button>
    </>
  );

  return (
    <div className={`mobile${sticky.sticky ? ' is-sticky' : ''}${sticky.sticky && sticky.navHidden ? ' is-nav-hidden' : ''}`} part="mobile">
      <div className="mobile__fixed">
        <div className="bar bar--mobile" part="bar">
          {barButtons(false)}
        </div>
        <form
          id={searchId}
          className="search"
          part="search"
          role="search"
          aria-label="Search"
          hidden={!searchOpen}
          action="/search"
          method="get"
          onSubmit={submit}
        >
          <div className="search__row">
            <label className="tl-visually-hidden" htmlFor={`${searchId}-q`}>
              Search
            </label>
            <input
              ref={searchInput}
              id={`${searchId}-q`}
              name="q"
              type="search"
              className="search__input"
              placeholder="Search tumblelog"
              autoComplete="off"
              enterKeyHint="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
            <button type="submit" className="tl-button search__submit">
              Search
            </button>
          </div>
          {user ? (
            <div className="search__filters">
              <label className="search__check">
                <input
                  type="checkbox"
                  name="filter_nsfw"
                  value="true"
                  checked={filterNsfw}
                  onChange={(event) => setFilterNsfw(event.target.checked)}
                />
                Safe search
              </label>
              <label>
                <span className="tl-visually-hidden">Sort</span>
                <select name="sort" value={sort} onChange={(event) => setSort(event.target.value)}>
                  {SEARCH_SORTS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span className="tl-visually-hidden">Post type</span>
                <select name="filter_post_type" value={postType} onChange={(event) => setPostType(event.target.value)}>
                  {SEARCH_POST_TYPES.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : null}
          <LoadingBar loading={submitting} label="Searching" part="search-loading" />
        </form>
      </div>

      <Dialog
        open={drawer !== 'closed'}
        onCancel={() => act('escape')}
        dismissOnBackdrop
        className="drawer"
        labelledBy={`${drawerId}-label`}
      >
        <div id={drawerId} className={`drawer__panel${drawer === 'subnav' ? ' is-subnav' : ''}`} part="drawer" data-state={drawer}>
          <div className="bar bar--mobile bar--drawer">{barButtons(true)}</div>
          <h2 className="tl-visually-hidden" id={`${drawerId}-label`}>
            Menu
          </h2>
          {user ? (
            <LoggedInDrawer
              subnav={drawer === 'subnav'}
              onSettings={() => act('settings')}
              onCompose={() => {
                act('overlay');
                onCompose(announce);
              }}
            />
          ) : (
            <Splash appUrl={appUrl} featuredPost={featuredPost} />
          )}
        </div>
      </Dialog>
    </div>
  );
}

function LoggedInDrawer({ subnav, onSettings, onCompose: compose }: { subnav: boolean; onSettings: () => void; onCompose: () => void }) {
  const session = useStore($session);
  const user = session.user!;
  const likes = likesCount(user.liked_post_count);
  const subnavId = useId();
  const settingsRef = useRef<HTMLButtonElement>(null);
  const firstSubRef = useRef<HTMLAnchorElement>(null);
  const wasSubnav = useRef(subnav);
  useEffect(() => {
    if (subnav && !wasSubnav.current) firstSubRef.current?.focus();
    if (!subnav && wasSubnav.current) settingsRef.current?.focus();
    wasSubnav.current = subnav;
  }, [subnav]);

  return (
    <div className="drawer__content">
      <nav aria-label="Primary" className="drawer__nav" part="drawer-nav" hidden={subnav}>
        <ul className="drawer__list">
          <li>
            <a href="/dashboard" className="drawer__item">
              Dashboard
            </a>
          </li>
          <li>
            <a href="/likes" className="drawer__item">
              Likes{likes !== null && <span className="drawer__count">{likes}</span>}
            </a>
          </li>
          <li>
            <a href="/following" className="drawer__item">
              Following<span className="drawer__count">{followingCount(user.friend_count)}</span>
            </a>
          </li>
          <li>
            <button
              ref={settingsRef}
              type="button"
              className="drawer__item"
              aria-expanded={subnav}
              aria-controls={subnavId}
              onClick={onSettings}
            >
              Settings
              <ChevronIcon />
            </button>
          </li>
        </ul>
        <button
          type="button"
          className="tl-button drawer__create"
          onClick={compose}
          onPointerEnter={signalComposeIntent}
          onFocus={signalComposeIntent}
        >
          Create a post
        </button>
        <h3 className="drawer__heading">Blogs</h3>
        <ul className="drawer__blogs" part="drawer-blogs">
          {session.channels.map((c) => (
            <li key={c.name}>
              <a href={safeLinkUrl(c.url) ?? `/blog/${encodeURIComponent(c.name)}`} className="drawer__blog">
                <Avatar name={c.name} size={40} decorative avatar_url={c.avatar_url} shape={c.global_theme_params?.avatar_shape} />
                <span className="drawer__blog-text">
                  <span className="drawer__blog-name">{c.name}</span>
                  {c.title && <span className="drawer__blog-title">{c.title}</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <nav id={subnavId} aria-label="Settings" className="drawer__subnav" part="drawer-subnav" hidden={!subnav}>
        <ul className="drawer__list">
          {SETTINGS_SUBNAV.map((link, i) => (
            <li key={link.href}>
              <a
                ref={i === 0 ? firstSubRef : undefined}
                href={link.href}
                className="drawer__item"
                {...(link.newTab ? { target: '_blank', rel: 'noopener' } : {})}
              >
                {link.label}
                {link.newTab && (
                  <span className="drawer__desktop-only">
                    {DESKTOP_ONLY_TEXT}
                    <ExternalIcon />
                    <span className="tl-visually-hidden"> (opens in a new tab)</span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function Splash({ appUrl, featuredPost }: { appUrl?: string | undefined; featuredPost: FeaturedPost | null }) {
  const image = safeImageUrl(featuredPost?.image_url);
  const app = safeLinkUrl(appUrl);
  const credit = featuredPost ? safeLinkUrl(featuredPost.post_url) : undefined;
  return (
    <div className="splash" part="splash">
      {image && <img className="splash__image" src={image} alt="" decoding="async" />}
      <div className="splash__content">
        <p className="splash__tagline">Come for what you love. Stay for what you discover.</p>
        <a className="tl-button splash__button" href="/login">
          Log in
        </a>
        <a className="tl-button is-secondary splash__button" href="/register">
          Get started
        </a>
        {app && (
          <a className="splash__app" href={app}>
            Get the app
          </a>
        )}
      </div>
      {featuredPost && (
        <p className="splash__credit" part="splash-credit">
          Posted by <a href={credit ?? `/blog/${encodeURIComponent(featuredPost.blog_name)}`}>{featuredPost.blog_name}</a>
        </p>
      )}
    </div>
  );
}
