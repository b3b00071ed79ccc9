/**
 * The one HTTP client. Every call goes through `request()`: form key, body
 * encodings, abort and timeout, and every failure turned into an ApiError —
 * so a component never sees an exception it did not expect.
 */
import { $session } from '../session/session';
import { ApiError, MalformedResponse, errorsFromBody, kindForStatus } from '../errors';
import { nextTask } from '../core/next-task';

export const FORM_KEY_HEADER = 'X-Tumblr-Form-Key';
export const DEFAULT_TIMEOUT_MS = 15000;
/**
 * An answer longer than this (about 600 messages, or 200 posts) is parsed in a task of its own and
 * read in another, and the caller goes on in a third: a conversation of 10,000 messages arriving
 * at once was one task of 105–130 ms (parse, read and the list's render together).
 */
export const LARGE_BODY_CHARS = 100_000;

type Scalar = string | number | boolean | null | undefined;
export type Params = Record<string, Scalar | Scalar[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  query?: Params;
  /** Sent form-encoded. */
  form?: Params;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart (uploads). */
  multipart?: FormData;
  /**
   * Send the form key (default: every method but GET). A GET that asks for it (the authoring
   * spec's reads: "all calls send a form key unless stated") sends it when the page has one, and
   * is still sent without: reading needs no key, and a theme page may have none.
   */
  formKey?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function appendParams(target: URLSearchParams, params: Params) {
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) target.append(key, String(v));
  }
}

export function buildUrl(path: string, query?: Params): string {
  const base = $session.get().apiBase;
  const url = /^https?:\/\//.test(path) ? path : `${base}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  appendParams(search, query);
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

type SuccessListener = (path: string) => void;
const successListeners = new Set<SuccessListener>();

/**
 * Told after every call that got an answer it could use: the server is reachable (unsent
 * messages are tried again then). Returns the function that stops listening.
 */
export function onCallSucceeded(listener: SuccessListener): () => void {
  successListeners.add(listener);
  return () => void successListeners.delete(listener);
}

type FailureListener = (path: string, status: number) => void;
const failureListeners = new Set<FailureListener>();

/** Told after every call the server answered with an error status (a 401: the session ended). */
export function onCallFailed(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => void failureListeners.delete(listener);
}

function tell<A extends unknown[]>(listeners: Iterable<(...args: A) => void>, ...args: A): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      console.error('[tumblelog] a call listener failed', error);
    }
  }
}

let warnedNoFormKey = false;

/**
 * A call that changes something needs the page's form key (`<meta name="tumblr-form-key">` or
 * configure({ formKey })). Without one it is not sent — the server would refuse it, and nothing
 * typed must be lost to a refusal the page could have told us about: it fails as a 401 would, so
 * each element keeps what was typed and tells the user to log in again (README, "Session"). One
 * warning per page says why; the server never heard of it, so no one is told the session ended.
 */
function refuseWithoutFormKey(path: string): never {
  if (!warnedNoFormKey) {
    warnedNoFormKey = true;
    console.warn(
      `[tumblelog] the page gave no form key (<meta name="tumblr-form-key">): ${path} and every call that changes something is not sent.`,
    );
  }
  throw new ApiError('unauthorized', 401, 'Not sent: the page gave no form key');
}

/** Performs a call and returns the parsed JSON body (the whole envelope). */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  return (await call(path, options)).parsed;
}

/** The call itself; `large` when the answer was long enough to be parsed in a task of its own. */
async function call(path: string, options: RequestOptions): Promise<{ parsed: unknown; large: boolean }> {
  const method = options.method ?? (options.form || options.json !== undefined || options.multipart ? 'POST' : 'GET');
  const session = $session.get();
  const sendKey = options.formKey ?? method !== 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;

  if (sendKey && !session.formKey && method !== 'GET') refuseWithoutFormKey(path);
  if (sendKey && session.formKey) headers[FORM_KEY_HEADER] = session.formKey;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(sendKey && isPlainObject(options.json) ? { ...options.json, form_key: session.formKey } : options.json);
  } else if (options.multipart) {
    if (sendKey) options.multipart.set('form_key', session.formKey);
    body = options.multipart;
  } else if (options.form || (sendKey && method !== 'GET')) {
    const form = new URLSearchParams();
    appendParams(form, options.form ?? {});
    if (sendKey) form.set('form_key', session.formKey);
    headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    body = form;
  }

  const controller = new AbortController();
  // A page (or the fault-matrix test) may set its own limit in the bootstrap config.
  const configured = session.config.request_timeout_ms;
  const timeoutMs = options.timeoutMs ?? (typeof configured === 'number' && configured > 0 ? configured : DEFAULT_TIMEOUT_MS);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body ?? null,
      signal: controller.signal,
      credentials: session.apiBase ? 'include' : 'same-origin',
    });
  } catch (error) {
    if (timedOut) throw new ApiError('timeout', 0, `Request timed out after ${timeoutMs} ms`);
    if (controller.signal.aborted) throw new ApiError('aborted', 0, 'Request aborted');
    throw new ApiError('network', 0, error instanceof Error ? error.message : 'Network error');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError(options.signal?.aborted ? 'aborted' : 'network', response.status, 'Response body could not be read');
  }
  const large = text.length > LARGE_BODY_CHARS;
  if (large) await nextTaskUnlessAborted(options.signal, response.status);
  let parsed: unknown = undefined;
  let parseFailed = false;
  if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parseFailed = true;
    }
  }
  if (!response.ok) {
    tell(failureListeners, path, response.status);
    throw new ApiError(kindForStatus(response.status), response.status, `HTTP ${response.status}`, errorsFromBody(parsed), parsed);
  }
  if (parseFailed || parsed === undefined) {
    throw new ApiError('malformed', response.status, 'The server sent a response that is not JSON');
  }
  tell(successListeners, path);
  if (large) await nextTaskUnlessAborted(options.signal, response.status);
  return { parsed, large };
}

/** Yields to the browser; a call aborted meanwhile (its window closed) ends there. */
async function nextTaskUnlessAborted(signal: AbortSignal | undefined, status: number): Promise<void> {
  await nextTask();
  if (signal?.aborted) throw new ApiError('aborted', status, 'Request aborted');
}

/**
 * Performs a call and validates its body: `read` gets the envelope's `response`
 * (or the root when there is none) and throws MalformedResponse if the shape
 * is wrong, which becomes ApiError('malformed').
 */
export async function requestData<T>(path: string, options: RequestOptions, read: (data: unknown) => T): Promise<T> {
  const { parsed: body, large } = await call(path, options);
  const data = isPlainObject(body) && 'response' in body ? body.response : body;
  let value: T;
  try {
    value = read(data);
  } catch (error) {
    if (error instanceof MalformedResponse) throw new ApiError('malformed', 200, error.message, [], body);
    throw error;
  }
  // what the caller does with a long answer (a store update, a render) is a task of its own too
  if (large) await nextTaskUnlessAborted(options.signal, 200);
  return value;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
