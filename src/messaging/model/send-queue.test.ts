import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../errors';
import {
  MESSAGE_MAX_LENGTH,
  SEND_FAILURE_LINES,
  SEND_NOT_RETRYABLE_LINE,
  SendQueue,
  buildImageMessage,
  buildImagePostMessage,
  buildPostMessage,
  buildTextMessage,
  contextToSend,
  isRetryableStatus,
  sendButtonLabel,
  sendFailureLine,
  sendPayload,
  type OutgoingMessage,
  type StorageLike,
} from './send-queue';
import { unsentStorageKey } from './storage-keys';

const target = { participant: 't:alice', conversationId: 'c1' };
let n = 0;
const text = (t: string, extra: Partial<Parameters<typeof buildTextMessage>[2]> = {}) =>
  buildTextMessage(target, t, { clientId: `id-${++n}`, now: 1000 + n, ...extra });

class MemoryStorage implements StorageLike {
  map = new Map<string, string>();
  failWrites: Error | null = null;
  failReads: Error | null = null;
  getItem(key: string) {
    if (this.failReads) throw this.failReads;
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw this.failWrites;
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

/** A fake server: stores messages, de-duplicating on client_id like the reference server. */
function fakeServer() {
  const stored = new Map<string, OutgoingMessage>();
  const order: string[] = [];
  const plan: Array<'ok' | 'lost' | number> = []; // lost = stored, but the answer never arrives
  const send = vi.fn(async (msg: OutgoingMessage) => {
    const step = plan.shift() ?? 'ok';
    if (typeof step === 'number') throw new ApiError(step === 0 ? 'network' : 'server', step, `HTTP ${step}`);
    if (!stored.has(msg.clientId)) {
      stored.set(msg.clientId, msg);
      order.push(msg.message ?? msg.type);
    }
    if (step === 'lost') throw new ApiError('network', 0, 'connection reset');
    return { id: msg.clientId };
  });
  return { stored, order, plan, send };
}

describe('message builders', () => {
  it('builds text, post, image-post and image messages, queued with a client id', () => {
    const t = buildTextMessage(target, 'hi', { context: 'post-chrome:share', creationUserAction: 'typed', now: 5 });
    expect(t).toMatchObject({
      type: 'TEXT',
      message: 'hi',
      participant: 't:alice',
      conversationId: 'c1',
      state: 'queued',
      canRetry: true,
      clientTs: 5,
      context: 'post-chrome:share',
      creationUserAction: 'typed',
    });
    expect(t.clientId).toMatch(/.{8,}/);
    expect(buildTextMessage(target, 'x').clientId).not.toBe(buildTextMessage(target, 'x').clientId);
    expect(buildPostMessage({ participant: 't:a', participants: ['t:b'] }, { postId: '12', blogUuid: 't:b' })).toMatchObject({
      type: 'POSTREF',
      post: { id: '12', blog: 't:b' },
      participants: ['t:b'],
    });
    expect(
      buildImagePostMessage(
        target,
        { postId: '1', blogUuid: 't:g', mediaUrl: '/g.gif', width: 200, height: 100 },
        { context: 'messaging-gif' },
      ).post,
    ).toEqual({ id: '1', blog: 't:g', mediaUrl: '/g.gif', width: 200, height: 100 });
    const file = new Blob(['x'], { type: 'image/png' });
    expect(buildImageMessage(target, { file, width: 3, height: 4 }).image).toEqual({ file, width: 3, height: 4 });
  });

  it('refuses empty or oversize text and missing targets', () => {
    expect(() => buildTextMessage(target, '   \n')).toThrow(RangeError);
    expect(() => buildTextMessage(target, 'a'.repeat(MESSAGE_MAX_LENGTH + 1))).toThrow(RangeError);
    expect(buildTextMessage(target, 'a'.repeat(MESSAGE_MAX_LENGTH)).message).toHaveLength(4096);
    expect(() => buildTextMessage({ participant: 't:a' }, 'x')).toThrow(TypeError);
    expect(() => buildPostMessage(target, { postId: '', blogUuid: 't:b' })).toThrow(TypeError);
  });

  it('sends the context only when its first segment is post-chrome, messaging-gif or messaging-image-upload', () => {
    expect(contextToSend('post-chrome')).toBe('post-chrome');
    expect(contextToSend('post-chrome:share-button')).toBe('post-chrome:share-button');
    expect(contextToSend('messaging-gif/search')).toBe('messaging-gif/search');
    expect(contextToSend('messaging-image-upload')).toBe('messaging-image-upload');
    expect(contextToSend('inline')).toBeUndefined();
    expect(contextToSend('post-chrome-x')).toBeUndefined();
    expect(contextToSend(undefined)).toBeUndefined();
    expect(sendPayload(text('a', { context: 'inline' }))).not.toHaveProperty('context');
    expect(sendPayload(text('a', { context: 'messaging-gif' })).context).toBe('messaging-gif');
  });

  it('builds the wire payload', () => {
    const m = text('hello');
    expect(sendPayload(m)).toEqual({
      type: 'TEXT',
      participant: 't:alice',
      client_id: m.clientId,
      conversation_id: 'c1',
      message: 'hello',
    });
    const p = buildPostMessage({ participant: 't:a', participants: ['t:b', 't:c'] }, { postId: '9', blogUuid: 't:b' }, { clientId: 'k' });
    expect(sendPayload(p)).toEqual({
      type: 'POSTREF',
      participant: 't:a',
      client_id: 'k',
      participants: ['t:b', 't:c'],
      post: '{"id":"9","blog":"t:b"}',
    });
  });
});

describe('labels and lines', () => {
  it('labels the message button', () => {
    expect(sendButtonLabel({ state: 'pending', canRetry: true })).toBe('Trying...');
    expect(sendButtonLabel({ state: 'error', canRetry: true })).toBe('Retry');
    expect(sendButtonLabel({ state: 'error', canRetry: false })).toBe('Could not send');
    expect(sendButtonLabel({ state: 'queued', canRetry: true })).toBeNull();
    expect(sendButtonLabel({ state: 'sent', canRetry: true })).toBeNull();
  });

  it('403 and 404 are not retryable, the rest is', () => {
    expect(isRetryableStatus(403)).toBe(false);
    expect(isRetryableStatus(404)).toBe(false);
    for (const s of [0, 400, 409, 429, 500, 503]) expect(isRetryableStatus(s)).toBe(true);
  });

  it("has the spec's line and never repeats the previous one", () => {
    expect(SEND_FAILURE_LINES).toContain("Hrm. Post didn't send.");
    expect(SEND_NOT_RETRYABLE_LINE).toBe("Can't send this post.");
    let prev: string | undefined;
    for (let i = 0; i < 50; i++) {
      const line = sendFailureLine(() => (i * 0.37) % 1, prev);
      expect(line).not.toBe(prev);
      expect(SEND_FAILURE_LINES).toContain(line);
      prev = line;
    }
  });
});

describe('SendQueue: order and failures', () => {
  it('sends in order, one at a time, queued → pending → sent', async () => {
    const server = fakeServer();
    const states: string[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const q = new SendQueue({
      send: async (m) => {
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 1));
        concurrent--;
        return server.send(m);
      },
      onUpdate: (m) => states.push(`${m.message}:${m.state}`),
    });
    for (const t of ['a', 'b', 'c']) q.enqueue(text(t));
    const result = await q.flush();
    expect(result).toEqual({ sent: 3 });
    expect(server.order).toEqual(['a', 'b', 'c']);
    expect(maxConcurrent).toBe(1);
    expect(states).toEqual(['a:queued', 'b:queued', 'c:queued', 'a:pending', 'a:sent', 'b:pending', 'b:sent', 'c:pending', 'c:sent']);
    expect(q.messages).toEqual([]);
  });

  it('stops at the first failure; later messages stay queued; retry continues in order', async () => {
    const server = fakeServer();
    server.plan.push('ok', 500);
    const q = new SendQueue({ send: server.send, random: () => 0 });
    for (const t of ['a', 'b', 'c']) q.enqueue(text(t));
    const first = await q.flush();
    expect(first.sent).toBe(1);
    expect(first.stoppedAt).toMatchObject({
      message: 'b',
      state: 'error',
      canRetry: true,
      errorStatus: 500,
      errorLine: "Hrm. Post didn't send.",
    });
    expect(q.messages.map((m) => `${m.message}:${m.state}`)).toEqual(['b:error', 'c:queued']);
    // a plain flush does not jump the queue past a retryable failure
    q.enqueue(text('d'));
    expect(await q.flush()).toMatchObject({ sent: 0, stoppedAt: { message: 'b' } });
    expect(server.order).toEqual(['a']);
    const retried = await q.retry(q.messages[0]!.clientId);
    expect(retried).toEqual({ sent: 3 });
    expect(server.order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('403 and 404 mark the message failed for good; the next flush skips it', async () => {
    const server = fakeServer();
    server.plan.push(403);
    const q = new SendQueue({ send: server.send });
    q.enqueue(text('a'));
    q.enqueue(text('b'));
    const r = await q.flush();
    expect(r.stoppedAt).toMatchObject({ message: 'a', canRetry: false, errorStatus: 403, errorLine: "Can't send this post." });
    expect(sendButtonLabel(r.stoppedAt!)).toBe('Could not send');
    expect(await q.retry(r.stoppedAt!.clientId)).toBeNull();
    expect(await q.flush()).toEqual({ sent: 1 });
    expect(server.order).toEqual(['b']);
    expect(q.messages.map((m) => m.message)).toEqual(['a']);
    expect(q.remove(r.stoppedAt!.clientId)).toBe(true);
    expect(q.messages).toEqual([]);

    server.plan.push(404);
    q.enqueue(text('c'));
    expect((await q.flush()).stoppedAt).toMatchObject({ canRetry: false, errorStatus: 404 });
  });

  it('a network failure (no status) is retryable', async () => {
    const q = new SendQueue({
      send: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    q.enqueue(text('a'));
    expect((await q.flush()).stoppedAt).toMatchObject({ canRetry: true, errorStatus: 0 });
  });

  it('concurrent flushes never send a message twice', async () => {
    const server = fakeServer();
    const q = new SendQueue({ send: server.send });
    q.enqueue(text('a'));
    const p1 = q.flush();
    q.enqueue(text('b'));
    const p2 = q.flush();
    await Promise.all([p1, p2]);
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(server.order).toEqual(['a', 'b']);
  });

  it('ignores a client id that is already queued', () => {
    const q = new SendQueue({ send: async () => ({}) });
    const m = text('a');
    q.enqueue(m);
    q.enqueue(m);
    expect(q.messages).toHaveLength(1);
  });
});

describe('SendQueue: persistence and exactly-once', () => {
  it('round-trips unsent messages per user; sent ones are removed', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    server.plan.push('ok', 500);
    const q = new SendQueue({ send: server.send, storage, userName: 'alice' });
    q.enqueue(text('a'));
    q.enqueue(text('b', { context: 'post-chrome' }));
    q.enqueue(text('c'));
    await q.flush();
    const stored = JSON.parse(storage.map.get(unsentStorageKey('alice'))!);
    expect(stored.messages.map((m: OutgoingMessage) => m.message)).toEqual(['b', 'c']);
    expect(unsentStorageKey('alice')).toBe('messaging:alice:unsent');

    // "reload": a new queue for alice sees b (failed) and c (queued); bob sees nothing
    const reloaded = new SendQueue({ send: server.send, storage, userName: 'alice' });
    expect(reloaded.messages.map((m) => `${m.message}:${m.state}:${m.context ?? ''}`)).toEqual(['b:error:post-chrome', 'c:queued:']);
    expect(new SendQueue({ send: server.send, storage, userName: 'bob' }).messages).toEqual([]);
    expect(await reloaded.retryAll()).toEqual({ sent: 2 });
    expect(server.order).toEqual(['a', 'b', 'c']);
    expect(storage.map.has(unsentStorageKey('alice'))).toBe(false);
  });

  it("two tabs share the record: a save keeps the other tab's unsent messages, and a delivered one leaves it", async () => {
    const storage = new MemoryStorage();
    let online = false;
    const server = fakeServer();
    const send = (msg: OutgoingMessage) => (online ? server.send(msg) : Promise.reject(new ApiError('network', 0, 'offline')));
    const tabA = new SendQueue({ send, storage, userName: 'alice' });
    const tabB = new SendQueue({ send, storage, userName: 'alice' });
    tabA.enqueue(text('from A'));
    tabB.enqueue(text('from B'));
    await tabA.flush();
    await tabB.flush();
    const stored = () =>
      (JSON.parse(storage.map.get(unsentStorageKey('alice')) ?? '{"messages":[]}') as { messages: OutgoingMessage[] }).messages;
    expect(stored().map((m) => `${m.message}:${m.state}`)).toEqual(['from A:error', 'from B:error']);

    // B delivers its own: it leaves the record, A's stays
    online = true;
    const fromB = tabB.messages[0]!.clientId;
    await tabB.retryAll();
    expect(stored().map((m) => m.message)).toEqual(['from A']);
    expect(tabA.remove(fromB)).toBe(false); // never A's

    // a tab opened now takes up what is unsent and delivers it; A hears so and drops its copy
    const tabC = new SendQueue({ send, storage, userName: 'alice' });
    expect(tabC.messages.map((m) => m.message)).toEqual(['from A']);
    await tabC.retryAll();
    expect(server.order).toEqual(['from B', 'from A']);
    expect(tabA.remove(tabC.messages[0]?.clientId ?? tabA.messages[0]!.clientId)).toBe(true);
    expect(tabA.messages).toEqual([]);
    expect(storage.map.has(unsentStorageKey('alice'))).toBe(false);
  });

  it('a message pending at reload is sent again, and the server keeps it once (client id)', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    let releaseFirst: () => void = () => {};
    const q = new SendQueue({
      storage,
      userName: 'alice',
      // the server stores the message, but the page reloads before the answer arrives
      send: (m) => server.send(m).then((r) => new Promise((resolve) => (releaseFirst = () => resolve(r)))),
    });
    q.enqueue(text('a'));
    void q.flush();
    await vi.waitFor(() => expect(server.stored.size).toBe(1));
    expect(JSON.parse(storage.map.get('messaging:alice:unsent')!).messages[0].state).toBe('pending');
    const reloaded = new SendQueue({ send: server.send, storage, userName: 'alice' });
    expect(reloaded.messages[0]!.state).toBe('queued');
    expect(await reloaded.flush()).toEqual({ sent: 1 });
    releaseFirst();
    expect(server.stored.size).toBe(1);
    expect(server.order).toEqual(['a']);
  });

  it('offline, then back online: each message is delivered exactly once even when an answer was lost', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    server.plan.push('ok', 'lost', 0, 0);
    const q = new SendQueue({ send: server.send, storage, userName: 'alice' });
    for (const t of ['a', 'b', 'c', 'd']) q.enqueue(text(t));
    expect((await q.flush()).stoppedAt?.message).toBe('b'); // b reached the server, the answer did not
    expect((await q.retryAll()).stoppedAt?.message).toBe('b'); // still offline
    const reloaded = new SendQueue({ send: server.send, storage, userName: 'alice' });
    expect(reloaded.messages.map((m) => m.message)).toEqual(['b', 'c', 'd']);
    expect((await reloaded.retryAll()).stoppedAt?.message).toBe('b'); // offline once more
    expect(await reloaded.retryAll()).toEqual({ sent: 3 });
    expect(server.order).toEqual(['a', 'b', 'c', 'd']);
    expect(server.stored.size).toBe(4);
    expect(reloaded.messages).toEqual([]);
  });

  it('reports storage errors and keeps working', async () => {
    const storage = new MemoryStorage();
    const onStorageError = vi.fn();
    storage.failWrites = new DOMException('quota', 'QuotaExceededError');
    const server = fakeServer();
    const q = new SendQueue({ send: server.send, storage, userName: 'alice', onStorageError });
    expect(() => q.enqueue(text('a'))).not.toThrow();
    expect(onStorageError).toHaveBeenCalled();
    expect(await q.flush()).toEqual({ sent: 1 });

    storage.failReads = new DOMException('denied', 'SecurityError');
    const errors = vi.fn();
    expect(new SendQueue({ send: server.send, storage, userName: 'alice', onStorageError: errors }).messages).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(1);

    storage.failReads = null;
    storage.map.set('messaging:carol:unsent', '{not json');
    const bad = vi.fn();
    expect(new SendQueue({ send: server.send, storage, userName: 'carol', onStorageError: bad }).messages).toEqual([]);
    expect(bad).toHaveBeenCalledTimes(1);
  });

  it('drops malformed stored rows and image messages with a file', () => {
    const storage = new MemoryStorage();
    storage.map.set(
      'messaging:alice:unsent',
      JSON.stringify({
        v: 1,
        messages: [
          { clientId: 'x1', clientTs: 1, type: 'TEXT', participant: 't:a', conversationId: 'c', message: 'ok', state: 'queued' },
          { clientId: 'x1', clientTs: 1, type: 'TEXT', participant: 't:a', conversationId: 'c', message: 'dup', state: 'queued' },
          { clientId: 'x2', clientTs: 1, type: 'TEXT', participant: 't:a', message: 'no target', state: 'queued' },
          { clientId: 'x3', clientTs: 1, type: 'BOGUS', participant: 't:a', conversationId: 'c' },
          {
            clientId: 'x4',
            clientTs: 1,
            type: 'POSTREF',
            participant: 't:a',
            participants: ['t:b'],
            state: 'error',
            canRetry: false,
            errorStatus: 403,
            post: { id: '1', blog: 't:b' },
          },
          'junk',
        ],
      }),
    );
    const q = new SendQueue({ send: async () => ({}), storage, userName: 'alice' });
    expect(q.messages.map((m) => `${m.clientId}:${m.state}:${m.canRetry}`)).toEqual(['x1:queued:true', 'x4:error:false']);

    const fresh = new MemoryStorage();
    const q2 = new SendQueue({ send: async () => ({}), storage: fresh, userName: 'alice' });
    q2.enqueue(buildImageMessage(target, { file: new Blob(['x']), width: 1, height: 1 }, { clientId: 'img' }));
    q2.enqueue(text('after'));
    const kept = JSON.parse(fresh.map.get('messaging:alice:unsent')!).messages;
    expect(kept.map((m: OutgoingMessage) => m.message)).toEqual(['after']);
  });
});

describe('SendQueue: recipients for display', () => {
  it('keeps who a message goes to across a reload, never on the wire', () => {
    const storage = new MemoryStorage();
    const to = [{ uuid: 't:bob', name: 'bob', avatar_url: '/a/bob.png' }];
    const msg = buildTextMessage({ participant: 't:alice', participants: ['t:bob'], to }, 'hi');
    expect(sendPayload(msg)).not.toHaveProperty('to');
    const q = new SendQueue({ send: () => new Promise(() => {}), storage, userName: 'alice' });
    q.enqueue(msg);
    const reloaded = new SendQueue({ send: () => new Promise(() => {}), storage, userName: 'alice' });
    expect(reloaded.messages[0]!.to).toEqual(to);
  });

  it('drops malformed recipients from storage instead of failing', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'messaging:alice:unsent',
      JSON.stringify({
        v: 1,
        messages: [
          {
            clientId: 'x',
            clientTs: 1,
            type: 'TEXT',
            participant: 't:alice',
            conversationId: 'c',
            message: 'm',
            state: 'queued',
            to: [{ name: 5 }, 'bob'],
          },
        ],
      }),
    );
    const q = new SendQueue({ send: () => new Promise(() => {}), storage, userName: 'alice' });
    expect(q.messages).toHaveLength(1);
    expect(q.messages[0]!.to).toBeUndefined();
  });
});
