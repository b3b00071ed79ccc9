/**
 * The upload model (authoring spec §3 "Upload item / upload model", §4 "Upload", §5 "Upload rules",
 * §7 "Media" (its upload bullet), §8, §9), no DOM and no network.
 *
 *  - A file is added, then validated: a file over the maximum size, of a type the pattern refuses,
 *    or with no endpoint to go to is invalid at once (an invalid event, nothing sent).
 *  - Otherwise it waits its turn: one upload runs at a time, and the next starts by itself (auto
 *    upload). It is uploading until it ends complete, error or aborted.
 *  - Progress is bytesLoaded / bytesTotal, or 0 while the total is 0.
 *  - The answer is read as the spec says: meta.status, the response (an object, or the first item
 *    of an array), the errors. Anything but a 200 with a response is an error whose text is the
 *    server's message, the joined error list, or "Woops :(".
 *  - A network failure is "Upload error"; an abort has no error; cancelling an upload that has no
 *    request yet is "Canceled upload". Retry puts an ended upload back in the line.
 */
import { isRecord } from '../../../src/models/record';

export const UPLOAD_TOO_BIG = 'The file is too big. Squish it down, and try again!';
/** `%1$s` is the media type (image by default). */
export const UPLOAD_INVALID_TYPE = 'This is not valid %1$s file.';
export const UPLOAD_NO_ENDPOINT = 'Upload requires an endpoint URL';
export const UPLOAD_WOOPS = 'Woops :(';
export const UPLOAD_NETWORK_ERROR = 'Upload error';
export const UPLOAD_CANCELED = 'Canceled upload';

export const UPLOAD_DEFAULT_FIELD = 'photo';
export const UPLOAD_DEFAULT_MEDIA_TYPE = 'image';
/** Spec §9: one concurrent upload. */
export const UPLOAD_CONCURRENCY = 1;

/**
 * Said to screen readers as an upload starts and once it is done (#24; ours, the spec has none).
 * `what` is how the form names the file ("photo 2", "the video"). A failure is not here: its
 * message is shown as an alert, which is heard at once.
 */
export function uploadStartSpoken(what: string): string {
  return `Uploading ${what}…`;
}

export function uploadDoneSpoken(what: string): string {
  return `Uploaded ${what}.`;
}

export type UploadStatus = 'invalid' | 'queued' | 'uploading' | 'complete' | 'error' | 'aborted';

/** What the model needs of a File (a test passes a plain object). */
export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

export interface UploadOptions {
  /** Where the file goes; required. */
  endpoint?: string;
  /** Bytes; no limit when absent. */
  maxSize?: number;
  /** Matched against the file's type (and, failing that, its name). */
  pattern?: RegExp;
  /** Names the file kind in messages ("This is not valid image file."). */
  mediaType?: string;
  /** The multipart field (default "photo"). */
  fieldName?: string;
}

export interface UploadItem<F extends UploadFile = UploadFile> {
  id: string;
  file: F;
  status: UploadStatus;
  /** True while the request runs (the spec's `uploading`). */
  uploading: boolean;
  complete: boolean;
  bytesLoaded: number;
  bytesTotal: number;
  /** The text the user sees; absent when nothing went wrong (or it was aborted). */
  error?: string;
  /** The answer's response object once complete (the spec's responseJSON). */
  responseJSON?: Record<string, unknown>;
  /** The uploaded file's address, when the response names one. */
  url?: string;
  /** Set on an invalid file whose size hit the limit: the caller logs the limit-hit event. */
  limitHit?: boolean;
}

export const progressOf = (item: Pick<UploadItem, 'bytesLoaded' | 'bytesTotal'>): number =>
  item.bytesTotal > 0 ? Math.min(1, Math.max(0, item.bytesLoaded / item.bytesTotal)) : 0;

/** Validation before anything is sent (spec §5 "Upload rules"), in the spec's order. */
export function validateUpload(file: UploadFile, options: UploadOptions): { error: string; limitHit?: true } | null {
  if (options.maxSize !== undefined && options.maxSize > 0 && file.size > options.maxSize) return { error: UPLOAD_TOO_BIG, limitHit: true };
  if (options.pattern) {
    // A fresh regex each time: a /g pattern's lastIndex would make every other test fail.
    const pattern = new RegExp(options.pattern.source, options.pattern.flags.replace('g', ''));
    if (!pattern.test(file.type) && !pattern.test(file.name)) return { error: invalidTypeMessage(options.mediaType) };
  }
  if (!options.endpoint || !options.endpoint.trim()) return { error: UPLOAD_NO_ENDPOINT };
  return null;
}

export const invalidTypeMessage = (mediaType = UPLOAD_DEFAULT_MEDIA_TYPE): string => UPLOAD_INVALID_TYPE.replace('%1$s', mediaType);

/** A new item for `file`: invalid at once, or queued for its turn. */
export function createUpload<F extends UploadFile>(id: string, file: F, options: UploadOptions): UploadItem<F> {
  const invalid = validateUpload(file, options);
  const base: UploadItem<F> = { id, file, status: 'queued', uploading: false, complete: false, bytesLoaded: 0, bytesTotal: file.size };
  return invalid ? { ...base, status: 'invalid', error: invalid.error, ...(invalid.limitHit ? { limitHit: true } : {}) } : base;
}

/** The upload to start now, if any: none while one runs (one at a time), else the oldest queued. */
export function nextUpload<F extends UploadFile>(items: readonly UploadItem<F>[]): UploadItem<F> | undefined {
  if (items.filter((i) => i.status === 'uploading').length >= UPLOAD_CONCURRENCY) return undefined;
  return items.find((i) => i.status === 'queued');
}

export type UploadResult = { ok: true; response: Record<string, unknown>; url?: string } | { ok: false; error: string };

/** Error texts from the answer's errors list (strings, or objects with a detail, title or message). */
function errorTexts(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors
    .map((e) =>
      typeof e === 'string' ? e : isRecord(e) ? [e.detail, e.message, e.title].find((t) => typeof t === 'string' && t.trim()) : undefined,
    )
    .filter((t): t is string => typeof t === 'string' && t.trim() !== '');
}

/**
 * Reads an upload's answer (authoring spec §7 "Media", §8): result.meta.status (else the HTTP status),
 * result.response (an object, or the first of an array), result.errors.
 */
export function readUploadResult(httpStatus: number, body: unknown): UploadResult {
  const meta = isRecord(body) && isRecord(body.meta) ? body.meta : undefined;
  const status = typeof meta?.status === 'number' ? meta.status : httpStatus;
  const raw = isRecord(body) ? body.response : undefined;
  const response = Array.isArray(raw) ? raw[0] : raw;
  if (status === 200 && isRecord(response) && Object.keys(response).length > 0) {
    const url = [response.url, response.media_url, response.image_url].find((u) => typeof u === 'string' && u !== '') as string | undefined;
    return url ? { ok: true, response, url } : { ok: true, response };
  }
  const msg = typeof meta?.msg === 'string' && meta.msg.trim() && !(status === 200 && meta.msg === 'OK') ? meta.msg : '';
  const listed = errorTexts(isRecord(body) ? body.errors : undefined);
  return { ok: false, error: msg || (listed.length ? listed.join(', ') : UPLOAD_WOOPS) };
}

export type UploadEvent =
  | { type: 'start' }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'answer'; status: number; body: unknown }
  | { type: 'network-error' }
  /** The running request was aborted: no error. */
  | { type: 'abort' }
  /** Cancel asked for: aborts a running request, or ends a queued one with "Canceled upload". */
  | { type: 'cancel' }
  | { type: 'retry' };

/** One upload's next state. Events that do not apply leave it as it is. */
export function uploadTransition<F extends UploadFile>(item: UploadItem<F>, event: UploadEvent): UploadItem<F> {
  switch (event.type) {
    case 'start':
      return item.status === 'queued' ? { ...item, status: 'uploading', uploading: true, bytesLoaded: 0, error: undefined } : item;
    case 'progress':
      if (item.status !== 'uploading') return item;
      return { ...item, bytesLoaded: Math.max(0, event.loaded), bytesTotal: Math.max(0, event.total) };
    case 'answer': {
      if (item.status !== 'uploading') return item;
      const result = readUploadResult(event.status, event.body);
      if (!result.ok) return { ...item, status: 'error', uploading: false, error: result.error };
      return {
        ...item,
        status: 'complete',
        uploading: false,
        complete: true,
        bytesLoaded: item.bytesTotal,
        responseJSON: result.response,
        ...(result.url ? { url: result.url } : {}),
      };
    }
    case 'network-error':
      return item.status === 'uploading' ? { ...item, status: 'error', uploading: false, error: UPLOAD_NETWORK_ERROR } : item;
    case 'abort':
      return item.status === 'uploading' ? { ...item, status: 'aborted', uploading: false, error: undefined } : item;
    case 'cancel':
      if (item.status === 'uploading') return { ...item, status: 'aborted', uploading: false, error: undefined };
      if (item.status === 'queued') return { ...item, status: 'aborted', error: UPLOAD_CANCELED };
      return item;
    case 'retry':
      return item.status === 'error' || item.status === 'aborted'
        ? { ...item, status: 'queued', uploading: false, bytesLoaded: 0, error: undefined }
        : item;
  }
}

// ---------------------------------------------------------------------------------------------
// The line of uploads: one runs at a time, the next starts by itself. The transport (XHR in the
// browser, a fake in tests) is injected.

export interface UploadRequest {
  /** Settles with the HTTP status and the parsed body; rejects with `{ aborted: true }` or a network error. */
  done: Promise<{ status: number; body: unknown }>;
  abort(): void;
}

export type UploadTransport<F extends UploadFile> = (
  file: F,
  target: { endpoint: string; fieldName: string },
  onProgress: (loaded: number, total: number) => void,
) => UploadRequest;

export interface Uploader<F extends UploadFile> {
  /** Adds files; each is validated at once (an invalid one calls onInvalid and is never sent). */
  add(files: readonly F[]): UploadItem<F>[];
  cancel(id: string): void;
  retry(id: string): void;
  /** Takes an item out of the list (cancelling it first if it runs). */
  remove(id: string): void;
  items(): readonly UploadItem<F>[];
}

export function createUploader<F extends UploadFile>(config: {
  options: UploadOptions;
  transport: UploadTransport<F>;
  onChange: (items: readonly UploadItem<F>[]) => void;
  onInvalid?: (item: UploadItem<F>) => void;
  newId?: () => string;
}): Uploader<F> {
  let items: UploadItem<F>[] = [];
  let seq = 0;
  const running = new Map<string, UploadRequest>();
  const newId = config.newId ?? (() => `u${++seq}`);

  const set = (id: string, event: UploadEvent) => {
    const before = items.find((i) => i.id === id);
    if (!before) return;
    const after = uploadTransition(before, event);
    if (after === before) return;
    items = items.map((i) => (i.id === id ? after : i));
    config.onChange(items);
  };

  const pump = () => {
    const next = nextUpload(items);
    if (!next) return;
    set(next.id, { type: 'start' });
    const request = config.transport(
      next.file,
      { endpoint: config.options.endpoint ?? '', fieldName: config.options.fieldName ?? UPLOAD_DEFAULT_FIELD },
      (loaded, total) => set(next.id, { type: 'progress', loaded, total }),
    );
    running.set(next.id, request);
    request.done
      .then(
        ({ status, body }) => set(next.id, { type: 'answer', status, body }),
        (error: unknown) => set(next.id, isRecord(error) && error.aborted === true ? { type: 'abort' } : { type: 'network-error' }),
      )
      .finally(() => {
        running.delete(next.id);
        pump();
      });
  };

  return {
    add(files) {
      const added = files.map((file) => createUpload(newId(), file, config.options));
      items = [...items, ...added];
      config.onChange(items);
      for (const item of added) if (item.status === 'invalid') config.onInvalid?.(item);
      pump();
      return added;
    },
    cancel(id) {
      const request = running.get(id);
      if (request)
        request.abort(); // the request's rejection ends it as aborted, then the next starts
      else set(id, { type: 'cancel' });
    },
    retry(id) {
      set(id, { type: 'retry' });
      pump();
    },
    remove(id) {
      running.get(id)?.abort();
      items = items.filter((i) => i.id !== id);
      config.onChange(items);
    },
    items: () => items,
  };
}
