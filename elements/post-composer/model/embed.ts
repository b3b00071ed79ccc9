/**
 * Embeds (authoring spec §3 "Embed data response", §5 "Embed rules", §7 "Media", §8, §9), no DOM
 * and no network.
 *
 *  - The input must be a string.
 *  - A URL of a known service is looked up (POST /svc/post/get_video_data). An answer without a
 *    thumbnail is asked again once, 2000 ms later, and the first answer is kept when the second is
 *    no better. An empty answer, the string "false" or a non-object is "Invalid embed response".
 *  - Anything else is embed code: the first iframe, embed or script `src`, else an object's `data`,
 *    is the embed's address; with none, "Invalid embed code".
 *
 * The code itself is never put into the page: the post keeps the whole code for the server, and
 * the form previews only the extracted address (an http(s) one) in a sandboxed iframe.
 */
import { isRecord } from '../../../src/models/record';

export const INVALID_EMBED_CODE = 'Invalid embed code';
export const INVALID_EMBED_RESPONSE = 'Invalid embed response';
export const EMBED_INPUT_NOT_STRING = 'Embed input must be a string';
/** Spec §9: the lookup is retried once after 2000 ms when the first answer has no thumbnail. */
export const EMBED_RETRY_DELAY_MS = 2000;

export class EmbedError extends Error {
  override readonly name = 'EmbedError';
}

/** The known services (the spec does not list them): their video pages are looked up, not parsed. */
export const EMBED_SERVICES: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'youtube',
    pattern: /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|shorts\/|embed\/)|youtu\.be\/)[\w-]{6,}/i,
  },
  { name: 'vimeo', pattern: /^https?:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?\d+/i },
  { name: 'dailymotion', pattern: /^https?:\/\/(?:www\.)?(?:dailymotion\.com\/video\/|dai\.ly\/)[a-z0-9]+/i },
  // The demo's own sample service (served by the reference server, so the demo works offline).
  { name: 'demotube', pattern: /^https?:\/\/[^/\s]+\/demotube\/watch\/[\w-]+/i },
];

export function embedServiceOf(url: string): string | null {
  const trimmed = url.trim();
  return EMBED_SERVICES.find((s) => s.pattern.test(trimmed))?.name ?? null;
}

export type EmbedInput = { kind: 'lookup'; url: string; service: string } | { kind: 'code'; code: string; src: string };

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');

/** Undoes the entities an attribute value commonly carries (&amp; in query strings). */
function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/gi, '&');
}

function attributeOf(tag: string, name: string): string | null {
  const match = ATTRIBUTE(name).exec(tag);
  if (!match) return null;
  const value = decodeEntities((match[1] ?? match[2] ?? match[3] ?? '').trim());
  return value || null;
}

/**
 * The embed's address in a piece of embed code: the first `<iframe>`, `<embed>` or `<script>` with a
 * `src` (in the order they appear), else the first `<object>`'s `data`. Null when there is none.
 */
export function extractEmbedSrc(code: string): string | null {
  // Comments can hide tags that are not there.
  const text = code.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of text.matchAll(/<(iframe|embed|script)\b[^>]*>/gi)) {
    const src = attributeOf(match[0], 'src');
    if (src) return src;
  }
  for (const match of text.matchAll(/<object\b[^>]*>/gi)) {
    const data = attributeOf(match[0], 'data');
    if (data) return data;
  }
  return null;
}

/** What the user typed or pasted, as a lookup or as embed code; throws EmbedError for input that is neither. */
export function classifyEmbed(input: unknown): EmbedInput {
  if (typeof input !== 'string') throw new TypeError(EMBED_INPUT_NOT_STRING);
  const text = input.trim();
  const service = /^\S+$/.test(text) ? embedServiceOf(text) : null;
  if (service) return { kind: 'lookup', url: text, service };
  const src = extractEmbedSrc(text);
  if (!src) throw new EmbedError(INVALID_EMBED_CODE);
  return { kind: 'code', code: text, src };
}

/** The embed data response (spec §3). */
export interface EmbedData {
  thumbnail?: string;
  embed_render_context?: unknown;
  url?: string;
  preview_iframe?: string;
  embed_code?: string;
  /** Set by the client: the service answered, but cannot be embedded. */
  unsupported?: boolean;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Reads a get_video_data answer (its `response`, or the body itself); throws "Invalid embed response". */
export function readEmbedResponse(body: unknown): EmbedData {
  const data = isRecord(body) && 'response' in body ? body.response : body;
  if (
    data === undefined ||
    data === null ||
    data === '' ||
    data === 'false' ||
    data === false ||
    !isRecord(data) ||
    Array.isArray(data) ||
    Object.keys(data).length === 0
  ) {
    throw new EmbedError(INVALID_EMBED_RESPONSE);
  }
  const out: EmbedData = {};
  const thumbnail = text(data.thumbnail) ?? text(data.thumbnail_url);
  if (thumbnail) out.thumbnail = thumbnail;
  if (data.embed_render_context !== undefined) out.embed_render_context = data.embed_render_context;
  for (const key of ['url', 'preview_iframe', 'embed_code'] as const) {
    const v = text(data[key]);
    if (v) out[key] = v;
  }
  // Neither code nor a preview: the service answered, but there is nothing to embed.
  if (!out.embed_code && !out.preview_iframe) out.unsupported = true;
  return out;
}

/**
 * Looks a service URL up: asks once, and when the answer has no thumbnail asks again after
 * `EMBED_RETRY_DELAY_MS`, keeping the second answer only if it is valid and has one.
 */
export async function lookupEmbed(
  url: string,
  deps: { fetchData: (url: string) => Promise<unknown>; sleep: (ms: number) => Promise<void> },
): Promise<EmbedData> {
  const first = readEmbedResponse(await deps.fetchData(url));
  if (first.thumbnail) return first;
  await deps.sleep(EMBED_RETRY_DELAY_MS);
  try {
    const second = readEmbedResponse(await deps.fetchData(url));
    return second.thumbnail ? second : first;
  } catch {
    return first;
  }
}

/** An address safe to preview in a sandboxed iframe: http(s) only (a protocol-relative one becomes https). */
export function previewableSrc(src: string): string | null {
  const s = src.trim();
  const absolute = s.startsWith('//') ? `https:${s}` : s;
  try {
    const url = new URL(absolute);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
