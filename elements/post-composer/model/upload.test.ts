import { describe, expect, it, vi } from 'vitest';
import {
  createUpload,
  createUploader,
  invalidTypeMessage,
  nextUpload,
  progressOf,
  readUploadResult,
  uploadTransition,
  validateUpload,
  uploadDoneSpoken,
  uploadStartSpoken,
  UPLOAD_CANCELED,
  UPLOAD_NETWORK_ERROR,
  UPLOAD_NO_ENDPOINT,
  UPLOAD_TOO_BIG,
  UPLOAD_WOOPS,
  type UploadFile,
  type UploadItem,
  type UploadRequest,
} from './upload';

const jpg = (size = 1000, name = 'a.jpg'): UploadFile => ({ name, size, type: 'image/jpeg' });
const OPTIONS = { endpoint: '/svc/post/upload_photo', maxSize: 5000, pattern: /^image\/(jpeg|png|gif|webp)$/ };

describe('validation (spec §5 "Upload rules")', () => {
  it('refuses a file over the maximum size, with the limit hit', () => {
    expect(validateUpload(jpg(5001), OPTIONS)).toEqual({ error: UPLOAD_TOO_BIG, limitHit: true });
    expect(validateUpload(jpg(5000), OPTIONS)).toBeNull();
  });
  it('refuses a type the pattern does not match, naming the media type (image by default)', () => {
    expect(validateUpload({ name: 'a.txt', size: 10, type: 'text/plain' }, OPTIONS)).toEqual({ error: 'This is not valid image file.' });
    expect(
      validateUpload({ name: 'a.mp3', size: 10, type: 'text/plain' }, { ...OPTIONS, pattern: /^audio\//, mediaType: 'audio' }),
    ).toEqual({ error: 'This is not valid audio file.' });
    expect(invalidTypeMessage('video')).toBe('This is not valid video file.');
  });
  it('a /g pattern still matches every time', () => {
    const options = { ...OPTIONS, pattern: /image/g };
    expect([validateUpload(jpg(), options), validateUpload(jpg(), options), validateUpload(jpg(), options)]).toEqual([null, null, null]);
  });
  it('needs an endpoint', () => {
    expect(validateUpload(jpg(), { ...OPTIONS, endpoint: '' })).toEqual({ error: UPLOAD_NO_ENDPOINT });
    expect(validateUpload(jpg(), { maxSize: 10 ** 6 })).toEqual({ error: UPLOAD_NO_ENDPOINT });
  });
  it('an invalid file is an invalid item; a valid one waits its turn', () => {
    expect(createUpload('1', jpg(9999), OPTIONS)).toMatchObject({
      status: 'invalid',
      error: UPLOAD_TOO_BIG,
      limitHit: true,
      uploading: false,
    });
    expect(createUpload('2', jpg(), OPTIONS)).toMatchObject({ status: 'queued', bytesLoaded: 0, bytesTotal: 1000 });
  });
});

describe('progress', () => {
  it('is loaded / total, or 0 while the total is 0', () => {
    expect(progressOf({ bytesLoaded: 50, bytesTotal: 200 })).toBe(0.25);
    expect(progressOf({ bytesLoaded: 50, bytesTotal: 0 })).toBe(0);
    expect(progressOf({ bytesLoaded: 500, bytesTotal: 200 })).toBe(1);
  });
});

describe('reading the answer (spec §7, §8)', () => {
  it('a 200 with a response object, or the first of an array', () => {
    expect(readUploadResult(200, { meta: { status: 200, msg: 'OK' }, response: { url: '/u/1.jpg', width: 3 } })).toEqual({
      ok: true,
      response: { url: '/u/1.jpg', width: 3 },
      url: '/u/1.jpg',
    });
    expect(readUploadResult(200, { meta: { status: 200 }, response: [{ media_url: '/u/2.png' }, { url: 'x' }] })).toMatchObject({
      ok: true,
      url: '/u/2.png',
    });
  });
  it('meta.status wins over the HTTP status', () => {
    expect(readUploadResult(200, { meta: { status: 400, msg: 'Bad file' }, response: { url: 'x' } })).toEqual({
      ok: false,
      error: 'Bad file',
    });
  });
  it("errors: the server's message, else the joined error list, else Woops", () => {
    expect(readUploadResult(413, { meta: { status: 413, msg: 'Too large' }, errors: [{ detail: 'ignored' }] })).toEqual({
      ok: false,
      error: 'Too large',
    });
    expect(readUploadResult(400, { errors: [{ detail: 'One' }, 'Two', { title: 'Three' }, 4] })).toEqual({
      ok: false,
      error: 'One, Two, Three',
    });
    expect(readUploadResult(500, null)).toEqual({ ok: false, error: UPLOAD_WOOPS });
    expect(readUploadResult(200, { meta: { status: 200, msg: 'OK' }, response: {} })).toEqual({ ok: false, error: UPLOAD_WOOPS });
    expect(readUploadResult(200, { meta: { status: 200, msg: 'OK' }, response: [] })).toEqual({ ok: false, error: UPLOAD_WOOPS });
    expect(readUploadResult(200, 'not json')).toEqual({ ok: false, error: UPLOAD_WOOPS });
  });
});

describe('the state machine', () => {
  const queued = () => createUpload('1', jpg(), OPTIONS);
  const uploading = () => uploadTransition(queued(), { type: 'start' });

  it('queued → uploading → complete', () => {
    const u = uploading();
    expect(u).toMatchObject({ status: 'uploading', uploading: true });
    const p = uploadTransition(u, { type: 'progress', loaded: 400, total: 1000 });
    expect(progressOf(p)).toBe(0.4);
    const done = uploadTransition(p, { type: 'answer', status: 200, body: { meta: { status: 200 }, response: { url: '/u.jpg' } } });
    expect(done).toMatchObject({ status: 'complete', complete: true, uploading: false, url: '/u.jpg', bytesLoaded: 1000 });
    expect(done.responseJSON).toEqual({ url: '/u.jpg' });
  });
  it('→ error on a bad answer or a network failure', () => {
    expect(uploadTransition(uploading(), { type: 'answer', status: 500, body: {} })).toMatchObject({
      status: 'error',
      error: UPLOAD_WOOPS,
      uploading: false,
    });
    expect(uploadTransition(uploading(), { type: 'network-error' })).toMatchObject({ status: 'error', error: UPLOAD_NETWORK_ERROR });
  });
  it('→ aborted with no error when the request is aborted; a queued one cancelled is "Canceled upload"', () => {
    const aborted = uploadTransition(uploading(), { type: 'cancel' });
    expect(aborted).toMatchObject({ status: 'aborted', uploading: false });
    expect(aborted.error).toBeUndefined();
    expect(uploadTransition(uploading(), { type: 'abort' }).error).toBeUndefined();
    expect(uploadTransition(queued(), { type: 'cancel' })).toMatchObject({ status: 'aborted', error: UPLOAD_CANCELED });
  });
  it('retry puts an ended upload back in the line; a complete one stays', () => {
    const failed = uploadTransition(uploading(), { type: 'network-error' });
    expect(uploadTransition(failed, { type: 'retry' })).toMatchObject({ status: 'queued', error: undefined, bytesLoaded: 0 });
    const done = uploadTransition(uploading(), { type: 'answer', status: 200, body: { response: { url: 'x' } } });
    expect(uploadTransition(done, { type: 'retry' })).toBe(done);
  });
  it('ignores events that do not apply', () => {
    const q = queued();
    for (const e of [
      { type: 'progress', loaded: 1, total: 2 },
      { type: 'answer', status: 200, body: {} },
      { type: 'network-error' },
      { type: 'abort' },
    ] as const) {
      expect(uploadTransition(q, e)).toBe(q);
    }
    const invalid = createUpload('2', jpg(1e9), OPTIONS);
    expect(uploadTransition(invalid, { type: 'start' })).toBe(invalid);
    expect(uploadTransition(invalid, { type: 'retry' })).toBe(invalid);
  });
  it('one at a time: nothing starts while one runs', () => {
    const a = uploading();
    const b = createUpload('2', jpg(), OPTIONS);
    expect(nextUpload([a, b])).toBeUndefined();
    expect(nextUpload([uploadTransition(a, { type: 'abort' }), b])).toBe(b);
  });
});

describe('the uploader (auto upload, one at a time)', () => {
  function fakeTransport() {
    const calls: {
      file: UploadFile;
      target: { endpoint: string; fieldName: string };
      progress: (l: number, t: number) => void;
      resolve: (v: { status: number; body: unknown }) => void;
      reject: (e: unknown) => void;
      aborted: boolean;
    }[] = [];
    const transport = (
      file: UploadFile,
      target: { endpoint: string; fieldName: string },
      progress: (l: number, t: number) => void,
    ): UploadRequest => {
      let resolve!: (v: { status: number; body: unknown }) => void;
      let reject!: (e: unknown) => void;
      const done = new Promise<{ status: number; body: unknown }>((res, rej) => ((resolve = res), (reject = rej)));
      const call = { file, target, progress, resolve, reject, aborted: false };
      calls.push(call);
      return { done, abort: () => ((call.aborted = true), reject({ aborted: true })) };
    };
    return { calls, transport };
  }
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const statuses = (items: readonly UploadItem[]) => items.map((i) => i.status);

  it('sends the first at once and the next when it ends, with the field "photo"', async () => {
    const { calls, transport } = fakeTransport();
    const onChange = vi.fn();
    const up = createUploader({ options: OPTIONS, transport, onChange });
    up.add([jpg(10, 'a.jpg'), jpg(20, 'b.jpg')]);
    expect(calls.map((c) => c.file.name)).toEqual(['a.jpg']);
    expect(calls[0]!.target).toEqual({ endpoint: '/svc/post/upload_photo', fieldName: 'photo' });
    expect(statuses(up.items())).toEqual(['uploading', 'queued']);
    calls[0]!.progress(5, 10);
    expect(progressOf(up.items()[0]!)).toBe(0.5);
    calls[0]!.resolve({ status: 200, body: { meta: { status: 200 }, response: { url: '/a.jpg' } } });
    await flush();
    expect(statuses(up.items())).toEqual(['complete', 'uploading']);
    expect(calls.map((c) => c.file.name)).toEqual(['a.jpg', 'b.jpg']);
    calls[1]!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(up.items()[1]).toMatchObject({ status: 'error', error: UPLOAD_NETWORK_ERROR });
    up.retry(up.items()[1]!.id);
    expect(calls).toHaveLength(3);
    expect(onChange).toHaveBeenCalled();
  });

  it('never sends an invalid file and reports it (with the limit hit)', () => {
    const { calls, transport } = fakeTransport();
    const onInvalid = vi.fn();
    const up = createUploader({ options: OPTIONS, transport, onChange: () => {}, onInvalid });
    up.add([jpg(1e6)]);
    expect(calls).toHaveLength(0);
    expect(onInvalid).toHaveBeenCalledWith(expect.objectContaining({ status: 'invalid', limitHit: true, error: UPLOAD_TOO_BIG }));
  });

  it('cancel aborts the running request (no error) and the next starts; a queued one is "Canceled upload"', async () => {
    const { calls, transport } = fakeTransport();
    const up = createUploader({ options: OPTIONS, transport, onChange: () => {} });
    const [a, b, c] = up.add([jpg(), jpg(), jpg()]);
    up.cancel(c!.id);
    expect(up.items()[2]).toMatchObject({ status: 'aborted', error: UPLOAD_CANCELED });
    up.cancel(a!.id);
    expect(calls[0]!.aborted).toBe(true);
    await flush();
    expect(up.items()[0]).toMatchObject({ status: 'aborted' });
    expect(up.items()[0]!.error).toBeUndefined();
    expect(statuses(up.items())).toEqual(['aborted', 'uploading', 'aborted']);
    expect(calls[1]!.file).toBe(b!.file);
  });

  it('remove takes an item out, aborting it if it runs', async () => {
    const { calls, transport } = fakeTransport();
    const up = createUploader({ options: OPTIONS, transport, onChange: () => {} });
    const [a] = up.add([jpg(), jpg()]);
    up.remove(a!.id);
    expect(calls[0]!.aborted).toBe(true);
    await flush();
    expect(up.items()).toHaveLength(1);
    expect(up.items()[0]!.status).toBe('uploading');
  });
});

describe('what an upload says to screen readers', () => {
  it('names the file at the start and at the end', () => {
    expect(uploadStartSpoken('photo 2')).toBe('Uploading photo 2…');
    expect(uploadDoneSpoken('the video')).toBe('Uploaded the video.');
  });
});
