/**
 * GIF search over the local corpus (lib/gif-corpus.ts).
 *   POST /svc/search/inline_gif   q, limit (default and max 200), optional context
 *        → { response: { media: [media item…], message?: { header, body } } }
 *        q "xss" | "nsfw" | "spooky" → a server message (header/body HTML; "xss" is hostile on purpose) with results
 *        q "xss-<i>" in the xss seed mode (db/xss-seed.ts) → DOMPurify's vector i as the message's header and body
 *        q "void" → { response: {} } (no media list: the client's "Invalid GIF search response")
 *        no match → { response: { media: [] } }
 *   GET  /assets/gif/:file        g000.gif … g319.gif (some .webp when ffmpeg is installed), painted on first use
 *        into <DATA_DIR>/gifs/; Cache-Control: public, max-age=86400
 */
import { Hono } from 'hono';
import { field } from '../lib/body';
import { originOf } from '../lib/blogs';
import { ok } from '../lib/envelope';
import {
  buildCorpus,
  EMPTY_RESPONSE_QUERY,
  fixtureFile,
  mediaItem,
  MESSAGE_QUERIES,
  readFixture,
  searchCorpus,
  type CorpusItem,
} from '../lib/gif-corpus';
import { xssGifMessage } from '../db/xss-seed';
import type { AppEnv, Deps } from '../lib/types';

export const GIF_LIMIT_MAX = 200;

export function gifSearchRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  let corpus: CorpusItem[] | null = null;
  const items = () => (corpus ??= buildCorpus(deps.db));
  deps.onReset.add(() => {
    corpus = null;
  });

  /** In the xss seed mode, `xss-<i>`: vector i as the message's header and body, with results. */
  const xssMessageQuery = (q: string) => {
    const message = xssGifMessage(deps.db, q);
    return message ? { ...message, resultsFor: 'cat' } : undefined;
  };

  r.post('/svc/search/inline_gif', (c) => {
    const q = (field(c, 'q') ?? '').replace(/\s+/g, ' ').toLowerCase().trim();
    const limit = Math.min(Math.max(Number(field(c, 'limit') ?? GIF_LIMIT_MAX) || GIF_LIMIT_MAX, 1), GIF_LIMIT_MAX);
    const origin = originOf(c.req.url);
    if (q === EMPTY_RESPONSE_QUERY) return ok(c, {});
    // An own key only: a query such as "constructor" is a search like any other, not Object's.
    const special = (Object.hasOwn(MESSAGE_QUERIES, q) ? MESSAGE_QUERIES[q] : undefined) ?? xssMessageQuery(q);
    if (special) {
      const media = searchCorpus(items(), special.resultsFor, limit).map((i) => mediaItem(origin, i));
      return ok(c, { media, message: { header: special.header, body: special.body } });
    }
    return ok(c, { media: searchCorpus(items(), q, limit).map((i) => mediaItem(origin, i)) });
  });

  r.get('/assets/gif/:file', async (c) => {
    const job = fixtureFile(deps.dataDir, items(), c.req.param('file'));
    if (!job) return c.text('Not found', 404);
    const file = await job;
    const body = readFixture(file);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.endsWith('.webp') ? 'image/webp' : 'image/gif',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return r;
}
