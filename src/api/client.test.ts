import { describe, expect, it, vi } from 'vitest';
import { FORM_KEY_HEADER, LARGE_BODY_CHARS, buildUrl, request, requestData } from './client';
import { caught, json, stubFetch, useTestSession } from './client.test-helpers';
import { ApiError, MalformedResponse, errorsFromBody, kindForStatus, postActionOutcome } from '../errors';
import { configure } from '../session/session';

const FORM_KEY = 'fk-unit-123';

/** A fetch that never answers, but rejects like the real one when its signal aborts. */
function hangingFetch() {
  return stubFetch(
    (call) =>
      new Promise<Response>((_, reject) => {
        const signal = call.init.signal!;
        const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (signal.aborted) fail();
        signal.addEventListener('abort', fail);
      }),
  );
}

useTestSession(FORM_KEY);

describe('request: form key and encodings', () => {
  it('GET sends no form key, no body, and builds the query string', async () => {
    const calls = stubFetch(() => json({ response: { ok: 1 } }));
    const body = await request('/svc/blog', { query: { name: 'alice', tags: ['a', 'b'], skip: null, none: undefined, n: 3 } });
    expect(body).toEqual({ response: { ok: 1 } });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe('/svc/blog?name=alice&tags=a&tags=b&n=3');
    expect(init.method).toBe('GET');
    expect(init.headers[FORM_KEY_HEADER]).toBeUndefined();
    expect(init.body ?? null).toBeNull();
    expect(init.headers.Accept).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
  });

  it('POST with form params is form-encoded with the key in the header and the body', async () => {
    const calls = stubFetch(() => json({ meta: { status: 200 } }));
    await request('/svc/follow', { form: { blog: 'bob', ids: [1, 2], empty: null } });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.headers[FORM_KEY_HEADER]).toBe(FORM_KEY);
    expect(init.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(init.body as URLSearchParams);
    expect(form.get('blog')).toBe('bob');
    expect(form.getAll('ids')).toEqual(['1', '2']);
    expect(form.has('empty')).toBe(false);
    expect(form.get('form_key')).toBe(FORM_KEY);
  });

  it('POST with a JSON object adds form_key to the JSON body and the header', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await request('/svc/post', { json: { title: 'Hi', tags: ['x'] } });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.headers[FORM_KEY_HEADER]).toBe(FORM_KEY);
    expect(JSON.parse(init.body as string)).toEqual({ title: 'Hi', tags: ['x'], form_key: FORM_KEY });
  });

  it('a JSON array body is sent as is (the key only travels in the header)', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await request('/svc/batch', { json: [1, 2] });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual([1, 2]);
    expect(calls[0]!.init.headers[FORM_KEY_HEADER]).toBe(FORM_KEY);
  });

  it('a bare POST still sends the key as a form body', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await request('/svc/ping', { method: 'POST' });
    expect(new URLSearchParams(calls[0]!.init.body as URLSearchParams).get('form_key')).toBe(FORM_KEY);
  });

  it('multipart bodies get form_key as a field and no explicit content type', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    const data = new FormData();
    data.set('file', 'content');
    await request('/svc/upload', { multipart: data });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('form_key')).toBe(FORM_KEY);
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('formKey: false keeps the key out; formKey: true sends it on GET', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await request('/svc/public', { form: { a: 1 }, formKey: false });
    expect(calls[0]!.init.headers[FORM_KEY_HEADER]).toBeUndefined();
    expect(new URLSearchParams(calls[0]!.init.body as URLSearchParams).has('form_key')).toBe(false);
    await request('/svc/private', { formKey: true });
    expect(calls[1]!.init.headers[FORM_KEY_HEADER]).toBe(FORM_KEY);
  });

  it('a GET that asks for the form key is still sent on a page without one, with no key and no warning', async () => {
    configure({ formKey: '' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = stubFetch(() => json({ ok: true }));
    await request('/svc/read', { formKey: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.headers[FORM_KEY_HEADER]).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('without a form key a call that needs one is not sent: it fails as a 401, with one warning per page', async () => {
    configure({ formKey: '' });
    const calls = stubFetch(() => json({ ok: true }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const first = await caught(request('/svc/conversations/messages', { form: { message: 'hi' } }));
      expect(first.kind).toBe('unauthorized');
      expect(first.status).toBe(401);
      expect((await caught(request('/svc/post/ask', { json: { q: 1 } }))).kind).toBe('unauthorized');
      expect(calls).toHaveLength(0);
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]![0])).toContain('form key');
      // What needs no key still goes.
      await request('/svc/blog');
      expect(calls).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('uses apiBase as prefix and sends credentials cross-origin', async () => {
    configure({ apiBase: 'https://api.example.test/' });
    const calls = stubFetch(() => json({ ok: true }));
    await request('/svc/blog', { query: { q: 'a b' } });
    expect(calls[0]!.url).toBe('https://api.example.test/svc/blog?q=a+b');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(buildUrl('https://elsewhere.test/x')).toBe('https://elsewhere.test/x');
  });
});

describe('request: failures become typed ApiErrors', () => {
  it('times out with kind "timeout"', async () => {
    hangingFetch();
    const error = await caught(request('/svc/slow', { timeoutMs: 30 }));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(0);
  });

  it('takes its time limit from the bootstrap config (request_timeout_ms) when the call sets none', async () => {
    hangingFetch();
    configure({ config: { request_timeout_ms: 30 } });
    try {
      const error = await caught(request('/svc/slow'));
      expect(error.kind).toBe('timeout');
      expect(error.message).toBe('Request timed out after 30 ms');
    } finally {
      configure({ config: {} });
    }
  });

  it('aborts with kind "aborted" when the caller aborts', async () => {
    hangingFetch();
    const controller = new AbortController();
    const pending = request('/svc/slow', { signal: controller.signal });
    controller.abort();
    expect((await caught(pending)).kind).toBe('aborted');
  });

  it('an already-aborted signal fails with "aborted"', async () => {
    hangingFetch();
    const controller = new AbortController();
    controller.abort();
    expect((await caught(request('/svc/slow', { signal: controller.signal }))).kind).toBe('aborted');
  });

  it('a rejected fetch is "network"', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(request('/svc/blog'));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('Failed to fetch');
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [429, 'rate-limited'],
    [500, 'server'],
    [503, 'server'],
    [418, 'http'],
  ] as const)('HTTP %i is "%s"', async (status, kind) => {
    stubFetch(() => json({ meta: { status } }, status));
    const error = await caught(request('/svc/x', { form: {} }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });

  it('reads error codes and messages from `errors`', async () => {
    stubFetch(() => json({ errors: [{ code: 7001, title: 'Nope', detail: 'You cannot message this blog.' }] }, 403));
    const error = await caught(request('/svc/message', { form: { to: 'bob' } }));
    expect(error.kind).toBe('forbidden');
    expect(error.code).toBe(7001);
    expect(error.serverMessage).toBe('You cannot message this blog.');
    expect(error.body).toEqual({ errors: [{ code: 7001, title: 'Nope', detail: 'You cannot message this blog.' }] });
  });

  it('reads errors nested in `response` and numeric-string codes', async () => {
    stubFetch(() => json({ response: { errors: [{ code: '8004', message: 'slow down' }] } }, 429));
    const error = await caught(request('/svc/x'));
    expect(error.kind).toBe('rate-limited');
    expect(error.code).toBe(8004);
    expect(error.serverMessage).toBe('slow down');
  });

  it('an error status with a non-JSON body keeps its kind and has no errors', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(request('/svc/x'));
    expect(error.kind).toBe('server');
    expect(error.errors).toEqual([]);
    expect(error.code).toBeUndefined();
  });

  it('a 200 with malformed JSON is "malformed"', async () => {
    stubFetch(() => new Response('{"response": {', { status: 200 }));
    const error = await caught(request('/svc/x'));
    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(200);
  });

  it('a 200 with an empty body is "malformed"', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    expect((await caught(request('/svc/x'))).kind).toBe('malformed');
  });
});

describe('requestData', () => {
  it('unwraps the envelope and returns what the reader returns', async () => {
    stubFetch(() => json({ meta: { status: 200 }, response: { name: 'alice' } }));
    const name = await requestData('/svc/blog', {}, (data) => (data as { name: string }).name);
    expect(name).toBe('alice');
  });

  it('gives the root to the reader when there is no envelope', async () => {
    stubFetch(() => json([1, 2, 3]));
    expect(await requestData('/svc/list', {}, (data) => (data as number[]).length)).toBe(3);
  });

  it('turns a MalformedResponse from the reader into ApiError("malformed")', async () => {
    stubFetch(() => json({ response: { unexpected: true } }));
    const error = await caught(
      requestData('/svc/blog', {}, () => {
        throw new MalformedResponse('blog.name missing');
      }),
    );
    expect(error.kind).toBe('malformed');
    expect(error.message).toBe('blog.name missing');
  });

  /** Counts tasks (zero-delay timers, one after another) from now until stopped. */
  function taskCounter() {
    let count = 0;
    let timer = setTimeout(function tick() {
      count++;
      timer = setTimeout(tick, 0);
    }, 0);
    return { now: () => count, stop: () => clearTimeout(timer) };
  }
  const longAnswer = () => ({
    response: Array.from({ length: LARGE_BODY_CHARS / 40 }, (_, i) => ({ id: String(i), text: 'a message of some words' })),
  });

  it('reads a long answer in a later task than it arrived in, and hands it back in another', async () => {
    expect(JSON.stringify(longAnswer()).length).toBeGreaterThan(LARGE_BODY_CHARS);
    stubFetch(() => json(longAnswer()));
    const tasks = taskCounter();
    let readIn = -1;
    const length = await requestData('/svc/conversations/messages', {}, (data) => {
      readIn = tasks.now();
      return (data as unknown[]).length;
    });
    const backIn = tasks.now();
    tasks.stop();
    expect(length).toBe(LARGE_BODY_CHARS / 40);
    expect(readIn).toBeGreaterThan(0);
    expect(backIn).toBeGreaterThan(readIn);
  });

  it('reads a short answer and hands it back in the task it arrived in', async () => {
    stubFetch(() => json({ response: [1, 2, 3] }));
    const tasks = taskCounter();
    let readIn = -1;
    await requestData('/svc/list', {}, () => (readIn = tasks.now()));
    const backIn = tasks.now();
    tasks.stop();
    expect([readIn, backIn]).toEqual([0, 0]);
  });

  it('a long answer whose caller aborts while it waits for its turn is "aborted", unread', async () => {
    stubFetch(() => json(longAnswer()));
    const controller = new AbortController();
    const read = vi.fn();
    const pending = caught(requestData('/svc/conversations/messages', { signal: controller.signal }, read));
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(read).not.toHaveBeenCalled();
  });

  it('lets other reader errors through untouched', async () => {
    stubFetch(() => json({ response: {} }));
    await expect(
      requestData('/svc/blog', {}, () => {
        throw new RangeError('bug');
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});

describe('errors module', () => {
  it('kindForStatus maps every documented status', () => {
    expect(kindForStatus(401)).toBe('unauthorized');
    expect(kindForStatus(403)).toBe('forbidden');
    expect(kindForStatus(404)).toBe('not-found');
    expect(kindForStatus(409)).toBe('conflict');
    expect(kindForStatus(429)).toBe('rate-limited');
    expect(kindForStatus(500)).toBe('server');
    expect(kindForStatus(599)).toBe('server');
    expect(kindForStatus(400)).toBe('http');
  });

  it('errorsFromBody accepts strings, objects and junk', () => {
    expect(errorsFromBody(null)).toEqual([]);
    expect(errorsFromBody('x')).toEqual([]);
    expect(errorsFromBody({ errors: ['plain', 5, { code: 'abc', title: 't' }] })).toEqual([{ message: 'plain' }, {}, { title: 't' }]);
  });

  it('postActionOutcome follows the spec: 2xx success, 403 forbidden, else failure', () => {
    expect(postActionOutcome(200)).toBe('success');
    expect(postActionOutcome(204)).toBe('success');
    expect(postActionOutcome(403)).toBe('forbidden');
    expect(postActionOutcome(401)).toBe('failure');
    expect(postActionOutcome(404)).toBe('failure');
    expect(postActionOutcome(500)).toBe('failure');
  });

  it('ApiError is an Error with a name and kind', () => {
    const error = new ApiError('server', 500, 'HTTP 500');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBeUndefined();
  });
});
