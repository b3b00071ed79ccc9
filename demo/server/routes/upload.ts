/**
 * Post media: uploads, embed lookups and OpenGraph (authoring spec §7 "Media", §3 "Embed data response").
 *   POST /svc/post/upload/photo|audio|video   multipart, the file in the field named after the kind
 *        ("photo" is the client's default) → { meta, response: [{ url, media_key, type, width?, height?, bytes }] }
 *        Files are checked by their first bytes (not the name or the declared type), stored under
 *        <dataDir>/uploads and served from GET /media/uploads/<file>. Limits: photo 10 MB, audio 10 MB,
 *        video 50 MB (413 with the spec's "too big" text as meta.msg).
 *   POST /svc/post/get_video_data   JSON or form: embed_url, embed_width → the embed data response for the
 *        demo's own sample service (/demotube/watch/<id>); "false" for a URL it does not know.
 *        `slow-thumbnail` answers without a thumbnail the first time (the client's one retry),
 *        `no-thumbnail` never has one.
 *   GET  /svc/post/opengraph?url=   OpenGraph of the demo's own pages (a blog, a post) → { title,
 *        description, image, site_name, url }; 404 for anything else.
 *   GET  /demotube/watch/<id>, /demotube/embed/<id>   the sample service's video page and its player page.
 * Errors: 400 no file / not that kind of file / no url; 401 logged out; 403 no form key (every POST).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { field, fileField } from '../lib/body';
import { getBlog, originOf } from '../lib/blogs';
import { E, fail, ok, okBody } from '../lib/envelope';
import { imageInfo } from '../lib/image-info';
import { DEMOTUBE } from '../lib/demotube';
import { SAMPLE_MEDIA } from '../lib/media';
import { parseContent, postUrl } from '../lib/posts';
import { requireUser } from '../lib/session';
import { serveFile } from '../lib/static';
import type { AppEnv, Deps, PostRow } from '../lib/types';
import { html, htmlToText } from '../../pages/html';

export const UPLOAD_LIMITS = { photo: 10_485_760, audio: 10_485_760, video: 52_428_800 } as const;
type Kind = keyof typeof UPLOAD_LIMITS;
/** The spec's text for a file over its limit (authoring spec §7 "Uploads"). */
export const TOO_BIG = 'The file is too big. Squish it down, and try again!';

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, text: string) =>
  startsWith(
    b,
    [...text].map((ch) => ch.charCodeAt(0)),
    at,
  );

/** What a file is, from its first bytes; null when it is not the kind asked for. */
function sniff(kind: Kind, b: Uint8Array): { ext: string; width?: number; height?: number } | null {
  if (kind === 'photo') {
    const info = imageInfo(b);
    if (!info || info.width === 0 || info.height === 0) return null;
    return { ext: { png: 'png', gif: 'gif', jpeg: 'jpg' }[info.kind], width: info.width, height: info.height };
  }
  if (kind === 'audio') {
    if (ascii(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return { ext: 'mp3' };
    if (ascii(b, 0, 'OggS')) return { ext: 'ogg' };
    if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { ext: 'wav' };
    if (ascii(b, 4, 'ftyp')) return { ext: 'm4a' };
    return null;
  }
  if (ascii(b, 4, 'ftyp')) return { ext: 'mp4' };
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return { ext: 'webm' };
  return null;
}

export function uploadRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const dir = join(deps.dataDir, 'uploads');
  /** Per demo reset: which lookups of `slow-thumbnail` have been answered (the first has no thumbnail). */
  const slowSeen = new Set<string>();
  deps.onReset.add(() => slowSeen.clear());

  r.post('/svc/post/upload/:kind{photo|audio|video}', async (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const kind = c.req.param('kind') as Kind;
    const file = fileField(c, kind);
    if (!file) return fail(c, 400, E.badRequest(`Missing the file (multipart field "${kind}").`));
    if (file.size > UPLOAD_LIMITS[kind])
      return c.json({ meta: { status: 413, msg: TOO_BIG }, errors: [{ code: 1013, title: 'Payload Too Large', detail: TOO_BIG }] }, 413);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const found = sniff(kind, bytes);
    if (!found) {
      const msg = `This is not valid ${kind === 'photo' ? 'image' : kind} file.`;
      return c.json({ meta: { status: 400, msg }, errors: [{ code: 1000, title: 'Bad Request', detail: msg }] }, 400);
    }
    mkdirSync(dir, { recursive: true });
    const key = randomBytes(12).toString('hex');
    const name = `${key}.${found.ext}`;
    writeFileSync(join(dir, name), bytes);
    const origin = originOf(c.req.url);
    return ok(c, [
      {
        url: `${origin}/media/uploads/${name}`,
        media_key: key,
        type: kind,
        bytes: bytes.length,
        ...(found.width ? { width: found.width, height: found.height } : {}),
      },
    ]);
  });

  r.get('/media/uploads/:file{[0-9a-f]{24}\\.(?:png|gif|jpg|mp3|ogg|wav|m4a|mp4|webm)}', (c) =>
    serveFile(c, dir, c.req.param('file'), 'public, max-age=31536000, immutable'),
  );

  r.post('/svc/post/get_video_data', async (c) => {
    const auth = requireUser(c);
    if ('response' in auth) return auth.response;
    const url = (field(c, 'embed_url') ?? '').trim();
    if (!url) return fail(c, 400, E.badRequest('Missing "embed_url".'));
    const width = Math.min(1280, Math.max(200, Number(field(c, 'embed_width')) || 540));
    const origin = originOf(c.req.url);
    const id = /^https?:\/\/[^/\s]+\/demotube\/watch\/([\w-]+)$/.exec(url)?.[1];
    // Not a service this server knows: the spec's "false" answer.
    if (!id || !DEMOTUBE[id]) return c.json(okBody('false'));
    const height = Math.round((width * 9) / 16);
    const player = `${origin}/demotube/embed/${id}`;
    const late = id === 'slow-thumbnail' && !slowSeen.has(auth.session.name);
    if (id === 'slow-thumbnail') slowSeen.add(auth.session.name);
    const thumbnail = id === 'no-thumbnail' || late ? undefined : `${origin}${SAMPLE_MEDIA.poster}`;
    return ok(c, {
      url,
      ...(thumbnail ? { thumbnail } : {}),
      embed_code: `<iframe src="${player}" width="${width}" height="${height}" title="${DEMOTUBE[id]}" allowfullscreen></iframe>`,
      preview_iframe: `<iframe src="${player}?preview=1" width="${width}" height="${height}" title="${DEMOTUBE[id]}"></iframe>`,
      embed_render_context: { provider: 'demotube', id, width, height },
    });
  });

  r.get('/svc/post/opengraph', (c) => {
    const raw = (c.req.query('url') ?? '').trim();
    const origin = originOf(c.req.url);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return fail(c, 400, E.badRequest('Missing or malformed "url".'));
    }
    if (url.origin !== origin) return fail(c, 404, E.notFound('No OpenGraph data for that address.'));
    const m = /^\/blog\/([a-z0-9-]+)(?:\/post\/(\d+))?/.exec(url.pathname);
    const blog = m ? getBlog(deps.db, m[1]!) : undefined;
    if (!blog) return fail(c, 404, E.notFound('No OpenGraph data for that address.'));
    const post = m?.[2]
      ? (deps.db.prepare("SELECT * FROM posts WHERE id = ? AND blog_name = ? AND state = 'published'").get(Number(m[2]), blog.name) as
          PostRow | undefined)
      : undefined;
    if (m?.[2] && !post) return fail(c, 404, E.notFound('No such post.'));
    const content = post ? parseContent(post) : {};
    const photos = Array.isArray(content.photos) ? (content.photos as { url?: unknown }[]) : [];
    const photo = typeof photos[0]?.url === 'string' ? photos[0].url : undefined;
    const image = photo ? (photo.startsWith('/') ? `${origin}${photo}` : photo) : `${origin}/assets/avatar/${blog.name}/512.svg`;
    const text = post
      ? htmlToText(String(content.title ?? content.body ?? content.caption ?? content.text ?? '')).slice(0, 200)
      : htmlToText(blog.description_sanitized).slice(0, 200);
    return ok(c, {
      url: post ? postUrl(origin, post) : `${origin}/blog/${blog.name}`,
      title: post ? String(content.title ?? '') || `A ${post.type} post by ${blog.name}` : blog.title,
      description: text,
      image,
      site_name: 'tumblelog',
    });
  });

  const demotubePage = (c: Context<AppEnv>, embed: boolean) => {
    const id = c.req.param('id') ?? '';
    const title = DEMOTUBE[id];
    if (!title) return c.text('No such video.', 404);
    const body = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · demotube</title><link rel="stylesheet" href="/static/demotube.css"></head>
<body class="${embed ? 'embed' : 'watch'}"><video src="${SAMPLE_MEDIA.sd}" poster="${id === 'no-thumbnail' ? '' : SAMPLE_MEDIA.poster}" controls playsinline preload="metadata" aria-label="${title}"></video>${embed ? '' : html`<h1>${title}</h1><p>A sample video on the demo's own stand-in video service.</p>`}</body></html>`;
    return c.html(body.toString());
  };
  r.get('/demotube/watch/:id', (c) => demotubePage(c, false));
  r.get('/demotube/embed/:id', (c) => demotubePage(c, true));

  return r;
}
