/**
 * The links of a text message (messaging spec §3 Message: `content.formatting`, a list of
 * `{ type, position: { start, end }, attributes }` whose link attributes are `url`, `blog_name`,
 * `post_id` and `messaging_blog_name`). Pure: the formatting is read defensively (a range outside
 * the text, overlapping another or backwards is dropped, a malformed blog name or post id too), and
 * the text is cut into plain and linked pieces. What each link points at is decided here; the
 * URL policy (src/models/urls.ts) still judges every address before it reaches an href.
 */
import { isRecord } from '../../models/record';
import { isBlogName, isPostId } from '../../models/names';

export interface MessageLink {
  /** Offsets into the text, in UTF-16 code units as JavaScript strings count them; end excluded. */
  start: number;
  end: number;
  url?: string;
  blogName?: string;
  postId?: string;
  /** A link that opens a conversation with this blog. */
  messagingBlogName?: string;
}

export interface TextPiece {
  text: string;
  link?: MessageLink;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const offset = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** The usable links of a message's formatting list, in order, none overlapping. */
export function parseMessageLinks(formatting: unknown, text: string): MessageLink[] {
  if (!Array.isArray(formatting)) return [];
  const links: MessageLink[] = [];
  for (const item of formatting) {
    if (!isRecord(item) || String(item.type).toLowerCase() !== 'link') continue;
    const position = isRecord(item.position) ? item.position : {};
    const start = offset(position.start);
    const end = offset(position.end);
    if (start === undefined || end === undefined || start >= end || end > text.length) continue;
    const a = isRecord(item.attributes) ? item.attributes : {};
    const blogName = str(a.blog_name);
    const postId = str(a.post_id);
    const messagingBlogName = str(a.messaging_blog_name);
    const url = str(a.url);
    if ((blogName && !isBlogName(blogName)) || (postId && !isPostId(postId)) || (messagingBlogName && !isBlogName(messagingBlogName)))
      continue;
    if (postId && !blogName) continue;
    if (!url && !blogName && !messagingBlogName) continue;
    links.push({
      start,
      end,
      ...(url ? { url } : {}),
      ...(blogName ? { blogName } : {}),
      ...(postId ? { postId } : {}),
      ...(messagingBlogName ? { messagingBlogName } : {}),
    });
  }
  links.sort((x, y) => x.start - y.start);
  // the first of two overlapping links wins
  return links.filter((link, i) => links.slice(0, i).every((earlier) => earlier.end <= link.start));
}

/** The text cut into plain and linked pieces (the pieces joined are the text). */
export function textPieces(text: string, links: readonly MessageLink[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const link of links) {
    if (link.start < at || link.end > text.length) continue;
    if (link.start > at) pieces.push({ text: text.slice(at, link.start) });
    pieces.push({ text: text.slice(link.start, link.end), link });
    at = link.end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at) });
  return pieces;
}
