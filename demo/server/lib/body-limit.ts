/**
 * A cap on request bodies, checked before anything reads them (the form-key middleware parses every
 * POST/PUT/PATCH/DELETE body, so without a cap a request with no form key could still make the
 * server buffer and parse any amount). Over the cap: 413 with the envelope, nothing read further.
 * A Content-Length over the cap is refused at once; a body without one is counted as it streams.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './types';

export interface BodyCap {
  maxBytes: number;
  /** `meta.msg` of the 413 (the spec's text where it has one) and the error's detail. */
  msg: string;
  detail: string;
}

export function bodyLimitMiddleware(capOf: (c: Context<AppEnv>) => BodyCap): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const cap = capOf(c);
    return bodyLimit({
      maxSize: cap.maxBytes,
      onError: (ctx) =>
        ctx.json({ meta: { status: 413, msg: cap.msg }, errors: [{ code: 1013, title: 'Payload Too Large', detail: cap.detail }] }, 413),
    })(c, next);
  };
}
