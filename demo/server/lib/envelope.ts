/** The /svc response envelope: `{meta, response}` on success, `{meta, errors}` on failure. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const STATUS_MSG: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Limit Exceeded',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export interface ApiErrorItem {
  code: number;
  title: string;
  detail?: string;
}

export function meta(status: number) {
  return { status, msg: STATUS_MSG[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Error' : 'OK') };
}

export function okBody(response: unknown, status = 200) {
  return { meta: meta(status), response };
}

export function errorBody(status: number, errors: ApiErrorItem | ApiErrorItem[]) {
  return { meta: meta(status), errors: Array.isArray(errors) ? errors : [errors] };
}

export function ok(c: Context, response: unknown, status = 200): Response {
  return c.json(okBody(response, status), status as ContentfulStatusCode);
}

export function fail(c: Context, status: number, errors: ApiErrorItem | ApiErrorItem[]): Response {
  return c.json(errorBody(status, errors), status as ContentfulStatusCode);
}

/** Error codes used by the demo server (documented in demo/README.md). */
export const E = {
  badRequest: (detail: string): ApiErrorItem => ({ code: 1000, title: 'Bad Request', detail }),
  loggedOut: (detail = 'You need to be logged in to do that.'): ApiErrorItem => ({ code: 1001, title: 'Unauthorized', detail }),
  invalidFormKey: (): ApiErrorItem => ({ code: 1003, title: 'Invalid form key' }),
  forbidden: (detail: string): ApiErrorItem => ({ code: 1004, title: 'Forbidden', detail }),
  notFound: (detail = 'Not found.'): ApiErrorItem => ({ code: 1005, title: 'Not Found', detail }),
  blogNotFound: (name: string): ApiErrorItem => ({ code: 1006, title: 'Not Found', detail: `No blog named "${name}".` }),
  conflict: (detail: string): ApiErrorItem => ({ code: 1009, title: 'Conflict', detail }),
  blocked: (detail: string): ApiErrorItem => ({ code: 1010, title: 'Blocked', detail }),
  server: (detail = 'Something went wrong.'): ApiErrorItem => ({ code: 1500, title: 'Internal Server Error', detail }),
};
