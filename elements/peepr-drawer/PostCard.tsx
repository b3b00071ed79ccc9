/**
 * One post in the drawer, rendered from the API (every type), with its action bar. Everything the
 * server sent is text: React escapes it; links and images go through the URL allow-lists.
 */
import { memo, useState } from 'react';
import type { DrawerPost } from './model/rules';
import { photoSizeFor } from './model/rules';
import { safeImageUrl, safeLinkUrl } from '../../src/models/urls';
import { Carousel } from './Carousel';
import { Tags } from './Tags';
import { formatCount } from '../../src/models/count-text';

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function Paragraphs({ text, className }: { text: string; className: string }) {
  const parts = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  return (
    <div className={className}>
      {parts.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export type PostAction = 'like' | 'reblog' | 'reply' | 'share' | 'delete';

interface PostCardProps {
  post: DrawerPost;
  /** The post j/k are on. */
  active: boolean;
  /** 1-based position, for the accessible name and the feed. */
  position: number;
  /** How many posts the feed holds, -1 while more may come. */
  setSize: number;
  busy: PostAction | null;
  status: string;
  loggedIn: boolean;
  onAction: (action: PostAction, post: DrawerPost) => void;
  onOpenBlog: (blogName: string) => void;
  onTag: (tag: string) => void;
  onReply: (post: DrawerPost, text: string) => Promise<boolean>;
}

/**
 * Memoised: scrolling re-renders the drawer every frame, and a post whose props did not change
 * (the handlers are stable) is not rendered again.
 */
export const PostCard = memo(function PostCard({
  post,
  active,
  position,
  setSize,
  busy,
  status,
  loggedIn,
  onAction,
  onOpenBlog,
  onTag,
  onReply,
}: PostCardProps) {
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const from = str(post.content.reblogged_from) || post.reblog_source?.name || '';
  const titleId = `post-${post.id}-title`;
  return (
    <article
      className={`post post--${post.type}${active ? ' is-active' : ''}`}
      part="post"
      data-post-id={post.id}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={setSize}
      tabIndex={-1}
    >
      <header className="post__header">
        <h3 id={titleId} className="post__title">
          <span className="tl-visually-hidden">Post {position}: </span>
          {post.tumblelog_name}
          <span className="post__type"> · {post.type === 'answer' ? 'ask' : post.type}</span>
        </h3>
        {from && (
          <p className="post__reblog">
            <span aria-hidden="true">↻ </span>reblogged from{' '}
            <button type="button" className="link-button" onClick={() => onOpenBlog(from)}>
              {from}
            </button>
          </p>
        )}
      </header>
      <div className="post__body">
        {post.is_nsfw && <p className="post__nsfw">Flagged as sensitive by its author.</p>}
        <PostBody post={post} />
        {str(post.content.comment) && <Paragraphs text={str(post.content.comment)} className="post__comment" />}
      </div>
      {post.tags.length > 0 && <Tags tags={post.tags} onTag={onTag} />}
      <footer className="post__footer" part="actions">
        <span className="post__notes">
          {formatCount(post.note_count)} note{post.note_count === 1 ? '' : 's'}
        </span>
        <span className="post__actions">
          {loggedIn && (
            <button type="button" className="action" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
              Reply
            </button>
          )}
          <button
            type="button"
            id={`peepr-share-${post.id}`}
            className="action"
            aria-haspopup="dialog"
            onClick={() => onAction('share', post)}
          >
            Share
          </button>
          {loggedIn && post.is_mine && (
            <button type="button" className="action" aria-busy={busy === 'delete' || undefined} onClick={() => onAction('delete', post)}>
              Delete
            </button>
          )}
          {loggedIn && (
            <button
              type="button"
              className={`action action--reblog${post.reblogged ? ' is-on' : ''}`}
              aria-busy={busy === 'reblog' || undefined}
              onClick={() => onAction('reblog', post)}
            >
              {post.reblogged ? 'Reblogged' : 'Reblog'}
            </button>
          )}
          {loggedIn && !post.is_mine && (
            <button
              type="button"
              className={`action action--like${post.liked ? ' is-on' : ''}`}
              aria-pressed={post.liked}
              aria-label={`Like post by ${post.tumblelog_name}`}
              onClick={() => onAction('like', post)}
            >
              <span aria-hidden="true">{post.liked ? '♥' : '♡'}</span> Like
            </button>
          )}
        </span>
      </footer>
      {replying && (
        <form
          className="post__reply"
          onSubmit={(e) => {
            e.preventDefault();
            const text = reply.trim();
            if (!text) return;
            void onReply(post, text).then((ok) => {
              if (ok) {
                setReply('');
                setReplying(false);
              }
            });
          }}
        >
          <label className="tl-visually-hidden" htmlFor={`reply-${post.id}`}>
            Reply to {post.tumblelog_name}
          </label>
          <input
            id={`reply-${post.id}`}
            className="tl-input"
            value={reply}
            maxLength={475}
            placeholder="Unleash a compliment…"
            onChange={(e) => setReply(e.target.value)}
            autoFocus
          />
          <button type="submit" className="tl-button" disabled={!reply.trim()}>
            Reply
          </button>
        </form>
      )}
      {/* Not live: a virtualised row may unmount as it scrolls. The drawer says it (useSay). */}
      <p className="post__status">{status}</p>
    </article>
  );
});

function PostBody({ post }: { post: DrawerPost }) {
  const c = post.content;
  switch (post.type) {
    case 'text':
      return (
        <>
          {str(c.title) && <h4 className="post__heading">{str(c.title)}</h4>}
          <Paragraphs text={str(c.body)} className="post__text" />
        </>
      );
    case 'photo':
      return (
        <>
          {post.photos.length > 1 ? (
            <Carousel photos={post.photos} label={`Photos by ${post.tumblelog_name}`} />
          ) : (
            post.photos.map((p, i) => {
              const size = photoSizeFor(p, 540);
              const src = safeImageUrl(size.url);
              return src ? (
                <img
                  key={i}
                  className="post__photo"
                  src={src}
                  alt={p.alt || p.caption || ''}
                  width={size.width || 540}
                  height={size.height || 405}
                  loading="lazy"
                />
              ) : null;
            })
          )}
          <Paragraphs text={str(c.caption)} className="post__caption" />
        </>
      );
    case 'quote':
      return (
        <>
          <blockquote className="post__quote">
            <p>“{str(c.text)}”</p>
          </blockquote>
          {str(c.source) && <p className="post__source">— {str(c.source)}</p>}
        </>
      );
    case 'link': {
      const href = safeLinkUrl(str(c.url));
      const thumb = safeImageUrl(str(c.thumbnail_url));
      return (
        <>
          <div className="post__link">
            {thumb && <img className="post__link-thumb" src={thumb} alt="" width={540} height={405} loading="lazy" />}
            {href ? (
              <a href={href} rel="noopener nofollow" target="_blank">
                {str(c.title) || href} <span aria-hidden="true">→</span>
              </a>
            ) : (
              <span>{str(c.title)}</span>
            )}
            {href && <span className="post__host">{hostOf(href)}</span>}
          </div>
          <Paragraphs text={str(c.description)} className="post__caption" />
        </>
      );
    }
    case 'chat': {
      const lines = Array.isArray(c.dialogue) ? (c.dialogue as Record<string, unknown>[]) : [];
      return (
        <>
          {str(c.title) && <h4 className="post__heading">{str(c.title)}</h4>}
          <ul className="post__chat">
            {lines.map((l, i) => (
              <li key={i}>
                <strong>{str(l.label)}</strong> {str(l.phrase)}
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'audio': {
      const art = safeImageUrl(str(c.album_art));
      const src = safeLinkUrl(str(c.audio_url));
      return (
        <>
          <div className="post__audio">
            {art && <img src={art} alt="" width={96} height={96} loading="lazy" />}
            <div>
              <strong>{str(c.track_name) || 'Untitled track'}</strong>
              <span>{str(c.artist)}</span>
              <span>{str(c.album)}</span>
            </div>
          </div>
          {src && <audio controls preload="none" src={src} />}
          <Paragraphs text={str(c.caption)} className="post__caption" />
        </>
      );
    }
    case 'video': {
      const src = safeLinkUrl(str(c.video_url));
      const embed = safeLinkUrl(str(c.embed_src));
      return (
        <>
          {src ? (
            <video-player
              src={src}
              hd-url={safeLinkUrl(str(c.hd_url)) ?? ''}
              poster={safeImageUrl(str(c.thumbnail_url)) ?? ''}
              post-id={post.id}
              blog-name={post.tumblelog_name}
              autoplay
              loop
              width={str(c.width) || '640'}
              height={str(c.height) || '360'}
            />
          ) : embed ? (
            <a className="post__embed" href={embed} rel="noopener nofollow" target="_blank">
              ▶ Watch the video <span className="post__host">{hostOf(embed)}</span>
            </a>
          ) : (
            <p className="post__missing">This video is not available.</p>
          )}
          <Paragraphs text={str(c.caption)} className="post__caption" />
        </>
      );
    }
    case 'answer':
      return (
        <>
          <div className="post__question">
            <span>{str(c.asking_name) || 'Anonymous'} asked:</span>
            <p>{str(c.question)}</p>
          </div>
          <Paragraphs text={str(c.answer)} className="post__text" />
        </>
      );
    default:
      return <Paragraphs text={str(c.body) || str(c.caption)} className="post__text" />;
  }
}
