/**
 * The drawer's blog header (messaging spec §3 "Peepr response" blog header, global_theme_params):
 * the theme as CSS custom properties, the header image, the avatar and its shape, the title in
 * the blog's font, the description, and follow / unfollow / subscribe. It fades out as the list
 * scrolls (fully at 2000 px).
 */
import { useMemo } from 'react';
import { sanitizeBlogDescription } from '../../src/core/blog-description';
import type { DrawerBlog } from './model/rules';
import { accessibleTextOn, safeColor, themeColorOn } from '../../src/models/colors';
import { safeFontFamily } from '../../src/models/urls';
import { headerImage, titleFontWeight } from '../../src/models/blog-theme';
import { Avatar } from '../../src/ui/Avatar';
import { FollowButton } from '../../src/ui/FollowButton';
import { MenuButton } from '../../src/ui/MenuButton';

/**
 * The blog's theme as CSS custom properties, every colour kept readable: the title (large text,
 * 3:1) and links (4.5:1) on the blog's background, links in posts on the white cards too.
 */
export function themeStyle(blog: DrawerBlog | null): Record<string, string> {
  const t = blog?.global_theme_params ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const bg = safeColor(text(t.background_color)) ?? '#ffffff';
  const out: Record<string, string> = {
    '--peepr-background': bg,
    '--peepr-text': accessibleTextOn(bg),
    '--peepr-title': themeColorOn(text(t.title_color), bg, 3),
    '--peepr-link': themeColorOn(text(t.link_color), bg, 4.5),
    '--peepr-post-link': themeColorOn(text(t.link_color), '#ffffff', 4.5),
    '--peepr-title-weight': String(titleFontWeight(t)),
  };
  const font = safeFontFamily(text(t.title_font));
  if (font) out['--peepr-title-font'] = `"${font}"`;
  return out;
}

interface BlogHeaderProps {
  blog: DrawerBlog;
  opacity: number;
  loggedIn: boolean;
  following: boolean;
  subscribed: boolean;
  busy: boolean;
  onFollow: () => void;
  onSubscribe: () => void;
  onBlock: () => void;
  /** What the last header action said ("bob is blocked."). */
  notice: string;
  titleId: string;
}

export function DrawerBlogHeader({
  blog,
  opacity,
  loggedIn,
  following,
  subscribed,
  busy,
  onFollow,
  onSubscribe,
  onBlock,
  notice,
  titleId,
}: BlogHeaderProps) {
  const t = blog.global_theme_params;
  const image = headerImage(t);
  const description = useMemo(
    () => (t.show_description !== false && blog.description ? sanitizeBlogDescription.trusted(blog.description, blog.url) : ''),
    [blog.description, blog.url, t.show_description],
  );
  const shape = t.avatar_shape === 'square' ? 'square' : 'circle';
  return (
    // Not a <header>: inside the dialog it would be a second banner landmark beside the page's own.
    <div className="blog-header" part="header" style={{ opacity: String(opacity) }}>
      {image && (
        <img
          className={`blog-header__image${image.stretch ? '' : ' is-natural'}`}
          src={image.url}
          alt=""
          width={image.width}
          height={image.height}
        />
      )}
      <div className="blog-header__body">
        {t.show_avatar !== false && <Avatar name={blog.name} size={96} shape={shape} decorative avatar_url={blog.avatar_url} />}
        <h2 id={titleId} className="blog-header__title" tabIndex={-1}>
          {t.show_title !== false && blog.title ? blog.title : blog.name}
        </h2>
        <p className="blog-header__name">{blog.name}</p>
        {description && <div className="blog-header__description" dangerouslySetInnerHTML={{ __html: description }} />}
        {loggedIn && !blog.is_mine && (
          <div className="blog-header__actions">
            <FollowButton blogName={blog.name} following={following} busy={busy} onToggle={onFollow} part="follow" />
            {following && (
              <button type="button" className="tl-button is-secondary" aria-pressed={subscribed} onClick={onSubscribe}>
                {subscribed ? 'Subscribed' : 'Subscribe'}
              </button>
            )}
            <MenuButton
              label={`More about ${blog.name}`}
              icon="⋯"
              placement="bottom-end"
              part="blog-menu"
              items={[{ id: 'block', label: `Block ${blog.name}`, danger: true, onSelect: onBlock }]}
            />
          </div>
        )}
        {/* Shown here, said through the drawer's live region (useSaidNotice). */}
        <p className="blog-header__notice">{notice}</p>
      </div>
    </div>
  );
}
