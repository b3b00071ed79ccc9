/**
 * `content_stats` of /svc/post/update (authoring spec §3 form model `contentStats`, §7): the spec
 * names the field and gives no shape, so the shape is ours (README, "Save payload"): what the post's
 * own words hold, counted from the fields the blogger wrote (not a reblogged post's), as JSON
 * `{"words":n,"characters":n,"images":n,"links":n,"videos":n}`. Counting by pattern is enough for
 * statistics; nothing here parses HTML for display. Pure: no DOM, no React.
 */
import type { PostType } from '../../../src/models/post-types';

/** The fields of the post form model (./post.ts) that are counted; declared here so the two do not import each other. */
export interface CountedPost {
  type: PostType;
  title: string;
  body: string;
  caption: string;
  photos: readonly { url: string; caption: string }[];
  quote: string;
  source: string;
  url: string;
  excerpt: string;
  chat: string;
  embedCode: string;
  preuploadUrl: string;
  ask: string;
  answer: string;
}

export interface ContentStats {
  words: number;
  characters: number;
  images: number;
  links: number;
  videos: number;
}

/** The text of the fields a blogger writes, per type (the media fields count as media, not words). */
function writtenText(post: CountedPost): string[] {
  switch (post.type) {
    case 'text':
      return [post.title, post.body];
    case 'photo':
      return [post.caption, ...post.photos.map((p) => p.caption)];
    case 'quote':
      return [post.quote, post.source];
    case 'link':
      return [post.title, post.caption, post.excerpt];
    case 'chat':
      return [post.title, post.chat];
    case 'audio':
    case 'video':
      return [post.caption];
    case 'note':
      return [post.ask, post.answer, post.caption];
  }
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

export function contentStats(post: CountedPost): ContentStats {
  const html = writtenText(post).join('\n');
  // Markup and entities are not words: "<p>a&nbsp;b</p>" is two words, three characters ("a b").
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const images = count(html, /<img\b/gi) + (post.type === 'photo' ? post.photos.filter((p) => p.url.trim()).length : 0);
  const links =
    count(html, /<a\b[^>]*\bhref=/gi) +
    count(html.replace(/<[^>]*>/g, ' '), /\bhttps?:\/\/\S+/gi) +
    (post.type === 'link' && post.url.trim() ? 1 : 0);
  const hasVideo = post.type === 'video' && (post.embedCode.trim() !== '' || post.preuploadUrl.trim() !== '');
  return {
    words: text === '' ? 0 : text.split(' ').length,
    characters: text.length,
    images,
    links,
    videos: count(html, /<(video|iframe)\b/gi) + (hasVideo ? 1 : 0),
  };
}
