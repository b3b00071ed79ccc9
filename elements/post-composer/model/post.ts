/**
 * The post form model (authoring spec §3 "Post (form model)", §4 "Post state values and server
 * codes", §5 "Post validation messages" and "Other post rules", §7 "Post form" calls). Pure: no DOM,
 * no React. The form component keeps one `PostModel` in state; everything it shows or sends is
 * derived here: defaults per type, the type check, validation with the spec's exact wording, the
 * state codes both ways and the /svc/post/update payload.
 */

import { stillImageTime } from './live-photo';
import { extractEmbedSrc, INVALID_EMBED_CODE } from './embed';
import { isPostType, type PostType } from '../../../src/models/post-types';
import { contentStats } from './content-stats';
import { photosetLayout } from './photoset-layout';

/** Server names: regular and conversation are the types text and chat (spec §3); `answer` is an older name of note. */
const SERVER_TYPE: Readonly<Record<PostType, string>> = {
  text: 'regular',
  photo: 'photo',
  quote: 'quote',
  link: 'link',
  chat: 'conversation',
  audio: 'audio',
  video: 'video',
  note: 'note',
};
export function toServerType(type: PostType): string {
  return SERVER_TYPE[type];
}
export function fromServerType(name: unknown): PostType | null {
  if (name === 'regular') return 'text';
  if (name === 'conversation') return 'chat';
  if (name === 'answer') return 'note';
  return isPostType(name) ? name : null;
}

// ---- editor types: the server sends format codes 0, 1, 2 ----
export const EDITOR_TYPES = ['rich', 'html', 'markdown'] as const;
export type EditorType = (typeof EDITOR_TYPES)[number];
export function editorTypeToCode(type: EditorType): 0 | 1 | 2 {
  return EDITOR_TYPES.indexOf(type) as 0 | 1 | 2;
}
export function editorTypeFromCode(code: unknown, fallback: EditorType = 'rich'): EditorType {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  if (n === 0 || n === 1 || n === 2) return EDITOR_TYPES[n];
  return typeof code === 'string' && (EDITOR_TYPES as readonly string[]).includes(code) ? (code as EditorType) : fallback;
}

// ---- states ----
export const POST_STATES = ['published', 'draft', 'queued', 'scheduled', 'private', 'unapproved', 'transcoding'] as const;
export type PostState = (typeof POST_STATES)[number];
/** What the state menu offers when writing (the rest only come back from the server). */
export const CHOOSABLE_STATES = ['published', 'queued', 'draft', 'scheduled', 'private'] as const satisfies readonly PostState[];

const STATE_CODE: Readonly<Record<PostState, string>> = {
  published: '0',
  draft: '1',
  queued: '2',
  scheduled: 'on.2',
  private: 'private',
  unapproved: '0 3',
  transcoding: '4',
};
export function stateToCode(state: PostState): string {
  return STATE_CODE[state];
}
/** Spec §4: 0 and "0 3" are published, 1 draft, 2 queued, 3 unapproved, 4 transcoding, on.2 scheduled. */
export function stateFromCode(code: unknown): PostState | null {
  const c = typeof code === 'number' ? String(code) : typeof code === 'string' ? code.trim() : '';
  switch (c) {
    case '0':
    case '0 3':
      return 'published';
    case '1':
      return 'draft';
    case '2':
      return 'queued';
    case '3':
      return 'unapproved';
    case '4':
      return 'transcoding';
    case 'on.2':
      return 'scheduled';
    case 'private':
      return 'private';
    default:
      return null;
  }
}
/**
 * A post date as seconds since 1970 (UTC), or null when it is not one: "YYYY-MM-DD HH:MM" or with a
 * T (the picker's), seconds optional, a real calendar day.
 */
export function parsePostDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, match[6] ? Number(match[6]) : 0);
  const back = new Date(ms);
  // 2026-02-30 is not a day (Date would roll it into March).
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return Math.floor(ms / 1000);
}

/**
 * A publish date as a datetime-local field shows it ("2026-12-01T09:00"): the server's may have a
 * space for the T and seconds. Anything else shows as empty (the field cannot show it).
 */
export function publishOnFieldValue(publishOn: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2})?$/.exec(publishOn.trim());
  return match ? `${match[1]}T${match[2]}` : '';
}

/** A published post flagged private shows as private; a queued one with a publish date as scheduled. */
export function displayState(state: PostState, flags: { isPrivate?: boolean; publishOn?: string }): PostState {
  if (state === 'published' && flags.isPrivate) return 'private';
  if (state === 'queued' && flags.publishOn) return 'scheduled';
  return state;
}

// ---- the model ----
export type PostMode = 'new' | 'edit' | 'reblog';

export interface PhotoItem {
  /** o1, o2 … (spec §3 Photo item). */
  id: string;
  url: string;
  caption: string;
  /** The live photo's video (spec §3; only with the `livephotos_web` flag), and the still's time in it, in seconds. */
  livephotoUrl?: string;
  livephotoStillImageTime?: number;
}

export interface PostModel {
  type: PostType;
  mode: PostMode;
  state: PostState;
  /** Date-time for a scheduled post ("YYYY-MM-DDTHH:mm", the picker's value). */
  publish_on: string;
  /** The post's own date (`post[date]`, §3 postDate): empty is now; an edit may move it. */
  postDate: string;
  tags: string[];
  /** The target blog. */
  tumblelog: string;
  customUrl: string;
  sourceUrl: string;
  carouselDisplay: boolean;
  carouselLinkUrl: string;
  editorType: EditorType;
  allow_photo_replies: boolean;
  allow_answers: boolean;
  members_only: boolean;
  owner_flagged_nsfw: boolean;
  canBeLiked: boolean;
  canBeReblogged: boolean;
  uploading: boolean;
  loading: boolean;
  hasLoadingInlineImages: boolean;
  sendToTwitter: boolean;
  customTweet: string;
  sendToFacebook: boolean;
  reblog_id: string;
  reblog_key: string;
  is_reblog: boolean;
  /** The blog a reblog is reblogged from (for an edit of a reblog, the one it was): sent as `reblog_source`. */
  reblogSource: string;
  /** Which slide of a carousel post is reblogged (§7 fetch and update `carousel_index`); 0 otherwise. */
  carouselIndex: number;
  /** A reblog (or an edit of one) without the reblogged post: only the blogger's own addition is kept. */
  removeReblogTree: boolean;
  postId: string;
  // text, link, chat
  title: string;
  // text
  body: string;
  // photo, link, audio, video, note
  caption: string;
  // photo
  layout: string;
  linkthrough: string;
  photos: PhotoItem[];
  // quote
  quote: string;
  source: string;
  // link
  url: string;
  excerpt: string;
  author: string;
  thumbnail: string;
  // chat
  chat: string;
  // audio (url shared with link)
  preuploadUrl: string;
  trackTitle: string;
  trackArtist: string;
  trackAlbum: string;
  albumArt: string;
  /** The album art's uploaded address, when it was uploaded here (sent as `artwork_pre_upload`). */
  preuploadAlbumArt: string;
  /** The album art the post had was removed (an edit): `remove_album_art`. */
  removeAlbumArt: boolean;
  confirmTos: boolean;
  /** §3 audio/video `copyrightFallback`: the spec gives no meaning and no control sets it; sent as 0. */
  copyrightFallback: boolean;
  // video
  embedCode: string;
  /** The uploaded video's media key from the upload's answer (sent as `preuploaded_ch`). */
  preuploadKey: string;
  /**
   * Where the audio or video comes from, as the form's choice says ("Embed or link" / "Upload a
   * video"); absent, it is an upload when there is one. Only the form's: never sent.
   */
  mediaSource?: 'url' | 'upload';
  // note
  ask: string;
  answer: string;
}

export function createPost(type: PostType, init: Partial<PostModel> = {}): PostModel {
  return {
    type,
    mode: 'new',
    state: 'published',
    publish_on: '',
    postDate: '',
    tags: [],
    tumblelog: '',
    customUrl: '',
    sourceUrl: '',
    carouselDisplay: false,
    carouselLinkUrl: '',
    editorType: 'rich',
    allow_photo_replies: false,
    allow_answers: false,
    members_only: false,
    owner_flagged_nsfw: false,
    canBeLiked: true,
    canBeReblogged: true,
    uploading: false,
    loading: false,
    hasLoadingInlineImages: false,
    sendToTwitter: false,
    customTweet: '',
    sendToFacebook: false,
    reblog_id: '',
    reblog_key: '',
    is_reblog: false,
    reblogSource: '',
    carouselIndex: 0,
    removeReblogTree: false,
    postId: '',
    title: '',
    body: '',
    caption: '',
    layout: '',
    linkthrough: '',
    photos: [],
    quote: '',
    source: '',
    url: '',
    excerpt: '',
    author: '',
    thumbnail: '',
    chat: '',
    preuploadUrl: '',
    trackTitle: '',
    trackArtist: '',
    trackAlbum: '',
    albumArt: '',
    preuploadAlbumArt: '',
    removeAlbumArt: false,
    confirmTos: false,
    copyrightFallback: false,
    embedCode: '',
    preuploadKey: '',
    ask: '',
    answer: '',
    ...init,
  };
}

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Spec §5: every field is checked against the type of its default. */
export function typeErrors(post: Record<string, unknown>): string[] {
  const defaults = createPost('text') as unknown as Record<string, unknown>;
  const errors: string[] = [];
  for (const [field, value] of Object.entries(defaults)) {
    if (!(field in post)) continue;
    const expected = typeName(value);
    const got = typeName(post[field]);
    if (expected !== got) errors.push(`Invalid "${field}" type. Expected ${expected}, got ${got}`);
  }
  return errors;
}

// ---- validation (spec §5, exact wording) ----
export const POST_MESSAGES = {
  invalidState: 'Invalid "state" value',
  pendingImages: 'There are still pending images',
  bodyEmpty: 'Post body empty',
  noPhotos: 'No photos specified',
  uploadsInProgress: 'Uploads in progress',
  noQuote: 'No quote',
  loadingOpenGraph: 'Loading OpenGraph data',
  noUrl: 'No url',
  invalidUrl: 'Not a valid URL',
  noChat: 'No chat',
  noAudio: 'Please choose an audio source before continuing',
  permission: 'You must agree that you have permission to share this file',
  noEmbed: 'No embed specified',
  directEmbedMissing: 'Direct embed missing',
  noVideo: 'No video specified',
  questionEmpty: 'Post question empty',
  tooManyPhotos: `At most ${10} photos per post`,
  noSchedule: 'Choose when to publish',
  invalidSourceUrl: 'Not a valid URL',
  /** The spec gives the limit (§5: 140, links as 29) and no text for it. */
  tweetTooLong: 'The custom tweet is longer than 140 characters',
  /** The spec names the field (post[date]) and no rule: a date and time the picker could give. */
  invalidPostDate: 'Not a valid date',
} as const;

export const MAX_PHOTOS = 10;
export const PHOTO_CAPTION_MAX = 200;
export const TWEET_MAX = 140;
export const TWEET_SHORT_URL_LENGTH = 29;

/** One problem, tied to the field it belongs to ('form' when it belongs to none). */
export interface PostProblem {
  field: keyof PostModel | 'form';
  message: string;
}

const blank = (s: string) => s.trim() === '';

/** The link URL rule: http or https, a host, an IP or localhost, optional port, path, query, hash. */
const LINK_URL =
  /^https?:\/\/(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9])(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;
export function isValidLinkUrl(url: string): boolean {
  return LINK_URL.test(url.trim());
}

/** Video: an embed is a pasted iframe/embed/object/script, or a URL of a page or file with the video. */
export function isDirectEmbed(code: string): boolean {
  return /^\s*https?:\/\//i.test(code);
}

/**
 * Everything that keeps the post from being sent, in the spec's words. A reblog carries the
 * reblog tree, so its own addition may be empty.
 */
export function validatePost(post: PostModel): PostProblem[] {
  const typeProblems = typeErrors(post as unknown as Record<string, unknown>);
  // A model with a field of the wrong type (a draft from an older version, a bad fetch) is not read further.
  if (typeProblems.length) return typeProblems.map((message) => ({ field: 'form', message }));
  const problems: PostProblem[] = [];
  if (!(POST_STATES as readonly string[]).includes(post.state)) problems.push({ field: 'state', message: POST_MESSAGES.invalidState });
  if (post.state === 'scheduled' && blank(post.publish_on)) problems.push({ field: 'publish_on', message: POST_MESSAGES.noSchedule });
  if (post.hasLoadingInlineImages) problems.push({ field: 'form', message: POST_MESSAGES.pendingImages });
  if (!blank(post.sourceUrl) && !isValidLinkUrl(withProtocol(post.sourceUrl)))
    problems.push({ field: 'sourceUrl', message: POST_MESSAGES.invalidSourceUrl });
  // §5: a URL with a protocol other than the allowed ones is an error (assertAllowedProtocol raises).
  if (post.carouselDisplay && !blank(post.carouselLinkUrl)) {
    try {
      assertAllowedProtocol(withProtocol(post.carouselLinkUrl));
    } catch (error) {
      if (!(error instanceof UnsupportedProtocolError)) throw error;
      problems.push({ field: 'carouselLinkUrl', message: error.message });
    }
  }
  if (!blank(post.postDate) && parsePostDate(post.postDate) === null)
    problems.push({ field: 'postDate', message: POST_MESSAGES.invalidPostDate });
  // Only a tweet that will be sent is held to the limit (one left over from an unticked box is not).
  if (post.sendToTwitter && tweetRemaining(post.customTweet) < 0)
    problems.push({ field: 'customTweet', message: POST_MESSAGES.tweetTooLong });
  const reblog = post.mode === 'reblog' || post.is_reblog;
  // A reblog's own addition may be empty: the reblogged post is the content. Without it (the tree
  // removed), the addition is all there is, so a text reblog is held to "Post body empty" (§5).
  if (reblog) {
    if (post.removeReblogTree && blank(post.body) && blank(post.title) && blank(post.caption))
      problems.push({ field: post.type === 'text' ? 'body' : 'caption', message: POST_MESSAGES.bodyEmpty });
    return problems;
  }
  switch (post.type) {
    case 'text':
      if (blank(post.body) && blank(post.title)) problems.push({ field: 'body', message: POST_MESSAGES.bodyEmpty });
      break;
    case 'photo':
      if (post.uploading) problems.push({ field: 'photos', message: POST_MESSAGES.uploadsInProgress });
      else if (post.photos.filter((p) => !blank(p.url)).length === 0) problems.push({ field: 'photos', message: POST_MESSAGES.noPhotos });
      else if (post.photos.length > MAX_PHOTOS) problems.push({ field: 'photos', message: POST_MESSAGES.tooManyPhotos });
      break;
    case 'quote':
      if (blank(post.quote)) problems.push({ field: 'quote', message: POST_MESSAGES.noQuote });
      break;
    case 'link':
      if (post.loading) problems.push({ field: 'url', message: POST_MESSAGES.loadingOpenGraph });
      else if (blank(post.url)) problems.push({ field: 'url', message: POST_MESSAGES.noUrl });
      else if (!isValidLinkUrl(post.url)) problems.push({ field: 'url', message: POST_MESSAGES.invalidUrl });
      break;
    case 'chat':
      if (blank(post.chat)) problems.push({ field: 'chat', message: POST_MESSAGES.noChat });
      break;
    case 'audio':
      if (post.uploading) problems.push({ field: 'url', message: POST_MESSAGES.uploadsInProgress });
      else if (blank(post.url) && blank(post.preuploadUrl)) problems.push({ field: 'url', message: POST_MESSAGES.noAudio });
      else if (!blank(post.preuploadUrl) && !post.confirmTos) problems.push({ field: 'confirmTos', message: POST_MESSAGES.permission });
      else if (!blank(post.url) && !isValidLinkUrl(post.url)) problems.push({ field: 'url', message: POST_MESSAGES.invalidUrl });
      break;
    case 'video':
      if (post.uploading) problems.push({ field: 'embedCode', message: POST_MESSAGES.uploadsInProgress });
      // Upload chosen and no file: the upload's own message, not the embed field's.
      else if (post.mediaSource === 'upload' && blank(post.preuploadUrl))
        problems.push({ field: 'embedCode', message: POST_MESSAGES.noVideo });
      else if (!blank(post.preuploadUrl)) {
        if (!post.confirmTos) problems.push({ field: 'confirmTos', message: POST_MESSAGES.permission });
      } else if (blank(post.embedCode)) problems.push({ field: 'embedCode', message: POST_MESSAGES.noEmbed });
      else if (isDirectEmbed(post.embedCode) && !isValidLinkUrl(post.embedCode))
        problems.push({ field: 'embedCode', message: POST_MESSAGES.directEmbedMissing });
      else if (!isDirectEmbed(post.embedCode) && extractEmbedSrc(post.embedCode) === null)
        problems.push({ field: 'embedCode', message: INVALID_EMBED_CODE });
      break;
    case 'note':
      if (blank(post.ask)) problems.push({ field: 'ask', message: POST_MESSAGES.questionEmpty });
      break;
  }
  return problems;
}

// ---- other post rules (§5) ----

/** Source URL and carousel link get http: when they have no protocol. */
export function withProtocol(url: string): string {
  const u = url.trim();
  if (u === '' || /^[a-z][a-z0-9+.-]*:/i.test(u)) return u;
  return u.startsWith('//') ? `http:${u}` : `http://${u}`;
}

/** Allowed URL protocols (§5); anything else is an error. */
export const ALLOWED_PROTOCOLS = ['http:', 'https:', 'tumblelog:', 'mailto:'] as const;
export class UnsupportedProtocolError extends Error {
  constructor(public readonly protocol: string) {
    super(`Unsupported URL protocol "${protocol}"`);
    this.name = 'UnsupportedProtocolError';
  }
}
export function assertAllowedProtocol(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:)/i.exec(url.trim());
  const protocol = match?.[1]?.toLowerCase() ?? 'http:';
  if (!(ALLOWED_PROTOCOLS as readonly string[]).includes(protocol)) throw new UnsupportedProtocolError(protocol);
  return url.trim();
}

/** The tweet without [[MORE]] and anything after it. */
export function tweetText(text: string): string {
  const at = text.indexOf('[[MORE]]');
  return (at === -1 ? text : text.slice(0, at)).trim();
}
const URL_IN_TEXT = /\bhttps?:\/\/\S+/gi;
/** Counted length: every link counts as the short link (29). */
export function tweetLength(text: string): number {
  const clean = tweetText(text);
  let length = clean.length;
  for (const m of clean.match(URL_IN_TEXT) ?? []) length += TWEET_SHORT_URL_LENGTH - m.length;
  return length;
}
export function tweetRemaining(text: string): number {
  return TWEET_MAX - tweetLength(text);
}

/** Tags are a list: a typed value adds the comma-separated parts that are new (case-insensitive), trimmed, without '#'. */
export function addTags(tags: readonly string[], typed: string): string[] {
  const out = [...tags];
  for (const raw of typed.split(',')) {
    const tag = raw.trim().replace(/^#+/, '').trim();
    if (tag && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  }
  return out;
}
export function joinTags(tags: readonly string[]): string {
  return tags.join(',');
}
export function splitTags(value: unknown): string[] {
  if (Array.isArray(value)) return addTags([], value.filter((t): t is string => typeof t === 'string').join(','));
  return typeof value === 'string' ? addTags([], value) : [];
}

/**
 * The photo list as the form keeps it: ids o1, o2 … in order, at most 10. The readers have already
 * checked each value (a still time through stillImageTime); this only numbers them.
 */
export function renumberPhotos(photos: readonly Omit<PhotoItem, 'id'>[]): PhotoItem[] {
  return photos.slice(0, MAX_PHOTOS).map((p, i) => ({
    url: p.url,
    caption: p.caption,
    id: `o${i + 1}`,
    ...(p.livephotoUrl ? { livephotoUrl: p.livephotoUrl, livephotoStillImageTime: p.livephotoStillImageTime ?? 0 } : {}),
  }));
}

/** Post fields compared for "changed since it opened" (the flags the form sets itself are left out). */
// The media source is a choice of the form's, not content: switching it alone changes nothing.
const TRANSIENT: readonly (keyof PostModel)[] = ['uploading', 'loading', 'hasLoadingInlineImages', 'mediaSource'];
export function postSnapshot(post: PostModel): string {
  const copy: Record<string, unknown> = { ...post };
  for (const key of TRANSIENT) delete copy[key];
  return JSON.stringify(copy);
}
export function isDirty(initial: PostModel, current: PostModel): boolean {
  return postSnapshot(initial) !== postSnapshot(current);
}

// ---- /svc/post/update (spec §7) ----

/** Where each type's main fields go: post[one], post[two], post[three]. */
export const POST_SLOTS: Readonly<Record<PostType, readonly [keyof PostModel | null, keyof PostModel | null, keyof PostModel | null]>> = {
  text: ['title', 'body', null],
  photo: [null, 'caption', 'linkthrough'],
  quote: ['quote', 'source', null],
  link: ['title', 'url', 'caption'],
  chat: ['title', 'chat', null],
  audio: ['url', 'caption', null],
  video: ['embedCode', 'caption', null],
  // The note's caption (§3) has no slot of its own in §7's list: the third slot is free.
  note: ['ask', 'answer', 'caption'],
};

export interface UpdateContext {
  /** The target blog's name (channel_id). */
  channelId: string;
  /** The page the form was opened on (dashboard, drafts, inbox, queue, tagged). */
  contextPage?: string;
  /** Who opened it (fast-compose, header …): the `pt` tracking value. */
  source?: string;
  /** What the context page is about (the tag of a tagged page, the blog of a blog page): `context_id`. */
  contextId?: string;
}

const flag = (b: boolean) => (b ? '1' : '0');

/** The photos a save sends: those with an address, numbered again, captions cut to their limit (§5). */
function sentPhotos(post: PostModel): PhotoItem[] {
  return renumberPhotos(post.photos.filter((p) => !blank(p.url))).map((p) => ({ ...p, caption: p.caption.slice(0, PHOTO_CAPTION_MAX) }));
}

/** The form-encoded body of POST /svc/post/update for this post. */
export function updatePayload(post: PostModel, ctx: UpdateContext): Record<string, string> {
  // What is sent of a photoset: photos with an address, numbered again, captions cut (one pass, used twice).
  const photos = post.type === 'photo' ? sentPhotos(post) : [];
  const body: Record<string, string> = {
    channel_id: ctx.channelId,
    post_id: post.mode === 'edit' ? post.postId : '',
    edit_post_id: post.mode === 'edit' ? post.postId : '',
    'post[state]': stateToCode(post.state),
    'post[type]': toServerType(post.type),
    'post[publish_on]': post.state === 'scheduled' ? post.publish_on : '',
    'post[slug]': post.customUrl.trim(),
    'post[tags]': joinTags(post.tags),
    'post[source_url]': withProtocol(post.sourceUrl),
    'post[date]': post.postDate.trim(),
    editor_type: String(editorTypeToCode(post.editorType)),
    send_to_twitter: flag(post.sendToTwitter),
    custom_tweet: post.sendToTwitter ? tweetText(post.customTweet) : '',
    send_to_fbog: flag(post.sendToFacebook),
    allow_photo_replies: flag(post.allow_photo_replies),
    allow_answers: flag(post.allow_answers),
    carousel_display: flag(post.carouselDisplay),
    // Validation refuses any other protocol; this is the last guard (it raises, nothing is sent).
    carousel_link_url: post.carouselDisplay ? assertAllowedProtocol(withProtocol(post.carouselLinkUrl)) : '',
    members_only: flag(post.members_only),
    owner_flagged_nsfw: flag(post.owner_flagged_nsfw),
    can_be_liked: flag(post.canBeLiked),
    can_be_reblogged: flag(post.canBeReblogged),
    context_page: ctx.contextPage ?? '',
    context_id: ctx.contextId ?? '',
    pt: ctx.source ?? '',
    // Counted on what is sent: photo captions cut to their limit, photos without an address left out.
    content_stats: JSON.stringify(contentStats(post.type === 'photo' ? { ...post, photos } : post)),
    // The services this post goes out to, as one JSON value (the spec names share_data only; ours).
    share_data: JSON.stringify({
      twitter: post.sendToTwitter ? { text: tweetText(post.customTweet) } : null,
      facebook: post.sendToFacebook ? {} : null,
    }),
    carousel_index: String(post.carouselIndex),
    remove_reblog_tree: flag(post.removeReblogTree && (post.mode === 'reblog' || post.is_reblog)),
    reblog_source: post.mode === 'reblog' ? post.reblogSource : '',
  };
  const slots = POST_SLOTS[post.type];
  (['one', 'two', 'three'] as const).forEach((slot, i) => {
    const field = slots[i];
    body[`post[${slot}]`] = field ? String(post[field]) : '';
    // Only the text body has an editor; it is rich text when written in the rich editor (its HTML
    // is the editor's). Every other field is plain.
    body[`is_rich_text[${slot}]`] = flag(field === 'body' && post.editorType === 'rich');
  });
  if (post.mode === 'reblog') {
    body.reblog = '1';
    body.reblog_key = post.reblog_key;
    body.reblog_post_id = post.reblog_id;
  }
  switch (post.type) {
    case 'photo': {
      for (const p of photos) {
        body[`images[${p.id}]`] = p.url.trim();
        body[`caption[${p.id}]`] = p.caption;
        // The spec names no fields for a live photo's video: these follow images[] and caption[].
        if (p.livephotoUrl?.trim()) {
          body[`livephoto[${p.id}]`] = p.livephotoUrl.trim();
          body[`livephoto_still_image_time[${p.id}]`] = String(p.livephotoStillImageTime ?? 0);
        }
      }
      body['post[photoset_order]'] = photos.map((p) => p.id).join(',');
      body['post[photoset_layout]'] = photosetLayout(post.layout, photos.length);
      // Every photo is uploaded before it is sent (no inline data) and there is no camera capture
      // here, so none is raw or a selfie: the spec's fields go as empty and 0.
      body.photo_raw = '';
      body.is_selfie = '0';
      body.is_selfie_gif = '0';
      break;
    }
    case 'link':
      body.remove_thumbnail = flag(post.thumbnail === '');
      body.thumbnail = post.thumbnail;
      body.author = post.author;
      body.excerpt = post.excerpt;
      break;
    case 'audio':
      body['id3_tags[title]'] = post.trackTitle;
      body['id3_tags[artist]'] = post.trackArtist;
      body['id3_tags[album]'] = post.trackAlbum;
      body.preuploaded_url = post.preuploadUrl;
      body.confirm_tos = flag(post.confirmTos);
      body.album_art = post.albumArt;
      body.artwork_pre_upload = post.albumArt.trim() && post.albumArt === post.preuploadAlbumArt ? post.preuploadAlbumArt : '';
      body.remove_album_art = flag(post.removeAlbumArt && post.albumArt.trim() === '');
      body.copyright_fallback = flag(post.copyrightFallback);
      break;
    case 'video':
      body.preuploaded_url = post.preuploadUrl;
      body.confirm_tos = flag(post.confirmTos);
      body.embed_code = post.embedCode;
      body.preuploaded_ch = post.preuploadUrl.trim() ? post.preuploadKey : '';
      body.copyright_fallback = flag(post.copyrightFallback);
      break;
    default:
      break;
  }
  return body;
}

// ---- reading a post back (POST /svc/post/fetch) ----

/** A carousel slide index: a whole number from 0, else 0. */
function carouselIndexOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isInteger(n) && n >= 0 && n < 100 ? n : 0;
}

const s = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const b = (v: unknown, fallback: boolean): boolean =>
  typeof v === 'boolean' ? v : v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : fallback;

/** The form model of a fetched post, for an edit (its own fields) or a reblog (an empty addition). */
export function postFromServer(raw: Record<string, unknown>, mode: 'edit' | 'reblog'): PostModel | null {
  const type = fromServerType(raw.type);
  if (!type) return null;
  if (mode === 'reblog') {
    return createPost(type, {
      mode,
      is_reblog: true,
      reblog_id: s(raw.id),
      reblog_key: s(raw.reblog_key),
      // The blog reblogged from (the fetched post's), and the carousel slide asked for (§7 fetch).
      reblogSource: s(raw.tumblelog),
      carouselIndex: carouselIndexOf(raw.carousel_index),
    });
  }
  const photos = Array.isArray(raw.photos)
    ? renumberPhotos(
        raw.photos
          .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
          .map((p) => ({
            url: s(p.url),
            caption: s(p.caption),
            livephotoUrl: s(p.livephoto_url),
            livephotoStillImageTime: stillImageTime(p.livephoto_still_image_time),
          })),
      )
    : [];
  return createPost(type, {
    mode,
    postId: s(raw.id),
    // Opened in its real state: a queued post with a publish date is a scheduled one (§4).
    state: displayState(stateFromCode(raw.state) ?? 'published', { publishOn: s(raw.publish_on) }),
    publish_on: s(raw.publish_on),
    tags: splitTags(raw.tags),
    tumblelog: s(raw.tumblelog),
    customUrl: s(raw.slug),
    sourceUrl: s(raw.source_url),
    editorType: editorTypeFromCode(raw.editor_type),
    allow_answers: b(raw.allow_answers, false),
    members_only: b(raw.members_only, false),
    owner_flagged_nsfw: b(raw.owner_flagged_nsfw, false),
    canBeLiked: b(raw.can_be_liked, true),
    canBeReblogged: b(raw.can_be_reblogged, true),
    allow_photo_replies: b(raw.allow_photo_replies, false),
    carouselDisplay: b(raw.carousel_display, false),
    carouselLinkUrl: s(raw.carousel_link_url),
    postDate: s(raw.date),
    is_reblog: b(raw.is_reblog, false),
    reblogSource: s(raw.reblog_source),
    removeReblogTree: b(raw.remove_reblog_tree, false),
    title: s(raw.title),
    body: s(raw.body),
    caption: s(raw.caption),
    linkthrough: s(raw.linkthrough),
    layout: s(raw.layout),
    photos,
    quote: s(raw.quote),
    source: s(raw.source),
    url: s(raw.url),
    excerpt: s(raw.excerpt),
    author: s(raw.author),
    thumbnail: s(raw.thumbnail),
    chat: s(raw.chat),
    trackTitle: s(raw.track_title),
    trackArtist: s(raw.track_artist),
    trackAlbum: s(raw.track_album),
    albumArt: s(raw.album_art),
    embedCode: s(raw.embed_code),
    ask: s(raw.ask),
    answer: s(raw.answer),
  });
}

// ---- reading an update payload (the reference server validates like the client) ----

/**
 * The form model a /svc/post/update body describes: the inverse of `updatePayload`. Unknown type
 * or state values come back as null so the caller can answer with the spec's message.
 */
export function postFromPayload(body: Readonly<Record<string, string | undefined>>): { post: PostModel | null; stateValid: boolean } {
  const get = (k: string) => body[k] ?? '';
  const type = fromServerType(get('post[type]'));
  if (!type) return { post: null, stateValid: true };
  const state = stateFromCode(get('post[state]'));
  const on = (k: string, fallback = false) => b(body[k], fallback);
  const reblog = on('reblog');
  const post = createPost(type, {
    mode: reblog ? 'reblog' : get('edit_post_id') ? 'edit' : 'new',
    postId: get('edit_post_id'),
    state: state ?? 'published',
    publish_on: get('post[publish_on]'),
    postDate: get('post[date]'),
    tags: splitTags(get('post[tags]')),
    tumblelog: get('channel_id'),
    customUrl: get('post[slug]'),
    sourceUrl: get('post[source_url]'),
    carouselDisplay: on('carousel_display'),
    carouselLinkUrl: get('carousel_link_url'),
    editorType: editorTypeFromCode(get('editor_type')),
    allow_photo_replies: on('allow_photo_replies'),
    allow_answers: on('allow_answers'),
    members_only: on('members_only'),
    owner_flagged_nsfw: on('owner_flagged_nsfw'),
    canBeLiked: on('can_be_liked', true),
    canBeReblogged: on('can_be_reblogged', true),
    sendToTwitter: on('send_to_twitter'),
    customTweet: get('custom_tweet'),
    sendToFacebook: on('send_to_fbog'),
    is_reblog: reblog,
    reblog_id: get('reblog_post_id'),
    reblog_key: get('reblog_key'),
    reblogSource: get('reblog_source'),
    carouselIndex: carouselIndexOf(get('carousel_index')),
    removeReblogTree: on('remove_reblog_tree'),
    thumbnail: get('thumbnail'),
    author: get('author'),
    excerpt: get('excerpt'),
    trackTitle: get('id3_tags[title]'),
    trackArtist: get('id3_tags[artist]'),
    trackAlbum: get('id3_tags[album]'),
    albumArt: get('album_art'),
    preuploadAlbumArt: get('artwork_pre_upload'),
    removeAlbumArt: on('remove_album_art'),
    copyrightFallback: on('copyright_fallback'),
    preuploadUrl: get('preuploaded_url'),
    preuploadKey: get('preuploaded_ch'),
    confirmTos: on('confirm_tos'),
  });
  const slots = POST_SLOTS[type];
  (['one', 'two', 'three'] as const).forEach((slot, i) => {
    const field = slots[i];
    if (field && typeof post[field] === 'string') (post as unknown as Record<string, unknown>)[field] = get(`post[${slot}]`);
  });
  if (type === 'video' && get('embed_code')) post.embedCode = get('embed_code');
  if (type === 'photo') {
    const order = get('post[photoset_order]').split(',').filter(Boolean);
    post.photos = renumberPhotos(
      order.map((id) => ({
        url: get(`images[${id}]`),
        caption: get(`caption[${id}]`),
        livephotoUrl: get(`livephoto[${id}]`),
        livephotoStillImageTime: stillImageTime(get(`livephoto_still_image_time[${id}]`)),
      })),
    );
    post.layout = get('post[photoset_layout]');
  }
  return { post, stateValid: state !== null };
}
