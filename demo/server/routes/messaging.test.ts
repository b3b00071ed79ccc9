/**
 * Messaging (routes/messaging.ts) on the seed: the poll, the inbox, a conversation's messages, the
 * refusals, sending, flagging and deleting, suggestions, and chatty-bot's answers (real timers).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG, asUser, bootstrapOf, form, useTestServer, type Answer, type Json } from '../app.test-helpers';

const { req, formKey, keyOf } = useTestServer({ formKeysOf: ['alice'] });
let aliceToken: string;
/** alice's and bob's messaging uuids (`t:…`). */
let alice: string;
let bob: string;

/** A blog's uuid, as the client finds it: through the blog popover (the page's blog cache). */
const uuid = async (name: string) => (await req(`/svc/tumblelog_popover/${name}?is_tumblelog_popover=true`)).json?.response?.uuid as string;
const pollingToken = async (user: string) =>
  bootstrapOf((await req('/dashboard', { cookie: `tl_session=${user}` })).text)?.user?.polling_token as string;

beforeAll(async () => {
  aliceToken = await pollingToken('alice');
  alice = await uuid('alice');
  bob = await uuid('bob');
});

describe('participants and the bootstrap', () => {
  it('messaging: participant_info (uuid, theme, relationship)', () => {
    expect(alice?.startsWith('t:'), JSON.stringify([alice, bob])).toBe(true);
    expect(bob?.startsWith('t:'), JSON.stringify([alice, bob])).toBe(true);
  });

  it('messaging: participant_info takes the uuid only (spec §7); a name is not found', async () => {
    const byName = await req(`/svc/conversations/participant_info?q=bob&participant=${alice}`);
    expect(byName.status).toBe(404);
    const byUuid = await req(`/svc/conversations/participant_info?q=${bob}&participant=${alice}`);
    expect(byUuid.status).toBe(200);
  });

  it('messaging: participant_info fields', async () => {
    const bobInfo = (await req(`/svc/conversations/participant_info?q=${bob}&participant=${alice}`)).json?.response;
    const why = JSON.stringify(bobInfo);
    expect(bobInfo?.name, why).toBe('bob');
    expect(bobInfo?.is_following_blog, why).toBe(true);
    expect(bobInfo?.theme?.link_color, why).toBeTypeOf('string');
    expect(bobInfo?.can_receive_messages, why).toBe(true);
  });

  it('bootstrap: unread counts per blog', async () => {
    const boot = bootstrapOf((await req('/dashboard', { cookie: 'tl_session=alice' })).text);
    const why = JSON.stringify(boot?.channels);
    expect(boot?.channels?.find((ch: { name: string }) => ch.name === 'alice')?.unread_count, why).toBe(5);
    expect(boot?.config?.messaging_poll_frequency, why).toBe(15000);
  });
});

describe('poll (before anything is read)', () => {
  let poll: Answer;
  beforeAll(async () => {
    poll = await req(`/services/poll?token=${aliceToken}&unread_messages=true&mention_keys=alice,alice-sketches,bob`);
  });

  it('poll: unread per mention key', () => {
    const unread = poll.json?.response?.unread_messages;
    const why = JSON.stringify(unread);
    expect(poll.status, why).toBe(200);
    expect(unread?.alice?.['alice-bob'], why).toBe(2);
    expect(unread?.['alice-sketches']?.['sketches-urban'], why).toBe(1);
    expect('bob' in unread, why).toBe(false);
  });

  it('poll: by mention key, which the bootstrap gives each channel (the uuid), bots marked', async () => {
    const boot = bootstrapOf((await req('/dashboard', { cookie: 'tl_session=alice' })).text);
    const channel = boot?.channels?.find((ch: { name: string }) => ch.name === 'alice');
    expect(channel?.mention_key).toBe(alice);
    expect(channel?.is_messaging_bot).toBe(false);
    const byKey = (await req(`/services/poll?token=${aliceToken}&unread_messages=true&mention_keys=${channel.mention_key}`)).json?.response;
    expect(byKey?.unread_messages?.[alice]?.['alice-bob'], JSON.stringify(byKey)).toBe(2);
  });

  it('poll: no-store', () => {
    expect(poll.headers.get('cache-control')).toBe('no-store');
  });

  it('poll: each answered poll is counted for its user, and DELETE /__demo/polls starts over', async () => {
    expect((await req('/__demo/polls', { method: 'DELETE' })).json?.ok).toBe(true);
    for (let i = 0; i < 3; i++) await req(`/services/poll?token=${aliceToken}&unread_messages=true&mention_keys=alice`);
    await req('/services/poll?token=nope&unread_messages=true&mention_keys=alice');
    const counted = (await req('/__demo/polls')).json;
    expect(counted?.polls).toEqual({ alice: 3 });
    expect(typeof counted?.since).toBe('number');
  });

  it('poll: bad token → error flag', async () => {
    expect((await req('/services/poll?token=nope&unread_messages=true&mention_keys=alice')).json?.response?.error).toBe(true);
  });

  it('poll: unverified e-mail → error flag', async () => {
    const carolToken = await pollingToken('carol');
    expect((await req(`/services/poll?token=${carolToken}&unread_messages=true&mention_keys=carol`)).json?.response?.error).toBe(true);
  });
});

describe('inbox paging', () => {
  let inbox: Answer;
  let convs: Json[];
  beforeAll(async () => {
    inbox = await req(`/svc/conversations?participant=${alice}`);
    convs = inbox.json?.response?.conversations as Json[];
  });

  it('inbox: first page of 10, newest first, with a next link', () => {
    const why = inbox.text.slice(0, 300);
    expect(inbox.status, why).toBe(200);
    expect(convs?.length, why).toBe(10);
    expect(
      convs.every((c, i) => i === 0 || convs[i - 1]!.last_modified_ts >= c.last_modified_ts),
      why,
    ).toBe(true);
    expect(inbox.json?.response?._links?.next?.href, why).toBeTypeOf('string');
  });

  it('inbox: no-store', () => {
    expect(inbox.headers.get('cache-control')).toBe('no-store');
  });

  it('inbox: unread sum and flags', () => {
    expect(inbox.json?.response?.unread_messages_count_sum).toBe(5);
    expect(convs.find((c) => c.id === 'alice-glitch-art-daily')?.is_possible_spam).toBe(true);
    expect(convs.find((c) => c.id === 'alice-glitch-art-daily')?.is_blurred_images).toBe(true);
  });

  it('inbox: second page', async () => {
    const page2 = await req(inbox.json!.response._links.next.href);
    const why = JSON.stringify(page2.json?.response?._links);
    expect(page2.json?.response?.conversations?.length, why).toBe(5);
    expect(page2.json?.response?._links?.next, why).toBeFalsy();
  });

  it("inbox: someone else's blog → 403", async () => {
    expect((await req(`/svc/conversations?participant=${bob}`)).status).toBe(403);
  });
});

describe("a conversation's messages, paged", () => {
  let msgs: Answer;
  let data: Json[];
  beforeAll(async () => {
    msgs = await req(`/svc/conversations/messages?conversation_id=alice-bob&participant=${alice}`);
    data = msgs.json?.response?.messages?.data as Json[];
  });

  it('messages: newest 20, oldest first, previous link', () => {
    expect(msgs.status).toBe(200);
    expect(data?.length).toBe(20);
    expect(data[0]!.ts).toBeLessThan(data[19]!.ts);
    expect(msgs.json?.response?.messages?._links?.previous?.href).toBeTypeOf('string');
  });

  it('messages: text content and sender uuid', () => {
    expect(data?.[19]?.content?.text).toBe('pics soon');
    expect(data[19]!.participant).toBe(bob);
  });

  it('messages: previous page', async () => {
    const older = await req(msgs.json!.response.messages._links.previous.href);
    expect(older.json?.response?.messages?.data?.length).toBe(10);
    expect(older.json?.response?.messages?._links?.previous).toBeFalsy();
  });

  it('messages: fetching marks read', async () => {
    const after = await req(`/services/poll?token=${aliceToken}&unread_messages=true&mention_keys=alice`);
    expect(after.json?.response?.unread_messages?.alice?.['alice-bob'], JSON.stringify(after.json)).toBeUndefined();
  });

  it('messages: a sent post', async () => {
    const kitchen = await req(`/svc/conversations/messages?conversation_id=alice-tiny-kitchen&participant=alice`);
    expect(
      kitchen.json?.response?.messages?.data?.some(
        (m: Json) => m.type === 'POSTREF' && m.post?.post_url?.includes('/blog/tiny-kitchen/post/'),
      ),
    ).toBe(true);
  });

  it('messages: not a participant → 404', async () => {
    expect((await req(`/svc/conversations/messages?conversation_id=bob-carol&participant=${alice}`)).status).toBe(404);
  });

  it('messages: new conversation → 404', async () => {
    expect((await req(`/svc/conversations/messages?participants=tea-ceremony&participant=${alice}`)).status).toBe(404);
  });

  it('messages: by participants finds the conversation', async () => {
    expect((await req(`/svc/conversations/messages?participants=${bob}&participant=${alice}`)).json?.response?.id).toBe('alice-bob');
  });
});

describe('refusals', () => {
  let carolKey: string;
  let doraKey: string;
  beforeAll(async () => {
    carolKey = await formKey('carol');
    doraKey = await formKey('dora');
  });

  it('carol (unverified): fetch → 403 7001', async () => {
    const c7001 = await req('/svc/conversations/messages?participants=bob&participant=carol', { cookie: 'tl_session=carol' });
    expect(c7001.status, c7001.text).toBe(403);
    expect(c7001.json?.errors?.[0]?.code, c7001.text).toBe(7001);
  });

  it('carol (unverified): send → 403 7001', async () => {
    const s7001 = await req(
      '/svc/conversations/messages',
      asUser('carol', carolKey, form({ conversation_id: 'bob-carol', participant: 'carol', type: 'TEXT', message: 'hi' })),
    );
    expect(s7001.status, s7001.text).toBe(403);
    expect(s7001.json?.errors?.[0]?.code, s7001.text).toBe(7001);
  });

  it('letterpress: → 403 7003', async () => {
    const l7003 = await req(`/svc/conversations/messages?participants=letterpress&participant=${alice}`);
    expect(l7003.status, l7003.text).toBe(403);
    expect(l7003.json?.errors?.[0]?.code, l7003.text).toBe(7003);
  });

  it('letterpress: send → 403 7003', async () => {
    const answer = await req(
      '/svc/conversations/messages',
      form({ participants: 'letterpress', participant: alice, type: 'TEXT', message: 'hi', form_key: keyOf('alice') }),
    );
    expect(answer.json?.errors?.[0]?.code).toBe(7003);
  });

  it('lighthouse-keeper (must follow first): → 409', async () => {
    expect((await req(`/svc/conversations/messages?participants=lighthouse-keeper&participant=${alice}`)).status).toBe(409);
  });

  it('dora (daily limit): new conversation → 429', async () => {
    const answer = await req(
      '/svc/conversations/messages',
      asUser('dora', doraKey, form({ participants: 'bob', participant: 'dora', type: 'TEXT', message: 'hi' })),
    );
    expect(answer.status).toBe(429);
  });

  it('dora: an existing conversation still works', async () => {
    const answer = await req(
      '/svc/conversations/messages',
      asUser('dora', doraKey, form({ conversation_id: 'alice-dora', participant: 'dora', type: 'TEXT', message: 'still here' })),
    );
    expect(answer.status).toBe(200);
  });

  it('cannot receive messages → 403', async () => {
    expect((await req(`/svc/conversations/messages?participants=vintage-maps&participant=${alice}`)).status).toBe(403);
  });

  it('send without form key → 403', async () => {
    const answer = await req(
      '/svc/conversations/messages',
      form({ conversation_id: 'alice-bob', participant: alice, type: 'TEXT', message: 'x' }),
    );
    expect(answer.status).toBe(403);
  });

  it('empty text → 400', async () => {
    const answer = await req(
      '/svc/conversations/messages',
      form({ conversation_id: 'alice-bob', participant: alice, type: 'TEXT', message: '  ', form_key: keyOf('alice') }),
    );
    expect(answer.status).toBe(400);
  });

  it('text over 4096 → 400', async () => {
    const answer = await req(
      '/svc/conversations/messages',
      form({ conversation_id: 'alice-bob', participant: alice, type: 'TEXT', message: 'x'.repeat(4097), form_key: keyOf('alice') }),
    );
    expect(answer.status).toBe(400);
  });
});

/** The first message sent to chatty-bot, whose answer the last section waits for. */
let sent: Json | undefined;

describe('sending: de-duplication by client id, posts, images, new conversations', () => {
  it('send text', async () => {
    const send1 = await req(
      '/svc/conversations/messages',
      form({
        conversation_id: 'alice-chatty-bot',
        participant: alice,
        type: 'TEXT',
        message: 'are you there?',
        client_id: 'selfcheck-1',
        context: 'post-chrome',
        form_key: keyOf('alice'),
      }),
    );
    sent = send1.json?.response?.messages?.data?.[0];
    expect(send1.status, send1.text).toBe(200);
    expect(sent?.content?.text, send1.text).toBe('are you there?');
    expect(sent?.client_id, send1.text).toBe('selfcheck-1');
    expect(sent?.participant, send1.text).toBe(alice);
  });

  it('same client id → the same message, stored once', async () => {
    const send2 = await req(
      '/svc/conversations/messages',
      form({
        conversation_id: 'alice-chatty-bot',
        participant: alice,
        type: 'TEXT',
        message: 'are you there?',
        client_id: 'selfcheck-1',
        form_key: keyOf('alice'),
      }),
    );
    expect(send2.json?.response?.messages?.data?.[0]?.id).toBe(sent?.id);
    expect((await req('/__demo/state?table=messages&client_id=selfcheck-1')).json?.count).toBe(1);
  });

  it('send a post', async () => {
    const post = (await req('/svc/tumblelog_popover/bob')).json?.response?.highlighted_posts?.[0];
    const sendPost = await req(
      '/svc/conversations/messages',
      form({
        conversation_id: 'alice-bob',
        participant: alice,
        type: 'POSTREF',
        post: JSON.stringify({ id: post?.id, blog: bob }),
        form_key: keyOf('alice'),
      }),
    );
    expect(sendPost.status, sendPost.text).toBe(200);
    expect(sendPost.json?.response?.messages?.data?.[0]?.post?.id, sendPost.text).toBe(post?.id);
  });

  let image: Json | undefined;
  it('send an image (multipart data)', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      conversation_id: 'alice-bob',
      participant: alice,
      type: 'IMAGE',
      context: 'messaging-image-upload',
      form_key: keyOf('alice'),
    }))
      fd.set(k, v);
    fd.set('data', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const sendImage = await req('/svc/conversations/messages', { method: 'POST', body: fd });
    image = sendImage.json?.response?.messages?.data?.[0]?.images?.[0]?.original_size;
    expect(sendImage.status, sendImage.text).toBe(200);
    expect(image?.width, sendImage.text).toBe(1);
    expect(image?.height, sendImage.text).toBe(1);
    expect(image?.url, sendImage.text).toMatch(/^\/svc\/conversations\/images\//);
  });

  it('uploaded image served to participants', async () => {
    const served = await req(image?.url ?? '/nope');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('uploaded image hidden from others', async () => {
    expect((await req(image?.url ?? '/nope', { cookie: 'tl_session=carol' })).status).toBe(404);
  });

  it('unreadable image → 400', async () => {
    const bad = new FormData();
    for (const [k, v] of Object.entries({ conversation_id: 'alice-bob', participant: alice, type: 'IMAGE', form_key: keyOf('alice') }))
      bad.set(k, v);
    bad.set('data', new Blob(['not an image'], { type: 'image/png' }), 'x.png');
    expect((await req('/svc/conversations/messages', { method: 'POST', body: bad })).status).toBe(400);
  });

  it('send to a new conversation creates it', async () => {
    const fresh = await req(
      '/svc/conversations/messages',
      form({ participants: 'tea-ceremony', participant: alice, type: 'TEXT', message: 'hello tea', form_key: keyOf('alice') }),
    );
    const freshId = fresh.json?.response?.conversation_id as string;
    expect(fresh.status).toBe(200);
    expect(freshId).toBeTypeOf('string');
    expect((await req(`/svc/conversations/messages?participants=tea-ceremony&participant=${alice}`)).json?.response?.id).toBe(freshId);
  });

  it('the recipient sees it unread', async () => {
    const bobPoll = await req(`/services/poll?token=${await pollingToken('bob')}&unread_messages=true&mention_keys=bob`);
    expect(bobPoll.json?.response?.unread_messages?.bob?.['alice-bob'] ?? 0, JSON.stringify(bobPoll.json)).toBeGreaterThanOrEqual(2);
  });

  it('bob can answer', async () => {
    const bobKey = await formKey('bob');
    const answer = await req(
      '/svc/conversations/messages',
      asUser('bob', bobKey, form({ conversation_id: 'alice-bob', participant: 'bob', type: 'TEXT', message: 'nice dot' })),
    );
    expect(answer.status).toBe(200);
  });
});

describe('flag, delete, suggestions, tutorial', () => {
  const conversations = async () => (await req(`/svc/conversations?participant=${alice}&limit=50`)).json?.response?.conversations as Json[];

  it('flag unblur', async () => {
    const unblur = await req(
      '/svc/conversations/flag',
      form({ conversation_id: 'alice-glitch-art-daily', participant: alice, type: 'unblur', form_key: keyOf('alice') }),
    );
    expect(unblur.status).toBe(200);
    const glitch = await req(`/svc/conversations/messages?conversation_id=alice-glitch-art-daily&participant=${alice}`);
    expect(glitch.json?.response?.is_blurred_images).toBe(false);
  });

  it('flag spam blocks and removes', async () => {
    const spam = await req(
      '/svc/conversations/flag',
      form({ conversation_id: 'alice-glitch-art-daily', participant: alice, type: 'spam', context: 'inline', form_key: keyOf('alice') }),
    );
    expect(spam.status).toBe(200);
    expect((await req('/__demo/blocks?blog=alice')).json?.rows?.some((r: Json) => r.blocked_blog === 'glitch-art-daily')).toBe(true);
    expect((await conversations()).map((c) => c.id)).not.toContain('alice-glitch-art-daily');
  });

  it('delete hides the conversation', async () => {
    const del = await req(`/svc/conversations/messages?conversation_id=alice-dora&participant=${alice}`, {
      method: 'DELETE',
      headers: { 'X-Tumblr-Form-Key': keyOf('alice') },
    });
    const afterDelete = await conversations();
    expect(del.status).toBe(200);
    expect(afterDelete.map((c) => c.id)).not.toContain('alice-dora');
  });

  it('a newer message brings it back', async () => {
    const doraKey = await formKey('dora');
    const again = await req(
      '/svc/conversations/messages',
      asUser('dora', doraKey, form({ conversation_id: 'alice-dora', participant: 'dora', type: 'TEXT', message: 'hello again' })),
    );
    expect(again.status).toBe(200);
    expect((await conversations()).map((c) => c.id)).toContain('alice-dora');
  });

  it('delete one message hides it', async () => {
    const seaGlass = async () =>
      (await req(`/svc/conversations/messages?conversation_id=alice-sea-glass&participant=${alice}`)).json?.response?.messages
        ?.data as Json[];
    const firstImage = (await seaGlass())?.find((m) => m.type === 'IMAGE');
    const delOne = await req(`/svc/conversations/messages/${firstImage?.id}?conversation_id=alice-sea-glass&participant=${alice}`, {
      method: 'DELETE',
      headers: { 'X-Tumblr-Form-Key': keyOf('alice') },
    });
    expect(delOne.status).toBe(200);
    expect((await seaGlass()).map((m) => m.id)).not.toContain(firstImage?.id);
    expect((await seaGlass()).filter((m) => m.type === 'IMAGE').length).toBe(1);
  });

  it("delete one message: someone else's conversation is a 404", async () => {
    const del = await req(`/svc/conversations/messages/1?conversation_id=bob-carol&participant=${alice}`, {
      method: 'DELETE',
      headers: { 'X-Tumblr-Form-Key': keyOf('alice') },
    });
    expect(del.status).toBe(404);
  });

  it('post messages: every kind, photos with sizes, one NSFW, one gone', async () => {
    const sentPosts = (
      ((await req(`/svc/conversations/messages?conversation_id=alice-slow-cinema&participant=${alice}`)).json?.response?.messages
        ?.data as Json[]) ?? []
    ).map((m) => m.post);
    const why = JSON.stringify(sentPosts.map((p) => `${p?.type}:${p?.state}`));
    for (const t of ['photo', 'link', 'quote', 'audio', 'video', 'chat'])
      expect(
        sentPosts.some((p) => p?.type === t),
        `${t} in ${why}`,
      ).toBe(true);
    expect(
      sentPosts.some((p) => p?.type === 'photo' && p.photos?.length > 1 && p.photos[0].alt_sizes?.length === 3),
      why,
    ).toBe(true);
    expect(
      sentPosts.some((p) => p?.is_nsfw === true),
      why,
    ).toBe(true);
    expect(
      sentPosts.some((p) => p?.state === 'disabled'),
      why,
    ).toBe(true);
    expect(
      sentPosts.filter((p) => p?.type === 'quote').every((p) => p.thumbnail_url === undefined),
      why,
    ).toBe(true);
  });

  it('suggestions: search', async () => {
    const search = (await req(`/svc/conversations/participant_suggestions?q=bo&participant=${alice}`)).json?.response?.blogs as Json[];
    const names = search?.map((b) => b.name);
    expect(search?.[0]?.name, JSON.stringify(names)).toBe('bob');
    expect(names.filter((name: string) => name.startsWith('alice'))).toEqual([]);
  });

  it('suggestions: favourites (8, can receive, not own)', async () => {
    const favs = (await req(`/svc/conversations/participant_suggestions?participant=${alice}&include_recent=true`)).json?.response
      ?.blogs as Json[];
    const why = JSON.stringify(favs?.map((b) => b.name));
    expect(favs?.length, why).toBe(8);
    expect(
      favs.every((b) => b.can_receive_messages === true && !b.name.startsWith('alice')),
      why,
    ).toBe(true);
  });

  it('tutorial_seen', async () => {
    const seen = await req('/svc/conversations/tutorial_seen', { method: 'POST', headers: { 'X-Tumblr-Form-Key': keyOf('alice') } });
    expect(seen.json?.response?.seen).toBe(true);
  });
});

describe('chatty-bot answers about two seconds later', () => {
  const botMessages = async () =>
    (await req(`/svc/conversations/messages?conversation_id=alice-chatty-bot&participant=${alice}`)).json?.response?.messages
      ?.data as Json[];

  it('chatty-bot: not yet', async () => {
    expect((await botMessages()).at(-1)?.id).toBe(sent?.id);
  });

  it('chatty-bot: answered', async () => {
    await new Promise((r) => setTimeout(r, 2300));
    const last = (await botMessages()).at(-1);
    const why = JSON.stringify(last);
    expect(last?.participant, why).not.toBe(alice);
    expect(last?.content?.text, why).toBeTypeOf('string');
    expect(last?.content?.text, why).toContain('are you there?');
  });

  it('chatty-bot: a reset cancels pending answers', async () => {
    await req(
      '/svc/conversations/messages',
      form({ conversation_id: 'alice-chatty-bot', participant: alice, type: 'TEXT', message: 'bye', form_key: keyOf('alice') }),
    );
    const resetAgain = await req('/__demo/reset', { method: 'POST' });
    await new Promise((r) => setTimeout(r, 2300));
    const afterReset = await botMessages();
    expect(resetAgain.status).toBe(200);
    expect(afterReset.length, JSON.stringify(afterReset)).toBe(2);
  });
});
