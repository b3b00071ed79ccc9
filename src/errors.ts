/**
 * Everything that can go wrong with a call, as one typed error. No DOM, no React. It lives beside
 * the layers rather than in one: the API client throws these, models raise them for malformed
 * data, elements show them; none of them has to import another for it.
 */

export type ApiErrorKind =
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'conflict' // 409
  | 'rate-limited' // 429
  | 'server' // 5xx
  | 'http' // any other non-2xx
  | 'malformed' // 2xx whose body is not the JSON we expect
  | 'network' // fetch rejected (offline, DNS, CORS)
  | 'timeout'
  | 'aborted';

export interface ServerErrorItem {
  code?: number;
  title?: string;
  detail?: string;
  message?: string;
}

/** The spec's alert for a post action answered 401, 404 or 500 (two spaces, as the spec writes it). */
export const POST_ACTION_ALERT = 'Sorry, we seem to be having technical trouble.  Please try again later.';
/** The spec's alert when code (e.g. the post form chunk) fails to load. */
export const CODE_LOAD_ALERT = 'Sorry, we seem to be having technical trouble. Please try again later.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    message: string,
    readonly errors: ServerErrorItem[] = [],
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The first error code the server gave (e.g. 7001), if any. */
  get code(): number | undefined {
    return this.errors.find((e) => typeof e.code === 'number')?.code;
  }

  /** The first human-readable error message the server gave, if any. */
  get serverMessage(): string | undefined {
    const first = this.errors[0];
    return first?.detail ?? first?.title ?? first?.message;
  }
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'http';
}

/** Reads `errors` from an error body in any of the shapes the services use. */
export function errorsFromBody(body: unknown): ServerErrorItem[] {
  if (typeof body !== 'object' || body === null) return [];
  const b = body as Record<string, unknown>;
  const list = Array.isArray(b.errors)
    ? b.errors
    : typeof b.response === 'object' && b.response !== null && Array.isArray((b.response as Record<string, unknown>).errors)
      ? ((b.response as Record<string, unknown>).errors as unknown[])
      : [];
  return list.map((e): ServerErrorItem => {
    if (typeof e === 'string') return { message: e };
    if (typeof e !== 'object' || e === null) return {};
    const r = e as Record<string, unknown>;
    return {
      ...(typeof r.code === 'number'
        ? { code: r.code }
        : typeof r.code === 'string' && /^\d+$/.test(r.code)
          ? { code: Number(r.code) }
          : {}),
      ...(typeof r.title === 'string' ? { title: r.title } : {}),
      ...(typeof r.detail === 'string' ? { detail: r.detail } : {}),
      ...(typeof r.message === 'string' ? { message: r.message } : {}),
    };
  });
}

/** Post actions: 200 success, 403 forbidden, 401/404/500 alert + failure (spec §8). */
export type PostActionOutcome = 'success' | 'forbidden' | 'failure';
export function postActionOutcome(status: number): PostActionOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 403) return 'forbidden';
  return 'failure';
}

/** Thrown by response validators; the client turns it into ApiError('malformed'). */
export class MalformedResponse extends Error {
  override readonly name = 'MalformedResponse';
}
