/**
 * A small static file server: MIME types, ETag/304, byte ranges (for media), no directory listing,
 * and, like a CDN, brotli or gzip for text files (compressed once per file version, kept in memory).
 */
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

export const MIME: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** Resolves `relative` inside `root`, or null when it escapes the root or is not a file. */
export function resolveInside(root: string, relative: string): { file: string; stat: Stats } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${sep}${decoded}`);
  if (file !== base && !file.startsWith(base + sep)) return null;
  try {
    const stat = statSync(file);
    return stat.isFile() ? { file, stat } : null;
  } catch {
    return null;
  }
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;
const MAX_COMPRESSED_CACHE = 400;
const compressedCache = new Map<string, Uint8Array>();

/** The encoding to answer with: brotli before gzip, none when the client accepts neither (or says q=0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function compressed(file: string, etag: string, encoding: 'br' | 'gzip'): Uint8Array {
  const key = `${encoding} ${file} ${etag}`;
  let body = compressedCache.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gzipSync(raw, { level: 9 });
    if (compressedCache.size >= MAX_COMPRESSED_CACHE) compressedCache.delete(compressedCache.keys().next().value!);
    compressedCache.set(key, body);
  }
  return body;
}

export function serveFile(c: Context, root: string, relative: string, cacheControl = 'no-cache'): Response {
  const found = resolveInside(root, relative);
  if (!found) return c.text('Not found', 404);
  const { file, stat } = found;
  const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  };
  if (COMPRESSIBLE.test(type)) headers.Vary = 'Accept-Encoding';
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const range = c.req.header('range');
  const encoding = COMPRESSIBLE.test(type) && !range && stat.size > 256 ? pickEncoding(c.req.header('accept-encoding')) : null;
  if (encoding) {
    const body = compressed(file, etag, encoding);
    delete headers['Accept-Ranges'];
    headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.byteLength);
    return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
  }
  let start = 0;
  let end = stat.size - 1;
  let status = 200;
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    if (m && (m[1] || m[2])) {
      if (m[1]) {
        start = Number(m[1]);
        end = m[2] ? Math.min(Number(m[2]), stat.size - 1) : stat.size - 1;
      } else {
        start = Math.max(stat.size - Number(m[2]), 0);
      }
      if (start > end || start >= stat.size) {
        return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${stat.size}` } });
      }
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
    }
  }
  headers['Content-Length'] = String(stat.size === 0 ? 0 : end - start + 1);
  if (c.req.method === 'HEAD' || stat.size === 0) return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
