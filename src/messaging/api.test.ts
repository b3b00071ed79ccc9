import { describe, expect, it } from 'vitest';
import { FORM_KEY_HEADER } from '../api/client';
import { caught, json, stubFetch, useTestSession } from '../api/client.test-helpers';
import {
  ParticipantSearch,
  deleteConversation,
  fetchFavourites,
  fetchInbox,
  fetchMessages,
  fetchParticipantInfo,
  flagConversation,
  markTutorialSeen,
  pollUnread,
  sendMessage,
} from './api';
import { buildImageMessage, buildTextMessage } from './model/send-queue';

const FORM_KEY = 'fk-messaging';

const envelope = (response: unknown) => json({ meta: { status: 200, msg: 'OK' }, response });
const failure = (status: number, code: number) => json({ meta: { status, msg: 'x' }, errors: [{ code, title: 'x' }] }, status);
const msg = (ts: number, text = 'hi') => ({ type: 'TEXT', ts, participant: 't:bob', content: { text } });

useTestSession(FORM_KEY);

describe('inbox and messages', () => {
  it('GET /svc/conversations with the participant, then follows the next href', async () => {
    const calls = stubFetch(() =>
      envelope({
        conversations: [{ id: 'c1', last_modified_ts: 1, last_read_ts: 0 }],
        _links: { next: { href: '/svc/conversations?participant=t%3Aalice&before=1' } },
      }),
    );
    const page = await fetchInbox({ participant: 't:alice' });
    expect(calls[0]!.url).toBe('/svc/conversations?participant=t%3Aalice');
    expect(calls[0]!.init.method).toBe('GET');
    expect(page.items.map((c) => c.id)).toEqual(['c1']);
    await fetchInbox({ participant: 't:alice', href: page.next! });
    expect(calls[1]!.url).toBe('/svc/conversations?participant=t%3Aalice&before=1');
  });

  it('a malformed inbox becomes ApiError malformed', async () => {
    stubFetch(() => envelope({ conversations: 'nope' }));
    expect((await caught(fetchInbox({ participant: 't:a' }))).kind).toBe('malformed');
  });

  it('GET messages by conversation id (with limit when polling) or by participants', async () => {
    const calls = stubFetch(() => envelope({ id: 'c1', messages: { data: [msg(2), msg(1)], _links: {} } }));
    const page = await fetchMessages({ participant: 't:alice', conversationId: 'c1', limit: 8 });
    expect(calls[0]!.url).toBe('/svc/conversations/messages?participant=t%3Aalice&conversation_id=c1&limit=8');
    expect(page.items.map((m) => m.ts)).toEqual([1, 2]);
    await fetchMessages({ participant: 't:alice', participants: ['t:bob', 't:carol'] });
    expect(calls[1]!.url).toBe('/svc/conversations/messages?participant=t%3Aalice&participants=t%3Abob&participants=t%3Acarol');
  });

  it('a 404 on a new conversation is an empty success; on an existing one it fails', async () => {
    stubFetch(() => failure(404, 1005));
    expect(await fetchMessages({ participant: 't:alice', participants: ['t:bob'] })).toEqual({ items: [], conversation: {} });
    const e = await caught(fetchMessages({ participant: 't:alice', conversationId: 'c1' }));
    expect(e.status).toBe(404);
  });

  it('403 with 7001 / 7003 carry the code for the error message', async () => {
    stubFetch(() => failure(403, 7003));
    const e = await caught(fetchMessages({ participant: 't:alice', participants: ['t:letterpress'] }));
    expect([e.status, e.code]).toEqual([403, 7003]);
  });
});

describe('sending', () => {
  it('POSTs a text message form-encoded with the form key and client id', async () => {
    const calls = stubFetch(() => envelope({ messages: { data: [{ ...msg(5, 'yo'), participant: 't:alice', client_id: 'k1' }] } }));
    const m = buildTextMessage({ participant: 't:alice', conversationId: 'c1' }, 'yo', { clientId: 'k1', context: 'inline' });
    const sent = await sendMessage(m);
    expect(sent).toMatchObject({ text: 'yo', client_id: 'k1' });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.headers[FORM_KEY_HEADER]).toBe(FORM_KEY);
    const body = new URLSearchParams(String(init.body));
    expect(Object.fromEntries(body)).toEqual({
      type: 'TEXT',
      participant: 't:alice',
      client_id: 'k1',
      conversation_id: 'c1',
      message: 'yo',
      form_key: FORM_KEY,
    });
  });

  it('uploads an image as multipart with the file in data', async () => {
    const calls = stubFetch(() =>
      envelope({ type: 'IMAGE', ts: 9, participant: 't:alice', images: [{ original_size: { url: '/u/1.png', width: 2, height: 2 } }] }),
    );
    const file = new Blob(['png'], { type: 'image/png' });
    const m = buildImageMessage(
      { participant: 't:alice', participants: ['t:bob'] },
      { file, width: 2, height: 2 },
      { clientId: 'k2', context: 'messaging-image-upload' },
    );
    const sent = await sendMessage(m);
    expect(sent.image).toEqual({ url: '/u/1.png', width: 2, height: 2 });
    const body = calls[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('participants')).toBe('t:bob');
    expect(body.get('context')).toBe('messaging-image-upload');
    expect(body.get('client_id')).toBe('k2');
    expect(body.get('data')).toBeInstanceOf(Blob);
    expect(body.get('form_key')).toBe(FORM_KEY);
  });

  it('a send answered without a message is malformed; a 403 keeps its status', async () => {
    stubFetch(() => envelope({ ok: true }));
    const m = buildTextMessage({ participant: 't:a', conversationId: 'c' }, 'x');
    expect((await caught(sendMessage(m))).kind).toBe('malformed');
    stubFetch(() => failure(403, 7001));
    expect((await caught(sendMessage(m))).status).toBe(403);
  });
});

describe('other calls', () => {
  it('DELETE removes a conversation (query + form key)', async () => {
    const calls = stubFetch(() => envelope({ deleted: true }));
    await deleteConversation('c1', 't:alice');
    expect(calls[0]!.url).toBe('/svc/conversations/messages?conversation_id=c1&participant=t%3Aalice');
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(calls[0]!.init.headers[FORM_KEY_HEADER]).toBe(FORM_KEY);
  });

  it('flags spam with context inline by default, and unblur', async () => {
    const calls = stubFetch(() => envelope({}));
    await flagConversation({ conversationId: 'c1', participant: 't:alice', type: 'spam' });
    await flagConversation({ conversationId: 'c1', participant: 't:alice', type: 'unblur', context: 'image' });
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({
      conversation_id: 'c1',
      participant: 't:alice',
      context: 'inline',
      type: 'spam',
      form_key: FORM_KEY,
    });
    expect(new URLSearchParams(String(calls[1]!.init.body)).get('type')).toBe('unblur');
  });

  it('participant info and favourites', async () => {
    const calls = stubFetch((c) =>
      c.url.includes('participant_info')
        ? envelope({ uuid: 't:bob', name: 'bob', theme: { link_color: '#f00' } })
        : envelope({ blogs: [{ uuid: 't:x', name: 'x' }] }),
    );
    expect((await fetchParticipantInfo('t:bob', 't:alice')).theme?.link_color).toBe('#f00');
    expect(calls[0]!.url).toBe('/svc/conversations/participant_info?q=t%3Abob&participant=t%3Aalice');
    expect((await fetchFavourites({ participant: 't:alice' })).map((b) => b.name)).toEqual(['x']);
    expect(calls[1]!.url).toBe('/svc/conversations/participant_suggestions?limit=8&participant=t%3Aalice&include_recent=true');
  });

  it('search caches per query and a new request cancels the one in flight', async () => {
    const calls = stubFetch((call) => {
      const q = new URL(call.url, 'http://x').searchParams.get('q');
      if (q === 'slow') {
        return new Promise<Response>((_, reject) => {
          call.init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return envelope({ blogs: [{ uuid: `t:${q}`, name: q }] });
    });
    const search = new ParticipantSearch();
    const slow = search.search('slow', 't:alice');
    const fast = search.search('bo', 't:alice');
    expect((await caught(slow)).kind).toBe('aborted');
    expect((await fast).map((b) => b.name)).toEqual(['bo']);
    expect((await search.search(' BO ', 't:alice')).map((b) => b.name)).toEqual(['bo']);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.url).toBe('/svc/conversations/participant_suggestions?q=bo&participant=t%3Aalice');
  });

  it('tutorial_seen POSTs with the form key', async () => {
    const calls = stubFetch(() => envelope({ seen: true }));
    await markTutorialSeen();
    expect(calls[0]!.url).toBe('/svc/conversations/tutorial_seen');
    expect(calls[0]!.init.headers[FORM_KEY_HEADER]).toBe(FORM_KEY);
  });

  it('polls with token, unread_messages and mention keys', async () => {
    const calls = stubFetch(() => envelope({ unread_messages: { 'mk-a': { c1: 2 } } }));
    expect(await pollUnread({ token: 'tok', mentionKeys: ['mk-a', 'mk-b'] })).toEqual({ error: false, unread: { 'mk-a': { c1: 2 } } });
    expect(calls[0]!.url).toBe('/services/poll?token=tok&unread_messages=true&mention_keys=mk-a%2Cmk-b');
    stubFetch(() => json({ error: true }));
    expect(await pollUnread({ token: 'bad', mentionKeys: [] })).toEqual({ error: true });
  });
});
