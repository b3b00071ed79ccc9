/**
 * GIF search rules (authoring-and-media spec §3 GIF search result, §4, §5, §8, §9). No DOM, no
 * React: query text, result parsing, tags, the per-query cache, the masonry layout, which tiles
 * are mounted for a scroll position, keyboard movement in the grid, preload order, no-results lines.
 */
import { webUrl } from './urls';
import { MalformedResponse } from '../errors';
import { isRecord } from './record';

export const GIF_RESULT_LIMIT = 200; // spec §9: default result limit
export const GIF_CONTAINER_WIDTH = 150; // spec §9: result container width (one masonry column)
export const GIF_CACHE_MS = 300_000; // spec §9: cache lifetime
export const GIF_INPUT_DEBOUNCE_MS = 250; // spec §5/§9: input debounced 250 ms
export const GIF_RENDER_BATCH = 50; // spec §9: render batch 50 items …
export const GIF_RENDER_BATCH_DELAY_MS = 5; // … at 5 ms
export const GIF_PRELOAD_POLL_MS = 1000; // spec §9: preload poll
export const GIF_VIRTUALIZE_DEBOUNCE_MS = 250; // spec §9: virtualisation debounce
export const GIF_MAX_TAGS = 3; // spec §5/§9: at most 3 tags per result
export const GIF_GAP = 6; // ours: gap between masonry tiles
export const GIF_PRELOAD_PER_TICK = 8; // ours: images preloaded per 1 s poll
export const GIF_SHORT_LINK_HOST = 'https://tmblr.co/'; // the external short-URL host of the attribution

export const GIF_PLACEHOLDER = 'Find a GIF';
export const GIF_INVALID_RESPONSE = 'Invalid GIF search response'; // spec §8
export const GIF_HIDDEN_TAGS = ['gif', 'gifs']; // spec §5

/** Spec §8: "One of nine random jokes, such as 'Nothing turned up. Bummer.'" — the other eight are ours. */
export const GIF_NO_RESULTS_LINES = [
  'Nothing turned up. Bummer.',
  'Not a single GIF. The internet has let you down.',
  'We looked everywhere. Even under the couch.',
  'Zero GIFs. Try fewer words, or different ones.',
  'No GIFs for that. Yet.',
  'That search came back empty-handed.',
  "Hmm. Nobody's made that GIF yet.",
  'Nope. Nothing. Nada.',
  'The GIF well is dry for that one.',
] as const;

/** A GIF search result (media item, spec §3). */
export interface GifMedia {
  mediaUrl: string;
  postUrl: string;
  rootPostUrl: string;
  rootPostUrlHash: string;
  rootBlog: string;
  rootBlogUrl: string;
  rootBlogKey: string;
  postTags: string[];
  popularSearchTag: string;
  width: number;
  height: number;
  postBlog?: string;
  /** The post's blog uuid (needed to send the GIF as a message). */
  postBlogUuid?: string;
  postId?: string;
}

export interface GifServerMessage {
  header: string;
  body: string;
}

/** One query's answer: the media list, an optional server message, and when we got it. */
export interface GifSearchResult {
  query: string;
  media: GifMedia[];
  message?: GifServerMessage;
  timestamp: number;
}

/** Spec §5: lowercased and trimmed; the box is single-line, so line breaks become spaces. */
export function normalizeQuery(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** Tags shown on a result: never "gif" or "gifs", at most 3 (spec §5). */
export function visibleTags(tags: readonly string[]): string[] {
  return tags
    .map((t) => t.trim())
    .filter((t) => t !== '' && !GIF_HIDDEN_TAGS.includes(t.toLowerCase()))
    .slice(0, GIF_MAX_TAGS);
}

/** The attribution link: the short-URL host with the root post hash. */
export function shortLink(rootPostUrlHash: string): string | undefined {
  return /^[A-Za-z0-9_-]{1,64}$/.test(rootPostUrlHash) ? `${GIF_SHORT_LINK_HOST}${rootPostUrlHash}` : undefined;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};
/** Only web URLs (src/models/urls.ts) reach an <img>. */
const safeUrl = (v: unknown): string => webUrl(str(v)) ?? '';

function parseMedia(raw: unknown): GifMedia | null {
  if (!isRecord(raw)) return null;
  const mediaUrl = safeUrl(raw.mediaUrl ?? raw.media_url);
  const width = positive(raw.width);
  const height = positive(raw.height);
  if (!mediaUrl || !width || !height) return null;
  const tags = Array.isArray(raw.postTags) ? raw.postTags.filter((t): t is string => typeof t === 'string') : [];
  const item: GifMedia = {
    mediaUrl,
    postUrl: safeUrl(raw.postUrl),
    rootPostUrl: safeUrl(raw.rootPostUrl),
    rootPostUrlHash: str(raw.rootPostUrlHash),
    rootBlog: str(raw.rootBlog),
    rootBlogUrl: safeUrl(raw.rootBlogUrl),
    rootBlogKey: str(raw.rootBlogKey),
    postTags: tags,
    popularSearchTag: str(raw.popularSearchTag),
    width,
    height,
  };
  if (str(raw.postBlog)) item.postBlog = str(raw.postBlog);
  if (str(raw.postBlogUuid)) item.postBlogUuid = str(raw.postBlogUuid);
  if (str(raw.postId)) item.postId = str(raw.postId);
  return item;
}

/**
 * Checks an inline_gif answer (the envelope's `response`): it must be an object with a `media`
 * list, else "Invalid GIF search response" (spec §8). Items without a usable image are dropped.
 */
export function parseGifSearchResponse(data: unknown, query: string, now: number): GifSearchResult {
  if (!isRecord(data) || !Array.isArray(data.media)) throw new MalformedResponse(GIF_INVALID_RESPONSE);
  const media = data.media.map(parseMedia).filter((m): m is GifMedia => m !== null);
  const result: GifSearchResult = { query, media, timestamp: now };
  const message = data.message;
  if (isRecord(message) && (str(message.header) || str(message.body))) {
    result.message = { header: str(message.header), body: str(message.body) };
  }
  return result;
}

/** Per-query cache; an entry expires GIF_CACHE_MS after its client timestamp. */
export class GifSearchCache {
  private readonly entries = new Map<string, GifSearchResult>();
  constructor(
    private readonly ttlMs = GIF_CACHE_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(query: string): GifSearchResult | undefined {
    const hit = this.entries.get(query);
    if (!hit) return undefined;
    if (this.now() - hit.timestamp >= this.ttlMs) {
      this.entries.delete(query);
      return undefined;
    }
    return hit;
  }

  set(result: GifSearchResult): void {
    this.entries.set(result.query, result);
  }

  delete(query: string): void {
    this.entries.delete(query);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A random no-results line, never the one shown last time. */
export function noResultsLine(random: () => number = Math.random, previous?: string): string {
  const pool = GIF_NO_RESULTS_LINES.filter((l) => l !== previous);
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!;
}

// ---- masonry layout and virtualisation ----

export interface Tile {
  index: number;
  column: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MasonryLayout {
  tiles: Tile[];
  columns: number;
  height: number;
}

/** How many columns of GIF_CONTAINER_WIDTH fit a container. */
export function columnsFor(containerWidth: number, columnWidth = GIF_CONTAINER_WIDTH, gap = GIF_GAP): number {
  return Math.max(1, Math.floor((containerWidth + gap) / (columnWidth + gap)));
}

/** Places each item, in page order, at the bottom of the shortest column (leftmost on ties). */
export function masonryLayout(
  sizes: readonly { width: number; height: number }[],
  columns: number,
  columnWidth = GIF_CONTAINER_WIDTH,
  gap = GIF_GAP,
): MasonryLayout {
  const cols = Math.max(1, Math.floor(columns));
  const heights = new Array<number>(cols).fill(0);
  const tiles = sizes.map((size, index): Tile => {
    let column = 0;
    for (let c = 1; c < cols; c++) if (heights[c]! < heights[column]!) column = c;
    const ratio = size.width > 0 && size.height > 0 ? size.height / size.width : 1;
    const height = Math.max(40, Math.min(Math.round(columnWidth * ratio), columnWidth * 3));
    const tile = { index, column, x: column * (columnWidth + gap), y: heights[column]!, width: columnWidth, height };
    heights[column]! += height + gap;
    return tile;
  });
  return { tiles, columns: cols, height: Math.max(0, Math.max(...heights) - gap) };
}

/** Indices of the tiles that intersect [top − overscan, top + viewport + overscan], in page order. */
export function visibleTiles(tiles: readonly Tile[], top: number, viewportHeight: number, overscan = viewportHeight): number[] {
  const from = top - overscan;
  const to = top + viewportHeight + overscan;
  return tiles.filter((t) => t.y + t.height >= from && t.y <= to).map((t) => t.index);
}

/** True when the viewport [top, top + viewport] is no longer inside the mounted band [from, to]. */
export function outsideBand(band: { from: number; to: number }, top: number, viewportHeight: number): boolean {
  return top < band.from || top + viewportHeight > band.to;
}

export type GridKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

function byColumn(tiles: readonly Tile[]): Tile[][] {
  const columns: Tile[][] = [];
  for (const t of tiles) (columns[t.column] ??= []).push(t);
  return columns.filter((c) => c && c.length > 0).map((c) => [...c].sort((a, b) => a.y - b.y));
}

/**
 * Keyboard movement in the masonry grid (indices are page order; -1 = nothing active yet):
 * Down/Up go to the tile below/above in the same column, and past the end of a column to the
 * top of the next (bottom of the previous) one, wrapping around after the last tile — so Down
 * alone visits every result. Left/Right go to the tile beside, in the neighbouring column,
 * nearest in height, wrapping between the first and last column. Home/End: first/last.
 */
export function moveInGrid(tiles: readonly Tile[], current: number, key: GridKey): number {
  if (tiles.length === 0) return -1;
  const columns = byColumn(tiles);
  const order = columns.flat();
  const here = order.findIndex((t) => t.index === current);
  if (key === 'Home' || (here === -1 && (key === 'ArrowDown' || key === 'ArrowRight'))) return order[0]!.index;
  if (key === 'End' || (here === -1 && (key === 'ArrowUp' || key === 'ArrowLeft'))) return order[order.length - 1]!.index;
  if (key === 'ArrowDown') return order[(here + 1) % order.length]!.index;
  if (key === 'ArrowUp') return order[(here - 1 + order.length) % order.length]!.index;
  const tile = order[here]!;
  const col = columns.findIndex((c) => c.includes(tile));
  const nextCol = columns[(col + (key === 'ArrowRight' ? 1 : -1) + columns.length) % columns.length]!;
  const centre = tile.y + tile.height / 2;
  let best = nextCol[0]!;
  for (const t of nextCol) if (Math.abs(t.y + t.height / 2 - centre) < Math.abs(best.y + best.height / 2 - centre)) best = t;
  return best.index;
}

/** The next images to preload: in page order, skipping what is done, at most `count`. */
export function nextToPreload(urls: readonly string[], done: ReadonlySet<string>, count = GIF_PRELOAD_PER_TICK): string[] {
  const out: string[] = [];
  for (const url of urls) {
    if (out.length >= count) break;
    if (!done.has(url) && !out.includes(url)) out.push(url);
  }
  return out;
}

/** How many results are rendered after `batches` render steps of GIF_RENDER_BATCH. */
export function renderedCount(total: number, batches: number): number {
  return Math.min(total, Math.max(1, batches) * GIF_RENDER_BATCH);
}
