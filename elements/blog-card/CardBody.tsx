import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events, Requests } from '../../src/core/events';
import { $session } from '../../src/session/session';
import { $following, $subscribed, changeFollowing, changeSubscribed } from '../../src/stores/follows';
import { cachedBlog, loadBlog } from '../../src/stores/blogs';
import { useRemote } from '../../src/ui/use-remote';
import { ErrorState } from '../../src/ui/ErrorState';
import { ApiError } from '../../src/errors';
import { bringElement } from '../../src/core/bring-element';
import { request } from '../../src/core/requests';
import {
  BLOG_CARD_MIN_LOAD_MS,
  PUBLIC_MARK_LABELS,
  askPageHref,
  blogHref,
  followFailedText,
  followSpoken,
  fullAddress,
  publicMarks,
  showHighlightedStrip,
  unfollowConfirmText,
  type BlogCardData,
  type PublicMark,
} from '../../src/models/blog';
import { applyFollow } from './model/follow';
import { accessibleTextOn, safeColor, themeColorOn } from '../../src/models/colors';
import { safeFontFamily, safeImageUrl, safeLinkUrl } from '../../src/models/urls';
import { headerImage, titleFontWeight } from '../../src/models/blog-theme';
import { sanitizeBlogDescription } from '../../src/core/blog-description';
import { Avatar } from '../../src/ui/Avatar';
import { FollowButton } from '../../src/ui/FollowButton';
import { CardLoading } from './CardLoading';
import { MenuButton, type MenuItem } from '../../src/ui/MenuButton';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { useBlockBlog, useUnblockBlog } from '../../src/ui/use-block-blog';
import { $blocked } from '../../src/stores/blocks';
import { navigate } from '../../src/core/address';
import { StaffToggles } from './StaffToggles';
import { useSaidNotice } from '../../src/ui/use-said-notice';
import { useSay } from '../../src/ui/use-say';
import { $staffFlags } from './state/staff-flags';

function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'not-found') return "This blog doesn't exist anymore.";
  if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))
    return "Couldn't reach Tumblr. Check your connection.";
  return "Couldn't load this blog.";
}

interface CardBodyProps {
  blogName: string;
  source: string;
  onPinned: (pinned: boolean) => void;
}

export function CardBody({ blogName, source, onPinned }: CardBodyProps) {
  const { announce } = useWidget();
  const say = useSay();
  const session = useStore($session);
  const followingMap = useStore($following);
  const subscribedMap = useStore($subscribed);
  // The page's one blog cache: a card re-hovered within a minute shows at once.
  const remote = useRemote(blogName, (name, signal) => loadBlog(name, signal), { cached: cachedBlog, minLoadMs: BLOG_CARD_MIN_LOAD_MS });
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const [notice, setNotice] = useSaidNotice();
  const blockBlogAsCurrent = useBlockBlog(setNotice, onPinned);
  const unblockBlogAsCurrent = useUnblockBlog(setNotice);
  const blockedMap = useStore($blocked);
  const staffFlagsMap = useStore($staffFlags);

  if (remote.status === 'loading') {
    return <CardLoading name={blogName} />;
  }
  if (remote.status === 'error') return <ErrorState message={loadErrorText(remote.error)} onRetry={remote.retry} />;

  const base = remote.data;
  const following = followingMap[base.name] ?? base.following;
  const blog = { ...applyFollow(base, following), is_subscribed: following && (subscribedMap[base.name] ?? base.is_subscribed) };
  const loggedIn = session.user !== null;
  const ownBlog = blog.is_current || session.channels.some((c) => c.name === blog.name);

  const toggleFollow = async () => {
    if (!loggedIn) {
      const url = `/follow/${encodeURIComponent(blog.name)}`;
      navigate(announce, url);
      return;
    }
    setNotice('');
    if (following) {
      onPinned(true);
      const ok = await confirm({ kind: 'confirm', message: unfollowConfirmText(blog.name), okText: 'Ok', cancelText: 'Nevermind' });
      onPinned(false);
      if (!ok) return;
    }
    setBusy(true);
    const next = !following;
    try {
      await changeFollowing(blog.name, next, { source });
      announce(Events.followChange, { blogName: blog.name, following: next });
      say(followSpoken(blog.name, next));
    } catch {
      setNotice(followFailedText(blog.name, next));
    } finally {
      setBusy(false);
    }
  };

  const menuItems: MenuItem[] = [{ id: 'view', label: 'View blog', href: blogHref(blog) }];
  if (loggedIn && !ownBlog) {
    if (blog.can_subscribe) {
      menuItems.push({
        id: 'subscribe',
        label: blog.is_subscribed ? 'Stop getting notifications' : 'Get notifications',
        onSelect: () => {
          const next = !blog.is_subscribed;
          changeSubscribed(blog.name, next, source).then(
            () => announce(Events.subscriptionChange, { blogName: blog.name, subscribed: next }),
            () => setNotice("Couldn't change notifications. Try again."),
          );
        },
      });
    }
    if (blog.can_receive_messages && session.user?.can_message) {
      menuItems.push({
        id: 'message',
        label: 'Send a message',
        onSelect: () => {
          bringElement('messaging-dock', Requests.messagingOpen, () => import('../messaging-dock/index'));
          request(Requests.messagingOpen, { blogName: blog.name });
        },
      });
    }
    if (blog.asks)
      menuItems.push(
        // The `ask_form` flag off: the blog's own ask page instead of the in-page form.
        session.flags.ask_form === false
          ? { id: 'ask', label: 'Ask a question', href: askPageHref(blog) }
          : {
              id: 'ask',
              label: 'Ask a question',
              onSelect: () => {
                // A delegate (no blog-name, no trigger of its own) answers for any blog.
                bringElement('ask-form', Requests.askFormOpen, () => import('../ask-form/index'), { trigger: 'none' });
                request(Requests.askFormOpen, { blogName: blog.name });
              },
            },
      );
    // Blocked already (the card's is_blocked, or a block made on this page): Unblock instead.
    if (blockedMap[blog.name] ?? blog.is_blocked) {
      menuItems.push({ id: 'unblock', label: 'Unblock', onSelect: () => void unblockBlogAsCurrent(blog.name) });
    } else {
      menuItems.push({ id: 'block', label: 'Block', danger: true, onSelect: () => void blockBlogAsCurrent(blog.name) });
    }
  }

  // The marks follow the staff flags this page changed (a toggle in this card, or in another one).
  const changedFlags = staffFlagsMap[blog.name];
  const marks = publicMarks(
    changedFlags ? { is_suspended: changedFlags.suspended, is_nsfw: changedFlags.nsfw, is_adult: changedFlags.adult } : blog,
  );
  // Staff get their toggles when the server agrees: it sends the flags to staff only.
  const staff =
    session.user?.is_staff && blog.staff_flags ? (
      <StaffToggles blogName={blog.name} loaded={blog.staff_flags} setNotice={setNotice} onPinned={onPinned} />
    ) : null;

  return (
    <CardView
      blog={blog}
      marks={marks}
      showFollow={!ownBlog}
      busy={busy}
      onToggleFollow={toggleFollow}
      menuItems={menuItems}
      staff={staff}
      notice={notice}
      onMenuOpenChange={onPinned}
    />
  );
}

interface CardViewProps {
  blog: BlogCardData;
  marks: PublicMark[];
  showFollow: boolean;
  busy: boolean;
  onToggleFollow: () => void;
  menuItems: MenuItem[];
  staff: ReactNode;
  notice: string;
  onMenuOpenChange: (open: boolean) => void;
}

function CardView({ blog, marks, showFollow, busy, onToggleFollow, menuItems, staff, notice, onMenuOpenChange }: CardViewProps) {
  const theme = blog.global_theme_params;
  const href = blogHref(blog);
  const descriptionHtml = useMemo(
    () => sanitizeBlogDescription.trusted(blog.description_sanitized, href),
    [blog.description_sanitized, href],
  );
  const descriptionRef = useRef<HTMLDivElement>(null);
  const [truncated, setTruncated] = useState(false);

  useLayoutEffect(() => {
    const el = descriptionRef.current;
    if (el) setTruncated(el.scrollHeight > el.clientHeight + 1);
  }, [descriptionHtml]);

  const background = safeColor(theme.background_color) ?? '#ffffff';
  const style = {
    '--card-bg': background,
    '--card-fg': accessibleTextOn(background),
    '--card-title': themeColorOn(theme.title_color, background, 3), // 20px bold counts as large text
    '--card-link': themeColorOn(theme.link_color, background, 4.5),
    '--card-title-font': safeFontFamily(theme.title_font) ? `"${safeFontFamily(theme.title_font)}", var(--_font)` : 'var(--_font)',
    '--card-title-weight': String(titleFontWeight(theme)),
  } as CSSProperties;
  const header = headerImage(theme);
  const showAvatar = theme.show_avatar !== false;
  const showTitle = theme.show_title !== false;
  const showDescription = theme.show_description !== false && String(descriptionHtml).trim() !== '';
  const posts = blog.highlighted_posts.slice(0, 4);
  const titleId = `card-title-${blog.name}`;

  return (
    <article className="body" style={style} aria-labelledby={titleId}>
      <div className={`header${header ? '' : ' header--plain'}`} part="header">
        {header && (
          <img
            src={header.url}
            alt=""
            className={`header__image${header.stretch ? '' : ' is-natural'}`}
            width={header.width}
            height={header.height}
            decoding="async"
          />
        )}
      </div>
      <div className="identity">
        {showAvatar && (
          <a href={href} className="avatar-link" tabIndex={-1} aria-hidden="true">
            <Avatar
              name={blog.name}
              size={64}
              shape={theme.avatar_shape}
              decorative
              part="avatar"
              avatar_url={blog.avatar_url}
              avatar_url_48={blog.avatar_url_48}
              avatar_url_128={blog.avatar_url_128}
            />
          </a>
        )}
        <h2 className={`title${showTitle ? '' : ' tl-visually-hidden'}`} id={titleId} part="title">
          <a href={href}>{blog.title}</a>
        </h2>
        {showDescription && (
          <div
            className={`description${truncated ? ' description--truncated' : ''}`}
            ref={descriptionRef}
            part="description"
            dangerouslySetInnerHTML={{ __html: descriptionHtml }}
          />
        )}
        <p className="address" part="address">
          <span className="name">{blog.name}</span>
          <span className="full-address">{fullAddress(blog)}</span>
        </p>
        {marks.length > 0 && (
          <ul className="marks" part="marks" aria-label={`Marks on ${blog.name}`}>
            {marks.map((mark) => (
              <li key={mark} className={`mark mark--${mark}`}>
                {PUBLIC_MARK_LABELS[mark]}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="actions" part="actions">
        {showFollow && (
          <FollowButton blogName={blog.name} following={blog.following} busy={busy} onToggle={onToggleFollow} part="follow-button" />
        )}
        <MenuButton label={`More options for ${blog.name}`} items={menuItems} part="menu-button" onOpenChange={onMenuOpenChange} />
      </div>
      {staff}
      {/* Shown here, said through the card's live region (useSaidNotice). */}
      <p className="notice">{notice}</p>
      {showHighlightedStrip(blog.highlighted_posts) && (
        <ul className="strip" part="posts" aria-label={`Recent posts from ${blog.name}`}>
          {posts.map((post) => {
            const link = safeLinkUrl(post.post_url);
            const thumb = safeImageUrl(post.thumbnail_url);
            const label = post.summary || `${post.type} post`;
            return (
              <li key={post.id}>
                <a href={link} className="strip__post" title={label}>
                  {thumb ? <img src={thumb} alt={label} loading="lazy" decoding="async" /> : <span className="strip__text">{label}</span>}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}
