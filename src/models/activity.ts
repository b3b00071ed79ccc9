/**
 * Activity popover rules, no DOM: response parsing, day grouping in the user's
 * time zone and locale, the sparkline rule, and what each notification row says.
 */
import { MalformedResponse } from '../errors';
import { isRecord } from './record';
import { dateFormat } from './intl';

export interface ActivityBlogRef {
  name: string;
  avatar_url?: string;
  avatar_url_48?: string;
  tumblr_url?: string;
  is_friend: boolean;
}

export interface ActivityPostRef {
  url?: string;
  id?: string;
  tumblelog?: string;
  type?: string;
  summary?: string;
  media_url?: string;
  video_thumbnail_url?: string;
  is_ask?: boolean;
  is_answer?: boolean;
  photo_count?: number;
}

export interface ActivityNotification {
  id: string;
  type: string;
  /** Unix seconds. */
  timestamp: number;
  message?: string;
  from_tumblelog: ActivityBlogRef;
  post?: ActivityPostRef;
  new_post?: { url?: string; id?: string; diff?: string; quote?: string };
  note_meta?: { answer_text?: string; reply_text?: string; question?: string };
  is_friend: boolean;
}

export interface ActivityData {
  blogName: string;
  notifications: ActivityNotification[];
  sparkline: number[];
}

const optStr = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);
const strFields = <K extends string>(raw: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, string>> => {
  const out: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const v = optStr(raw[k]);
    if (v !== undefined) out[k] = v;
  }
  return out;
};

function parseNotification(raw: unknown, index: number): ActivityNotification | null {
  if (!isRecord(raw) || typeof raw.type !== 'string' || !isRecord(raw.from_tumblelog)) return null;
  const from = raw.from_tumblelog;
  if (typeof from.name !== 'string' || from.name === '') return null;
  const ts = typeof raw.timestamp === 'number' ? raw.timestamp : Number(raw.timestamp);
  if (!Number.isFinite(ts)) return null;
  const post = isRecord(raw.post)
    ? {
        ...strFields(raw.post, ['url', 'id', 'tumblelog', 'type', 'summary', 'media_url', 'video_thumbnail_url'] as const),
        ...(raw.post.is_ask === true ? { is_ask: true } : {}),
        ...(raw.post.is_answer === true ? { is_answer: true } : {}),
        ...(typeof raw.post.photo_count === 'number' ? { photo_count: raw.post.photo_count } : {}),
      }
    : undefined;
  return {
    id: optStr(raw.id) ?? `${raw.type}-${ts}-${from.name}-${index}`,
    type: raw.type,
    timestamp: ts,
    ...(optStr(raw.message) ? { message: optStr(raw.message)! } : {}),
    from_tumblelog: {
      name: from.name,
      ...strFields(from, ['avatar_url', 'avatar_url_48', 'tumblr_url'] as const),
      is_friend: from.is_friend === true,
    },
    ...(post ? { post } : {}),
    ...(isRecord(raw.new_post) ? { new_post: strFields(raw.new_post, ['url', 'id', 'diff', 'quote'] as const) } : {}),
    ...(isRecord(raw.note_meta) ? { note_meta: strFields(raw.note_meta, ['answer_text', 'reply_text', 'question'] as const) } : {}),
    is_friend: raw.is_friend === true || from.is_friend === true,
  };
}

/** Reads the activity fetch; notifications newest first; malformed rows are dropped, a malformed body throws. */
export function parseActivity(data: unknown, blogName: string): ActivityData {
  if (!isRecord(data)) throw new MalformedResponse('Activity response is not an object');
  const list = data.activity_notifications;
  if (list !== undefined && !Array.isArray(list)) throw new MalformedResponse('activity_notifications is not a list');
  const notifications = (list ?? [])
    .map(parseNotification)
    .filter((n): n is ActivityNotification => n !== null)
    .sort((a, b) => b.timestamp - a.timestamp);
  const activity = isRecord(data.activity_data) ? data.activity_data : {};
  const sparkline = Array.isArray(activity.sparkline)
    ? activity.sparkline.map(Number).map((n) => (Number.isFinite(n) && n > 0 ? n : 0))
    : [];
  return { blogName: typeof data.name === 'string' && data.name ? data.name : blogName, notifications, sparkline };
}

/** The spec: the sparkline shows only when the data is not all zeros. */
export function showSparkline(values: readonly number[]): boolean {
  return values.some((v) => v !== 0);
}

/** Points of an SVG polyline for the sparkline, within width x height (1 px inset). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? (width - 2) / (values.length - 1) : 0;
  return values.map((v, i) => `${(1 + i * step).toFixed(1)},${(height - 1 - (v / max) * (height - 2)).toFixed(1)}`).join(' ');
}

// The list's three formatters (src/models/intl.ts keeps each once made).
const dayKeyFormat = (timeZone?: string) => dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const fullDateFormat = (locale?: string, timeZone?: string) =>
  dateFormat(locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
/** A notification's time of day ("3:07 PM") in the user's locale. */
export const timeOfDayFormat = (locale?: string) => dateFormat(locale, { hour: 'numeric', minute: '2-digit' });

/**
 * Makes the list's formatters before it first renders (ActivityPopover.tsx: in idle time after the
 * trigger's intent). The page's first Intl object loads ICU's locale data, one task of 90–300 ms
 * under 4× CPU throttling: in the click that opens the popover it was the open's slowest part.
 */
export function prepareActivityFormats(options: { timeZone?: string; locale?: string } = {}): void {
  dayKeyFormat(options.timeZone);
  fullDateFormat(options.locale, options.timeZone);
  timeOfDayFormat(options.locale);
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function calendarDay(epochMs: number, timeZone?: string): string {
  const parts = dayKeyFormat(timeZone).formatToParts(new Date(epochMs));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** 'Today', 'Yesterday' or '%d days ago' (the spec's wording). */
export function relativeDayLabel(daysAgo: number): string {
  if (daysAgo <= 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return '%d days ago'.replace('%d', String(daysAgo));
}

/** The user's language setting ('en_US') as a BCP 47 tag ('en-US'); invalid → undefined (browser default). */
export function localeOf(language: string | undefined): string | undefined {
  if (!language) return undefined;
  const tag = language.replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export interface DayGroup<T> {
  day: string;
  label: string;
  /** Weekday, month and day in the user's locale, e.g. "Saturday, November 21". */
  fullDate: string;
  items: T[];
}

/** Groups notifications by calendar day in `timeZone`, newest day first. */
export function groupByDay<T extends { timestamp: number }>(
  items: readonly T[],
  nowMs: number,
  options: { timeZone?: string; locale?: string } = {},
): DayGroup<T>[] {
  const today = dayNumber(calendarDay(nowMs, options.timeZone));
  const fmt = fullDateFormat(options.locale, options.timeZone);
  const groups = new Map<string, DayGroup<T>>();
  for (const item of [...items].sort((a, b) => b.timestamp - a.timestamp)) {
    const ms = item.timestamp * 1000;
    const day = calendarDay(ms, options.timeZone);
    let group = groups.get(day);
    if (!group) {
      group = { day, label: relativeDayLabel(today - dayNumber(day)), fullDate: fmt.format(new Date(ms)), items: [] };
      groups.set(day, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** Post-type badge: photo, photoset, video, note (ask/answer), postcard (fan mail), regular. */
export type ActivityBadge = 'photo' | 'photoset' | 'video' | 'note' | 'postcard' | 'regular' | null;

export function badgeFor(n: Pick<ActivityNotification, 'type' | 'post'>): ActivityBadge {
  if (n.type === 'postcard' || n.type === 'fan_mail') return 'postcard';
  const post = n.post;
  if (!post) return n.type === 'ask' || n.type === 'answer' ? 'note' : null;
  if (post.is_ask || post.is_answer || post.type === 'note' || post.type === 'answer') return 'note';
  if (post.type === 'photo') return (post.photo_count ?? 1) > 1 ? 'photoset' : 'photo';
  if (post.type === 'photoset' || post.type === 'video') return post.type;
  return 'regular';
}

export const BADGE_LABELS: Record<Exclude<ActivityBadge, null>, string> = {
  photo: 'Photo',
  photoset: 'Photoset',
  video: 'Video',
  note: 'Ask',
  postcard: 'Fan mail',
  regular: 'Post',
};

/** What a row says after the blog name. */
export function describe(n: ActivityNotification): string {
  const postWord = n.post?.type && n.post.type !== 'regular' && n.post.type !== 'text' ? `${n.post.type} post` : 'post';
  switch (n.type) {
    case 'follower':
      return 'started following you';
    case 'like':
      return `liked your ${postWord}`;
    case 'reblog':
      return `reblogged your ${postWord}`;
    case 'user_mention':
      return 'mentioned you in a post';
    case 'reply':
      return `replied to your ${postWord}`;
    case 'answer':
      return 'answered your question';
    case 'ask':
      return 'asked you a question';
    case 'postcard':
    case 'fan_mail':
      return 'sent you fan mail';
    default:
      return n.message ?? 'interacted with your blog';
  }
}

/** Quoted text shown under the row: a reply, an answer, an added comment on a reblog, the question. */
export function quoteFor(n: ActivityNotification): string | undefined {
  return n.note_meta?.reply_text ?? n.note_meta?.answer_text ?? n.new_post?.diff ?? n.new_post?.quote ?? n.note_meta?.question;
}

/** Where clicking the row goes: the post when there is one, else the blog. */
export function rowTarget(n: ActivityNotification): string | undefined {
  return n.new_post?.url ?? n.post?.url ?? n.from_tumblelog.tumblr_url;
}

/** The spec shows 'See everything' when more than one notification exists. */
export function showSeeEverything(count: number): boolean {
  return count > 1;
}

export const ACTIVITY_EMPTY_TEXT = 'Check out this tab when you make a post to see Likes, Reblogs, and new followers.';
export const ACTIVITY_LOAD_ALERT = 'Woops :(';
