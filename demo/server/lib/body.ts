/**
 * Request bodies: application/x-www-form-urlencoded, multipart/form-data and application/json are
 * parsed once (by the form-key middleware for every POST/PUT/PATCH/DELETE) and cached on the context.
 * text/plain bodies (sendBeacon) are tried as JSON, then as a query string.
 */
import type { Context } from 'hono';
import type { AppEnv, BodyData } from './types';

export class BodyParseError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fromSearchParams(params: URLSearchParams): BodyData {
  const out: BodyData = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

async function parse(c: Context<AppEnv>): Promise<BodyData> {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return {};
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('application/json') || type.includes('+json')) {
    const text = await c.req.text();
    if (text.trim() === '') return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BodyParseError('The request body is not valid JSON.');
    }
    return isRecord(value) ? value : { _json: value };
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    try {
      return (await c.req.parseBody({ all: true })) as BodyData;
    } catch {
      throw new BodyParseError('The request body could not be parsed.');
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return value;
  } catch {
    /* not JSON: fall through */
  }
  return { ...fromSearchParams(new URLSearchParams(text)), _text: text };
}

/** The parsed body (cached). Throws BodyParseError for malformed JSON. */
export async function readBody(c: Context<AppEnv>): Promise<BodyData> {
  const cached = c.get('body');
  if (cached) return cached;
  const body = await parse(c);
  c.set('body', body);
  return body;
}

/** A body field (or, failing that, a query parameter) as a string; numbers and booleans are stringified. */
export function field(c: Context<AppEnv>, name: string): string | undefined {
  const body = c.get('body') ?? {};
  let value = body[name];
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return c.req.query(name);
}

/** A body/query flag: 'true', '1', 'on', 'yes' or a JSON true. */
export function flag(c: Context<AppEnv>, name: string): boolean {
  const v = field(c, name);
  return v !== undefined && /^(1|true|on|yes)$/i.test(v.trim());
}

/** An uploaded file field, if any. */
export function fileField(c: Context<AppEnv>, name: string): File | undefined {
  let value = (c.get('body') ?? {})[name];
  if (Array.isArray(value)) value = value[value.length - 1];
  return typeof File !== 'undefined' && value instanceof File ? value : undefined;
}
