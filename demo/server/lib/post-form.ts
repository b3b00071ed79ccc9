/**
 * Between the post form model (elements/post-composer/model/post.ts) and a stored post row: what a saved form
 * becomes in `posts.content` / `posts.options` (the shapes the page renderers read), and the form
 * fields /svc/post/fetch gives back for an edit.
 */
import { extractEmbedSrc } from '../../../elements/post-composer/model/embed';
import { stillImageTime } from '../../../elements/post-composer/model/live-photo';
import { SAMPLE_MEDIA } from './media';
import { DEMOTUBE } from './demotube';
import {
  POST_STATES,
  editorTypeFromCode,
  editorTypeToCode,
  stateToCode,
  toServerType,
  type PostModel,
  type PostState,
} from '../../../elements/post-composer/model/post';
import { photosetLayout } from '../../../elements/post-composer/model/photoset-layout';
import { type PostType } from '../../../src/models/post-types';
import { parseContent, parseTags } from './posts';
import type { PostRow } from './types';

/** Stored type names: the demo keeps `answer` for the note type. */
export function storedType(type: PostType): string {
  return type === 'note' ? 'answer' : type;
}

/** Chat lines "label: phrase" → the dialogue list the renderer shows. */
function dialogue(chat: string): { label: string; phrase: string }[] {
  return chat
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at > 0 && at < 40 ? { label: `${line.slice(0, at).trim()}:`, phrase: line.slice(at + 1).trim() } : { label: '', phrase: line };
    });
}

/** What the renderers read, per type (see demo/pages/post-content.ts). */
export function contentFromForm(post: PostModel): Record<string, unknown> {
  switch (post.type) {
    case 'text':
      // The body is stored as written (HTML, or Markdown); the pages render it through lib/post-html.ts.
      return { title: post.title, body: post.body, editor_type: post.editorType };
    case 'photo':
      return {
        photos: post.photos.map((p) => ({
          url: p.url,
          caption: p.caption,
          alt: p.caption,
          ...(p.livephotoUrl ? { livephoto_url: p.livephotoUrl, livephoto_still_image_time: p.livephotoStillImageTime ?? 0 } : {}),
        })),
        caption: post.caption,
        linkthrough: post.linkthrough,
        layout: photosetLayout(post.layout, post.photos.length),
      };
    case 'quote':
      return { text: post.quote, source: post.source };
    case 'link':
      return {
        url: post.url,
        title: post.title,
        description: post.caption,
        excerpt: post.excerpt,
        author: post.author,
        thumbnail_url: post.thumbnail,
      };
    case 'chat':
      return { title: post.title, chat: post.chat, dialogue: dialogue(post.chat) };
    case 'audio':
      return {
        audio_url: post.preuploadUrl.trim() || post.url,
        track_name: post.trackTitle,
        artist: post.trackArtist,
        album: post.trackAlbum,
        album_art: post.albumArt,
        caption: post.caption,
        plays: 0,
      };
    case 'video': {
      // An uploaded file plays in <video-player>; a link to the demo's sample service becomes its
      // player page (what get_video_data answers); other embed code keeps its first http(s) source.
      if (post.preuploadUrl.trim()) return { embed_code: '', video_url: post.preuploadUrl.trim(), embed_src: '', caption: post.caption };
      const code = post.embedCode.trim();
      const sample = /^https?:\/\/[^/\s]+\/demotube\/watch\/([\w-]+)$/.exec(code)?.[1];
      if (sample && DEMOTUBE[sample])
        return {
          embed_code: code,
          video_url: '',
          embed_src: `/demotube/embed/${sample}`,
          thumbnail_url: sample === 'no-thumbnail' ? '' : SAMPLE_MEDIA.poster,
          caption: post.caption,
        };
      const direct = /^https?:\/\//i.test(code);
      const src = direct ? '' : (extractEmbedSrc(code) ?? '');
      return { embed_code: code, video_url: direct ? code : '', embed_src: /^https?:\/\//i.test(src) ? src : '', caption: post.caption };
    }
    case 'note':
      return {
        question: post.ask,
        answer: post.answer,
        caption: post.caption,
        asking_name: 'Anonymous',
        asking_url: null,
        anonymous: true,
      };
  }
}

/** The post's options column: everything the form sets that the renderers do not read. */
export function optionsFromForm(post: PostModel): Record<string, unknown> {
  return {
    source_url: post.sourceUrl,
    editor_type: post.editorType,
    allow_answers: post.allow_answers,
    allow_photo_replies: post.allow_photo_replies,
    members_only: post.members_only,
    can_be_liked: post.canBeLiked,
    can_be_reblogged: post.canBeReblogged,
    carousel_display: post.carouselDisplay,
    carousel_link_url: post.carouselLinkUrl,
    send_to_twitter: post.sendToTwitter,
    custom_tweet: post.customTweet,
    send_to_fbog: post.sendToFacebook,
    // Kept as sent, for the record (the demo renders none of them): §7's remaining update fields.
    carousel_index: post.carouselIndex,
    preuploaded_ch: post.preuploadKey,
    artwork_pre_upload: post.preuploadAlbumArt,
  };
}

export function parseOptions(row: Pick<PostRow, 'options'>): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(row.options);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** /svc/post/fetch's `post`: the form fields of a stored post (read back by postFromServer). */
export function formFromRow(row: PostRow): Record<string, unknown> {
  const c = parseContent(row);
  const o = parseOptions(row);
  const base = {
    id: String(row.id),
    type: toServerType(row.type === 'answer' ? 'note' : (row.type as PostType)),
    // The client's own table (spec §4): one place for the codes both sides speak.
    state: (POST_STATES as readonly string[]).includes(row.state) ? stateToCode(row.state as PostState) : '0',
    publish_on: row.publish_on,
    tags: parseTags(row.tags),
    tumblelog: row.blog_name,
    slug: row.slug,
    reblog_key: row.reblog_key,
    is_reblog: row.reblog_of !== null,
    source_url: str(o.source_url),
    // The server's format codes 0, 1, 2 (spec §3); stored by name.
    editor_type: editorTypeToCode(editorTypeFromCode(o.editor_type)),
    allow_answers: o.allow_answers === true,
    members_only: o.members_only === true,
    owner_flagged_nsfw: row.is_nsfw === 1,
    can_be_liked: o.can_be_liked !== false,
    can_be_reblogged: o.can_be_reblogged !== false,
    allow_photo_replies: o.allow_photo_replies === true,
    carousel_display: o.carousel_display === true,
    carousel_link_url: str(o.carousel_link_url),
    // The post's own date, as the form's date field takes it (UTC).
    date: new Date(row.timestamp * 1000).toISOString().slice(0, 16),
  };
  if (row.reblog_of !== null)
    return {
      ...base,
      caption: str(c.comment),
      body: str(c.comment),
      reblog_source: str(c.reblogged_from),
      remove_reblog_tree: c.reblog_tree_removed === true,
    };
  switch (row.type) {
    case 'text':
      return { ...base, title: str(c.title), body: str(c.body) };
    case 'photo':
      return {
        ...base,
        photos: Array.isArray(c.photos)
          ? c.photos.map((p: Record<string, unknown>) => ({
              url: str(p.url),
              caption: str(p.caption),
              ...(str(p.livephoto_url)
                ? { livephoto_url: str(p.livephoto_url), livephoto_still_image_time: stillImageTime(p.livephoto_still_image_time) }
                : {}),
            }))
          : [],
        caption: str(c.caption),
        linkthrough: str(c.linkthrough),
        layout: str(c.layout),
      };
    case 'quote':
      return { ...base, quote: str(c.text), source: str(c.source) };
    case 'link':
      return {
        ...base,
        url: str(c.url),
        title: str(c.title),
        caption: str(c.description),
        excerpt: str(c.excerpt),
        author: str(c.author),
        thumbnail: str(c.thumbnail_url),
      };
    case 'chat': {
      const lines = Array.isArray(c.dialogue)
        ? (c.dialogue as Record<string, unknown>[]).map((l) => `${str(l.label)} ${str(l.phrase)}`.trim())
        : [];
      return { ...base, title: str(c.title), chat: str(c.chat) || lines.join('\n') };
    }
    case 'audio':
      return {
        ...base,
        url: str(c.audio_url),
        track_title: str(c.track_name),
        track_artist: str(c.artist),
        track_album: str(c.album),
        album_art: str(c.album_art),
        caption: str(c.caption),
      };
    case 'video':
      return { ...base, embed_code: str(c.embed_code) || str(c.video_url), caption: str(c.caption) };
    case 'answer':
      return { ...base, ask: str(c.question), answer: str(c.answer), caption: str(c.caption) };
    default:
      return base;
  }
}

/** Which context page a saved post belongs to (spec §3 post_context_page). */
export function contextPageOfState(state: string): string {
  if (state === 'draft') return 'drafts';
  if (state === 'queued' || state === 'scheduled') return 'queue';
  return 'dashboard';
}
