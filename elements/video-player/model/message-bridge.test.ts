import { describe, expect, it, vi } from 'vitest';
import {
  BRIDGE,
  FRAME_METHODS,
  PAGE_METHODS,
  createEndpoint,
  dockedFrameHeight,
  originOf,
  readMessage,
  type Timers,
} from './message-bridge';

const json = (value: unknown) => JSON.stringify(value);

describe('readMessage: only calls and answers of the right shape', () => {
  it('reads a call with its arguments and callback id', () => {
    expect(readMessage(json({ method: 'size', args: [640, 360], callback_id: 'c1' }), PAGE_METHODS)).toEqual({
      kind: 'call',
      method: 'size',
      args: [640, 360],
      callbackId: 'c1',
    });
  });

  it('reads a call without a callback id as a notice, and missing args as none', () => {
    expect(readMessage(json({ method: 'dock' }), PAGE_METHODS)).toEqual({ kind: 'call', method: 'dock', args: [], callbackId: null });
  });

  it('reads an answer and an error answer', () => {
    expect(readMessage(json({ callback_id: 'c2', result: { paused: true } }), FRAME_METHODS)).toEqual({
      kind: 'reply',
      callbackId: 'c2',
      result: { paused: true },
      error: null,
    });
    expect(readMessage(json({ callback_id: 'c2', error: 'no video' }), FRAME_METHODS)).toMatchObject({ kind: 'reply', error: 'no video' });
  });

  it.each([
    ['a structured object', { method: 'dock', args: [] }],
    ['nothing', undefined],
    ['a text that is not JSON', '{method: dock'],
    ['a JSON list', json([1, 2])],
    ['JSON null', 'null'],
    ['a text too long to be ours', json({ method: 'dock', pad: 'x'.repeat(BRIDGE.maxChars) })],
    ['another library’s JSON (axe-core, a video site’s API)', json({ _axeuuid: 'x', event: 'infoDelivery' })],
  ])('leaves %s to the other scripts of the page', (_name, data) => {
    expect(readMessage(data, PAGE_METHODS)).toEqual({ kind: 'foreign' });
  });

  it.each([
    ['a method the side does not answer', json({ method: 'play', args: [] })],
    ['an inherited name', json({ method: 'toString', args: [] })],
    ['args that are not a list', json({ method: 'size', args: { width: 1 } })],
    ['a size of the wrong shape', json({ method: 'size', args: [640] })],
    ['a size that is not a number', json({ method: 'size', args: ['640', 360] })],
    ['a size of nothing', json({ method: 'size', args: [0, 360] })],
    ['an endless size', json({ method: 'size', args: [1e9, 360] })],
    ['an undock for no reason', json({ method: 'undock', args: ['evicted'] })],
    ['a connect with a post that is not data', json({ method: 'connect', args: [{ post_id: { $gt: 1 } }] })],
    ['a malformed callback id', json({ method: 'dock', args: [], callback_id: '<script>' })],
    ['a numeric callback id', json({ method: 'dock', args: [], callback_id: 7 })],
    ['an answer with a malformed error', json({ callback_id: 'c1', error: { message: 'x' } })],
    ['an answer with neither result nor error', json({ callback_id: 'c1' })],
  ])('drops %s', (_name, data) => {
    expect(readMessage(data, PAGE_METHODS).kind).toBe('invalid');
  });

  it('knows the page side from the frame side', () => {
    expect(readMessage(json({ method: 'play', args: [] }), FRAME_METHODS).kind).toBe('call');
    expect(readMessage(json({ method: 'docked', args: [true] }), FRAME_METHODS).kind).toBe('call');
    expect(readMessage(json({ method: 'docked', args: ['yes'] }), FRAME_METHODS).kind).toBe('invalid');
    expect(readMessage(json({ method: 'dock', args: [] }), FRAME_METHODS).kind).toBe('invalid');
  });
});

/** Timers run by hand. */
function manualTimers() {
  const queue = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    setTimeout: (run) => {
      next += 1;
      queue.set(next, run);
      return next;
    },
    clearTimeout: (id) => void queue.delete(id as number),
  };
  return { timers, pending: () => queue.size, fireAll: () => [...queue.entries()].forEach(([id, run]) => (queue.delete(id), run())) };
}

describe('createEndpoint: calls answered by callback id', () => {
  const pair = () => {
    const clock = manualTimers();
    const sent: string[] = [];
    let id = 0;
    const endpoint = createEndpoint({
      send: (text) => sent.push(text),
      handlers: {
        play: () => ({ paused: false }),
        pause: () => Promise.reject(new Error('no video')),
        docked: () => undefined,
      },
      timers: clock.timers,
      newId: () => `id${(id += 1)}`,
    });
    return { endpoint, sent, clock };
  };

  it('sends a call and resolves with the answer to its id', async () => {
    const { endpoint, sent, clock } = pair();
    const answer = endpoint.call('size', [640, 360]);
    expect(JSON.parse(sent[0]!)).toEqual({ method: 'size', args: [640, 360], callback_id: 'id1' });
    expect(endpoint.receive({ kind: 'reply', callbackId: 'id1', result: { ok: true }, error: null })).toBe(true);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(clock.pending()).toBe(0);
  });

  it('rejects on an error answer, and on silence after the timeout', async () => {
    const { endpoint, clock } = pair();
    const refused = endpoint.call('dock');
    endpoint.receive({ kind: 'reply', callbackId: 'id1', result: undefined, error: 'no gutter' });
    await expect(refused).rejects.toThrow('no gutter');
    const silent = endpoint.call('dock');
    clock.fireAll();
    await expect(silent).rejects.toThrow(`No answer to dock within ${BRIDGE.replyTimeoutMs} ms`);
  });

  it('says an answer to nothing it asked is not its own, but takes a late answer quietly', async () => {
    const { endpoint, clock } = pair();
    expect(endpoint.receive({ kind: 'reply', callbackId: 'id9', result: 1, error: null })).toBe(false);
    const late = endpoint.call('connect', [], 1000);
    clock.fireAll();
    await expect(late).rejects.toThrow('No answer to connect within 1000 ms');
    expect(endpoint.receive({ kind: 'reply', callbackId: 'id1', result: { dock: true }, error: null })).toBe(true);
  });

  it('answers a call by its callback id, with the result or the error', async () => {
    const { endpoint, sent } = pair();
    endpoint.receive({ kind: 'call', method: 'play', args: [], callbackId: 'p1' });
    endpoint.receive({ kind: 'call', method: 'pause', args: [], callbackId: 'p2' });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((text) => JSON.parse(text) as unknown)).toEqual([
      { callback_id: 'p1', result: { paused: false } },
      { callback_id: 'p2', error: 'no video' },
    ]);
  });

  it('answers a notice with nothing, and sends its own notices without an id', async () => {
    const { endpoint, sent } = pair();
    endpoint.receive({ kind: 'call', method: 'docked', args: [false], callbackId: null });
    endpoint.notify('size', [1, 2]);
    await Promise.resolve();
    await Promise.resolve();
    expect(sent.map((text) => JSON.parse(text) as unknown)).toEqual([{ method: 'size', args: [1, 2] }]);
  });

  it('fails every waiting call when it closes', async () => {
    const { endpoint, clock } = pair();
    const waiting = endpoint.call('connect');
    endpoint.close();
    await expect(waiting).rejects.toThrow('The bridge closed');
    expect(clock.pending()).toBe(0);
  });
});

describe('helpers', () => {
  it('reads an origin, none for an address without one', () => {
    expect(originOf('/video/embed/1', 'https://a.example/x')).toBe('https://a.example');
    expect(originOf('blob:https://a.example/0f9c', 'https://b.example/')).toBe('https://a.example');
    expect(originOf('about:srcdoc', 'https://a.example/')).toBeNull();
    expect(originOf('http://[bad', 'https://a.example/')).toBeNull();
  });

  it('gives a docked frame the video’s shape plus its bar', () => {
    expect(dockedFrameHeight(300, { width: 640, height: 360 }, 36)).toBe(169 + 36);
    expect(dockedFrameHeight(300, null, 36)).toBe(169 + 36);
    expect(dockedFrameHeight(300, { width: 360, height: 640 }, 36)).toBe(533 + 36);
  });
});
