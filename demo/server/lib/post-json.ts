/**
 * A post as JSON for the clients that render posts themselves (<peepr-drawer>, blog search): the
 * spec's "Peepr response" post fields, the fields post actions read (authoring spec §3), and the
 * type-specific content the dashboard renderer also reads.
 */
import type { Db } from '../db/index';
import { followState } from './blogs';
import { SAMPLE_MEDIA } from './media';
import { parseContent, parseTags, postUrl } from './posts';
import type { PostRow, SessionInfo } from './types';

const PHOTO_WIDTHS = [250, 400, 540] as const;

function photosOf(content: Record<string, unknown>) {
  const list = Array.isArray(content.photos) ? (content.photos as Record<string, unknown>[]) : [];
  return list
    .filter((p) => typeof p?.url === 'string' && p.url !== '')
    .map((p) => {
      const width = typeof p.width === 'number' ? p.width : 640;
      const height = typeof p.height === 'number' ? p.height : 480;
      const url = p.url as string;
      return {
        original_size: { url, width, height },
        // The demo's pictures are SVG: every size is the same file, announced at its width.
        alt_sizes: PHOTO_WIDTHS.filter((w) => w < width).map((w) => ({ url, width: w, height: Math.round((height * w) / width) })),
        caption: typeof p.caption === 'string' ? p.caption : '',
        alt: typeof p.alt === 'string' ? p.alt : '',
      };
    });
}

/** Reads the viewer's state of many posts in two queries. */
export function viewerState(db: Db, session: SessionInfo, ids: number[]): { liked: Set<number>; reblogged: Set<number> } {
  if (!session.user || ids.length === 0) return { liked: new Set(), reblogged: new Set() };
  const marks = ids.map(() => '?').join(',');
  const liked = db.prepare(`SELECT post_id FROM likes WHERE user_name = ? AND post_id IN (${marks})`).all(session.name, ...ids) as {
    post_id: number;
  }[];
  const own = session.blogs.map(() => '?').join(',');
  const reblogged = db
    .prepare(`SELECT DISTINCT reblog_of FROM posts WHERE reblog_of IN (${marks}) AND blog_name IN (${own})`)
    .all(...ids, ...session.blogs) as { reblog_of: number }[];
  return { liked: new Set(liked.map((r) => r.post_id)), reblogged: new Set(reblogged.map((r) => r.reblog_of)) };
}

export function postJson(
  db: Db,
  origin: string,
  row: PostRow,
  session: SessionInfo,
  state: { liked: Set<number>; reblogged: Set<number> },
) {
  let content = parseContent(row);
  // Seeded video posts have no files: they play the local sample, as on the dashboard.
  if (row.type === 'video' && !content.video_url && !content.embed_src)
    content = { ...content, video_url: SAMPLE_MEDIA.sd, hd_url: SAMPLE_MEDIA.hd, thumbnail_url: SAMPLE_MEDIA.poster };
  const blogRow = db.prepare('SELECT uuid FROM blogs WHERE name = ?').get(row.blog_name) as { uuid: string } | undefined;
  const source =
    row.reblog_of !== null
      ? (db.prepare('SELECT id, blog_name, reblog_of FROM posts WHERE id = ?').get(row.reblog_of) as
          Pick<PostRow, 'id' | 'blog_name' | 'reblog_of'> | undefined)
      : undefined;
  const following = session.primaryBlog ? followState(db, session.primaryBlog, row.blog_name).following : false;
  return {
    id: String(row.id),
    post_id: String(row.id),
    root_id: String(source?.reblog_of ?? source?.id ?? row.id),
    reblog_key: row.reblog_key,
    type: row.type,
    tumblelog_name: row.blog_name,
    tumblelog: row.blog_name,
    tumblelog_key: row.reblog_key,
    tumblelog_uuid: blogRow?.uuid ?? '',
    post_url: postUrl(origin, row),
    post_tiny_url: `${origin}/p/${row.id}`,
    timestamp: row.timestamp,
    note_count: row.note_count,
    tags: parseTags(row.tags),
    is_nsfw: row.is_nsfw === 1,
    state: row.state,
    liked: state.liked.has(row.id),
    reblogged: state.reblogged.has(row.id),
    is_mine: session.blogs.includes(row.blog_name),
    following,
    ...(source
      ? {
          reblog_source: {
            name: source.blog_name,
            following: session.primaryBlog ? followState(db, session.primaryBlog, source.blog_name).following : false,
          },
        }
      : {}),
    photos: photosOf(content),
    content,
  };
}
