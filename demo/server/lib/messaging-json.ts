/** What the messaging endpoints answer: participants, messages and conversations as the client reads them. */
import type { Db } from '../db/index';
import { followState, getBlog, isBlocked, parseTheme } from './blogs';
import { avatarUrl, blogUrl } from './links';
import { parseContent, parseTags, postThumbnail, postUrl } from './posts';
import { messageFormatting } from './message-formatting';
import type { BlogRow, PostRow } from './types';
import type { ConversationRow, MessageRow, MessagingStore } from './messaging-store';

/**
 * Messaging spec §3 Post message content: the thumbnail a post type has (none for text, quote,
 * chat, answer) and, for photo posts, every photo with its original size and alt sizes.
 */
function postMedia(post: PostRow): Record<string, unknown> {
  const content = parseContent(post);
  const size = (url: string, width: number, height: number) => ({ url, width, height });
  if (post.type === 'photo' && Array.isArray(content.photos)) {
    const photos = (content.photos as { url?: unknown; width?: unknown; height?: unknown }[])
      .filter((p) => typeof p.url === 'string')
      .map((p) => {
        const width = typeof p.width === 'number' ? p.width : 640;
        const height = typeof p.height === 'number' ? p.height : 480;
        const url = p.url as string;
        return {
          original_size: size(url, width, height),
          alt_sizes: [500, 250, 100].map((w) => size(url, w, Math.round((height / width) * w))),
        };
      });
    const first = photos[0]?.original_size;
    return { photos, ...(first ? { thumbnail_url: first.url, thumbnail_width: first.width, thumbnail_height: first.height } : {}) };
  }
  if (post.type === 'video') return { thumbnail_url: postThumbnail(post), thumbnail_width: 640, thumbnail_height: 360 };
  if (post.type === 'audio') return { thumbnail_url: postThumbnail(post), thumbnail_width: 250, thumbnail_height: 250 };
  if (post.type === 'link' && typeof content.thumbnail_url === 'string' && content.thumbnail_url)
    return { thumbnail_url: content.thumbnail_url, thumbnail_width: 250, thumbnail_height: 250 };
  return {};
}

/** An image-post message (a GIF chosen in the search): the post shows the chosen picture. */
function imagePostMedia(origin: string, m: MessageRow): Record<string, unknown> {
  const original = { url: `${origin}${m.image_url}`, width: m.image_width ?? 0, height: m.image_height ?? 0 };
  return {
    type: 'photo',
    photos: [{ original_size: original, alt_sizes: [] }],
    thumbnail_url: original.url,
    thumbnail_width: original.width,
    thumbnail_height: original.height,
  };
}

export function messagingJson(db: Db, { q, partsOf }: MessagingStore) {
  const participantJson = (origin: string, blog: BlogRow, viewer: string) => {
    const theme = parseTheme(blog);
    const following = followState(db, viewer, blog.name);
    const followsYou = followState(db, blog.name, viewer);
    const since = (a: string, b: string) =>
      (
        db.prepare('SELECT created_ts FROM follows WHERE follower_blog = ? AND followed_blog = ?').get(a, b) as
          { created_ts: number } | undefined
      )?.created_ts;
    const now = Math.floor(Date.now() / 1000);
    const youSince = since(viewer, blog.name);
    const themSince = since(blog.name, viewer);
    return {
      uuid: blog.uuid,
      name: blog.name,
      url: blogUrl(origin, blog.name),
      title: blog.title,
      avatar_url: avatarUrl(blog.name, 128),
      avatar_shape: theme.avatar_shape,
      description: blog.description_sanitized,
      tags: parseTags(blog.tags),
      theme: {
        background_color: theme.background_color,
        link_color: theme.link_color,
        avatar_shape: theme.avatar_shape,
        header_image_focused: theme.header_image_focused,
        show_header_image: theme.show_header_image,
        show_description: theme.show_description,
      },
      can_receive_messages: blog.can_receive_messages === 1,
      is_messaging_bot: blog.is_messaging_bot === 1,
      is_following_blog: following.following,
      is_blog_following_you: followsYou.following,
      ...(youSince !== undefined ? { duration_following_blog: Math.max(0, now - youSince) } : {}),
      ...(themSince !== undefined ? { duration_blog_following_you: Math.max(0, now - themSince) } : {}),
    };
  };

  const messageJson = (origin: string, m: MessageRow) => {
    const sender = getBlog(db, m.sender_blog);
    const base = {
      id: String(m.id),
      conversation_id: m.conversation_id,
      type: m.type,
      ts: m.ts,
      participant: sender?.uuid ?? m.sender_blog,
      ...(m.client_id ? { client_id: m.client_id } : {}),
    };
    if (m.type === 'IMAGE') {
      const size = { url: m.image_url ?? '', width: m.image_width ?? 0, height: m.image_height ?? 0 };
      return { ...base, images: [{ original_size: size }], image: { original_size: size } };
    }
    if (m.type === 'POSTREF') {
      const post = m.post_id !== null ? (q.post.get(m.post_id) as PostRow | undefined) : undefined;
      return {
        ...base,
        post: post
          ? {
              id: String(post.id),
              type: post.type,
              summary: post.summary,
              state: post.state === 'published' ? 'published' : 'disabled',
              post_url: postUrl(origin, post),
              blog_name: post.blog_name,
              blog: { name: post.blog_name, uuid: getBlog(db, post.blog_name)?.uuid },
              ...(m.image_url ? imagePostMedia(origin, m) : postMedia(post)),
              is_nsfw: post.is_nsfw === 1,
            }
          : { id: String(m.post_id ?? 0), state: 'disabled', is_nsfw: false },
      };
    }
    const text = m.text ?? '';
    return { ...base, content: { text, formatting: messageFormatting(text, origin, (name) => getBlog(db, name) !== undefined) } };
  };

  const conversationJson = (origin: string, conv: ConversationRow, me: BlogRow) => {
    const parts = partsOf(conv.id);
    const mine = parts.find((p) => p.blog_name === me.name)!;
    const blogs = parts.map((p) => getBlog(db, p.blog_name)).filter((b): b is BlogRow => b !== undefined);
    const others = blogs.filter((b) => b.name !== me.name);
    const canSend = others.every((o) => o.can_receive_messages === 1 && !isBlocked(db, o.name, me.name) && !isBlocked(db, me.name, o.name));
    const unread = (q.unread.get(conv.id, me.name, Math.max(mine.last_read_ts, mine.deleted_ts ?? 0)) as { n: number }).n;
    return {
      id: conv.id,
      status: 'ACTIVE',
      last_modified_ts: conv.last_modified_ts,
      last_read_ts: mine.last_read_ts,
      participants: blogs.map((b) => participantJson(origin, b, me.name)),
      can_send: canSend,
      is_possible_spam: mine.is_possible_spam === 1,
      is_blurred_images: mine.images_unblurred !== 1 && others.some((o) => !followState(db, me.name, o.name).following),
      unread_messages_count: unread,
    };
  };

  return { participantJson, messageJson, conversationJson };
}
