/**
 * The GIF search corpus: a few hundred small animated GIF/WebP fixtures described
 * deterministically (topic tags, size, motif, palette, the post and blog they come from), searched
 * in memory. The files themselves are painted on first request into <DATA_DIR>/gifs/ (lib/gif.ts;
 * WebP through ffmpeg when it is installed) — nothing is downloaded and nothing lives in the repo.
 */
import { spawnSync, execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/index';
import { XSS_PAYLOADS } from '../db/catalogue';
import { encodeGif, GIF_STYLES, paintFrames, type GifStyle, type Rgb } from './gif';
import { hash32, int, pick, rngFor } from './random';

/** Topic → extra words a result may be tagged with. 40 topics × 8 = 320 fixtures. */
const TOPICS: Readonly<Record<string, readonly string[]>> = {
  cat: ['kitten', 'cute', 'meow'],
  dog: ['puppy', 'cute', 'woof'],
  dance: ['party', 'moves', 'happy'],
  yes: ['agree', 'nod', 'ok'],
  no: ['nope', 'disagree', 'shake'],
  happy: ['smile', 'joy', 'yay'],
  sad: ['cry', 'tears', 'blue'],
  wow: ['amazed', 'omg', 'surprised'],
  lol: ['laugh', 'funny', 'haha'],
  'thank you': ['thanks', 'grateful', 'bow'],
  hello: ['hi', 'wave', 'greeting'],
  bye: ['goodbye', 'wave', 'later'],
  love: ['heart', 'romance', 'hug'],
  party: ['celebrate', 'confetti', 'dance'],
  coffee: ['morning', 'cafe', 'tired'],
  rain: ['weather', 'storm', 'cozy'],
  ocean: ['waves', 'sea', 'beach'],
  space: ['stars', 'rocket', 'planet'],
  robot: ['beep', 'machine', 'future'],
  pizza: ['food', 'cheese', 'hungry'],
  sleepy: ['tired', 'nap', 'yawn'],
  excited: ['hype', 'yay', 'jump'],
  facepalm: ['ugh', 'fail', 'disappointed'],
  clap: ['applause', 'bravo', 'congrats'],
  'thumbs up': ['ok', 'approve', 'good'],
  fire: ['hot', 'lit', 'flame'],
  cool: ['sunglasses', 'chill', 'nice'],
  shrug: ['whatever', 'dunno', 'meh'],
  'mind blown': ['wow', 'explode', 'amazed'],
  snow: ['winter', 'cold', 'flake'],
  music: ['song', 'beat', 'synth'],
  computer: ['code', 'hacker', 'retro'],
  cake: ['birthday', 'dessert', 'sweet'],
  win: ['victory', 'champion', 'trophy'],
  loading: ['wait', 'spinner', 'progress'],
  spin: ['dizzy', 'loop', 'round'],
  flowers: ['spring', 'garden', 'bloom'],
  bird: ['tweet', 'fly', 'wings'],
  train: ['travel', 'railway', 'journey'],
  tea: ['cup', 'calm', 'kettle'],
};

const PALETTES: readonly (readonly Rgb[])[] = [
  [
    [255, 244, 230],
    [255, 226, 198],
    [239, 71, 111],
    [255, 209, 102],
    [6, 214, 160],
    [255, 255, 255],
    [38, 70, 83],
    [17, 138, 178],
  ],
  [
    [20, 33, 61],
    [30, 48, 88],
    [252, 163, 17],
    [229, 229, 229],
    [255, 99, 146],
    [255, 255, 255],
    [0, 0, 0],
    [84, 122, 165],
  ],
  [
    [233, 245, 219],
    [207, 225, 185],
    [87, 117, 144],
    [245, 130, 100],
    [144, 190, 109],
    [255, 255, 255],
    [40, 54, 24],
    [249, 199, 79],
  ],
  [
    [43, 45, 66],
    [58, 61, 89],
    [239, 35, 60],
    [237, 242, 244],
    [141, 153, 174],
    [255, 255, 255],
    [15, 15, 25],
    [217, 4, 41],
  ],
  [
    [254, 250, 224],
    [250, 237, 205],
    [212, 163, 115],
    [204, 213, 174],
    [233, 196, 106],
    [255, 255, 255],
    [96, 108, 56],
    [40, 54, 24],
  ],
  [
    [236, 239, 244],
    [216, 222, 233],
    [94, 129, 172],
    [191, 97, 106],
    [163, 190, 140],
    [255, 255, 255],
    [46, 52, 64],
    [180, 142, 173],
  ],
  [
    [16, 0, 43],
    [36, 0, 70],
    [224, 170, 255],
    [114, 9, 183],
    [76, 201, 240],
    [255, 255, 255],
    [0, 0, 0],
    [247, 37, 133],
  ],
  [
    [255, 241, 242],
    [255, 228, 230],
    [255, 77, 109],
    [89, 13, 34],
    [255, 179, 193],
    [255, 255, 255],
    [30, 30, 30],
    [201, 24, 74],
  ],
];

const SOURCE_BLOGS = [
  'bob',
  'alice',
  'alice-sketches',
  'night-owl-radio',
  'paper-planes',
  'tiny-kitchen',
  'pixel-garden',
  'neon-tide',
  'cat-facts-hourly',
  'synthwave-sunday',
  'ink-and-pixels',
  'lofi-study',
  'retro-computing',
  'glitch-art-daily',
  'cozy-games',
  'small-birds',
  'orbital-mechanics',
];

export const GIF_WIDTH = 250;
const FRAMES = 6;

export interface CorpusItem {
  id: string;
  topic: string;
  tags: string[];
  width: number;
  height: number;
  style: GifStyle;
  palette: number;
  seed: number;
  format: 'gif' | 'webp';
  blog: string;
  /** The source blog's uuid (messaging spec §5: a GIF sent as a message names its post's blog by uuid). */
  blogUuid: string;
  postId: number;
  hash: string;
  blogKey: string;
}

const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
function base62(n: number): string {
  let s = '';
  do {
    s = BASE62[n % 62] + s;
    n = Math.floor(n / 62);
  } while (n > 0);
  return s;
}

let ffmpegAvailable: boolean | undefined;
/** WebP fixtures need ffmpeg (Debian's has libwebp); without it every fixture is a GIF. */
export function hasFfmpeg(): boolean {
  ffmpegAvailable ??= spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0;
  return ffmpegAvailable;
}

/** Builds the corpus description (cheap: no pixels) for the seeded posts in `db`. */
export function buildCorpus(db: Db): CorpusItem[] {
  const posts = db
    .prepare(
      `SELECT p.id, p.blog_name, b.uuid FROM posts p JOIN blogs b ON b.name = p.blog_name
      WHERE p.blog_name IN (${SOURCE_BLOGS.map(() => '?').join(',')}) AND p.state = 'published' ORDER BY p.id`,
    )
    .all(...SOURCE_BLOGS) as { id: number; blog_name: string; uuid: string }[];
  const webp = hasFfmpeg();
  const items: CorpusItem[] = [];
  let n = 0;
  for (const [topic, words] of Object.entries(TOPICS)) {
    for (let k = 0; k < 8; k++, n++) {
      const rng = rngFor(`gif:${topic}:${k}`);
      const extra = [...words].sort(() => rng() - 0.5).slice(0, int(rng, 1, 3));
      // "gif"/"gifs" appear in real tag lists; the client hides them.
      const tags = [
        topic,
        ...(rng() < 0.5 ? ['gif'] : []),
        ...extra,
        ...(rng() < 0.3 ? ['gifs'] : []),
        ...(rng() < 0.3 ? ['reaction'] : []),
      ];
      const post = posts.length
        ? posts[hash32(`${topic}${k}`) % posts.length]!
        : { id: 1000 + n, blog_name: pick(rng, SOURCE_BLOGS), uuid: '' };
      items.push({
        id: `g${String(n).padStart(3, '0')}`,
        topic,
        tags,
        width: GIF_WIDTH,
        height: int(rng, 7, 16) * 20, // 140–320
        style: GIF_STYLES[(n + k) % GIF_STYLES.length]!,
        palette: hash32(topic + k) % PALETTES.length,
        seed: int(rng, 0, 96),
        format: webp && n % 5 === 4 ? 'webp' : 'gif',
        blog: post.blog_name,
        blogUuid: post.uuid,
        postId: post.id,
        hash: `Z${base62(hash32(`root:${n}`))}`,
        blogKey: base62(hash32(`key:${post.blog_name}`)).slice(0, 8),
      });
    }
  }
  return items;
}

/** Words of the query; every word must match a tag (prefix match on the tag's words). */
export function searchCorpus(items: readonly CorpusItem[], query: string, limit: number): CorpusItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items.filter((_, i) => i % 8 === 0).slice(0, limit); // "popular": one per topic
  const scored: { item: CorpusItem; score: number }[] = [];
  for (const item of items) {
    let score = 0;
    const ok = words.every((w) => {
      const hit = item.tags.some((t) => t === w || t.split(' ').some((part) => part.startsWith(w)));
      if (hit) score += item.topic === w || item.topic.startsWith(w) ? 3 : 1;
      return hit;
    });
    if (ok) scored.push({ item, score });
  }
  // Plural "cats" finds "cat" when nothing matched as typed.
  if (scored.length === 0 && words.some((w) => w.length > 3 && w.endsWith('s'))) {
    return searchCorpus(items, words.map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w)).join(' '), limit);
  }
  return scored
    .sort((a, b) => b.score - a.score || a.item.id.localeCompare(b.item.id))
    .slice(0, limit)
    .map((s) => s.item);
}

/** The media item the API returns for a corpus entry. */
export function mediaItem(origin: string, item: CorpusItem) {
  const postUrl = `${origin}/blog/${item.blog}/post/${item.postId}`;
  return {
    mediaUrl: `${origin}/assets/gif/${item.id}.${item.format}`,
    postUrl,
    rootPostUrl: postUrl,
    rootPostUrlHash: item.hash,
    rootBlog: item.blog,
    rootBlogUrl: `${origin}/blog/${item.blog}`,
    rootBlogKey: item.blogKey,
    postTags: item.tags,
    popularSearchTag: item.topic,
    width: item.width,
    height: item.height,
    postBlog: item.blog,
    ...(item.blogUuid ? { postBlogUuid: item.blogUuid } : {}),
    postId: String(item.postId),
  };
}

/** Queries with a server message (spec §4: "a server message, which may offer 'View results anyway'"). */
export const MESSAGE_QUERIES: Readonly<Record<string, { header: string; body: string; resultsFor: string }>> = {
  // Hostile on purpose: the client must strip script, link, onerror and every other handler.
  xss: {
    header: 'Careful <script>alert("gif header")</script><img src=x onerror=alert("gif header img")> out there',
    body: `These results come with hostile markup. <link rel="stylesheet" href="/static/evil.css"><a href="javascript:alert('gif body link')">a javascript: link</a> <a href="/help">Help</a> ${XSS_PAYLOADS.join(' ')}`,
    resultsFor: 'cat',
  },
  nsfw: {
    header: '<b>Heads up</b>',
    body: 'Some of these GIFs may be sensitive. <a href="/help">Learn more</a>.',
    resultsFor: 'fire',
  },
  spooky: {
    header: 'Nothing spooky here',
    body: 'We could not find spooky GIFs, so here is a <i>party</i> instead.',
    resultsFor: 'party',
  },
};

/** A query answered with an empty response (no media list): the client shows "Invalid GIF search response". */
export const EMPTY_RESPONSE_QUERY = 'void';

const pending = new Map<string, Promise<string>>();

/** The fixture file for `name` (e.g. g012.gif), painted on first use into <dataDir>/gifs/. */
export function fixtureFile(dataDir: string, items: readonly CorpusItem[], name: string): Promise<string> | undefined {
  const m = /^(g\d{3})\.(gif|webp)$/.exec(name);
  const item = m ? items.find((i) => i.id === m[1] && i.format === m[2]) : undefined;
  if (!item) return undefined;
  const dir = join(dataDir, 'gifs');
  const file = join(dir, name);
  if (existsSync(file)) return Promise.resolve(file);
  let job = pending.get(file);
  if (!job) {
    job = (async () => {
      mkdirSync(dir, { recursive: true });
      const gifFile = join(dir, `${item.id}.gif`);
      if (!existsSync(gifFile)) {
        const bytes = encodeGif({
          width: item.width,
          height: item.height,
          palette: PALETTES[item.palette]!,
          frames: paintFrames(item.style, item.width, item.height, FRAMES, item.seed),
          delayCs: 12,
        });
        const tmp = `${gifFile}.${process.pid}.tmp`;
        writeFileSync(tmp, bytes);
        renameSync(tmp, gifFile);
      }
      if (item.format === 'webp') {
        const tmp = `${file}.${process.pid}.tmp.webp`;
        await new Promise<void>((resolve, reject) =>
          execFile(
            'ffmpeg',
            ['-hide_banner', '-loglevel', 'error', '-y', '-i', gifFile, '-c:v', 'libwebp_anim', '-loop', '0', '-quality', '70', tmp],
            (error) => (error ? reject(error) : resolve()),
          ),
        );
        renameSync(tmp, file);
      }
      return file;
    })().finally(() => pending.delete(file));
    pending.set(file, job);
  }
  return job;
}

export function readFixture(file: string): Uint8Array {
  return readFileSync(file);
}
