import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  POST_MESSAGES,
  addTags,
  assertAllowedProtocol,
  UnsupportedProtocolError,
  createPost,
  displayState,
  editorTypeFromCode,
  editorTypeToCode,
  fromServerType,
  isDirty,
  isValidLinkUrl,
  postFromPayload,
  parsePostDate,
  postFromServer,
  publishOnFieldValue,
  stateFromCode,
  stateToCode,
  toServerType,
  tweetLength,
  tweetRemaining,
  tweetText,
  typeErrors,
  updatePayload,
  validatePost,
  withProtocol,
  type PostModel,
  type PostState,
} from './post';
import { POST_TYPES } from '../../../src/models/post-types';
import { SAMPLES } from './post.test-helpers';

const messages = (post: PostModel) => validatePost(post).map((p) => p.message);

describe('state values and server codes', () => {
  const table: [PostState, string][] = [
    ['published', '0'],
    ['draft', '1'],
    ['queued', '2'],
    ['scheduled', 'on.2'],
    ['private', 'private'],
    ['unapproved', '0 3'],
    ['transcoding', '4'],
  ];
  it.each(table)('%s is sent as %s', (state, code) => expect(stateToCode(state)).toBe(code));
  it('reads the server codes back (0 and "0 3" are published, 3 unapproved)', () => {
    expect(stateFromCode('0')).toBe('published');
    expect(stateFromCode(0)).toBe('published');
    expect(stateFromCode('0 3')).toBe('published');
    expect(stateFromCode('1')).toBe('draft');
    expect(stateFromCode('2')).toBe('queued');
    expect(stateFromCode('3')).toBe('unapproved');
    expect(stateFromCode('4')).toBe('transcoding');
    expect(stateFromCode('on.2')).toBe('scheduled');
    expect(stateFromCode('private')).toBe('private');
    expect(stateFromCode('9')).toBeNull();
    expect(stateFromCode(undefined)).toBeNull();
  });
  it('round-trips every state but unapproved (sent as "0 3", read back as published)', () => {
    for (const [state] of table) if (state !== 'unapproved') expect(stateFromCode(stateToCode(state))).toBe(state);
  });
  it('shows a private published post as private and a queued post with a date as scheduled', () => {
    expect(displayState('published', { isPrivate: true })).toBe('private');
    expect(displayState('published', {})).toBe('published');
    expect(displayState('queued', { publishOn: '2026-12-01T10:00' })).toBe('scheduled');
    expect(displayState('queued', {})).toBe('queued');
  });
});

describe('types and editor codes', () => {
  it('maps regular/conversation to text/chat both ways', () => {
    expect(toServerType('text')).toBe('regular');
    expect(toServerType('chat')).toBe('conversation');
    expect(fromServerType('regular')).toBe('text');
    expect(fromServerType('conversation')).toBe('chat');
    expect(fromServerType('answer')).toBe('note');
    for (const type of POST_TYPES) expect(fromServerType(toServerType(type))).toBe(type);
    expect(fromServerType('poll')).toBeNull();
  });
  it('maps editor types to the format codes 0/1/2 and back', () => {
    expect(editorTypeToCode('rich')).toBe(0);
    expect(editorTypeToCode('html')).toBe(1);
    expect(editorTypeToCode('markdown')).toBe(2);
    expect(editorTypeFromCode(0)).toBe('rich');
    expect(editorTypeFromCode('1')).toBe('html');
    expect(editorTypeFromCode(2)).toBe('markdown');
    expect(editorTypeFromCode('markdown')).toBe('markdown');
    expect(editorTypeFromCode(7, 'html')).toBe('html');
  });
  it('checks each field against the type of its default', () => {
    expect(typeErrors({ ...createPost('text'), tags: 'a,b', canBeLiked: 'yes', title: 3 })).toEqual([
      'Invalid "tags" type. Expected array, got string',
      'Invalid "canBeLiked" type. Expected boolean, got string',
      'Invalid "title" type. Expected string, got number',
    ]);
    expect(typeErrors(createPost('photo') as unknown as Record<string, unknown>)).toEqual([]);
    const broken = { ...createPost('text', { body: 'x' }), body: null } as unknown as PostModel;
    expect(messages(broken)).toContain('Invalid "body" type. Expected string, got null');
  });
});

describe('validation messages (spec §5)', () => {
  it('state', () => {
    expect(messages(createPost('text', { body: 'x', state: 'gone' as PostState }))).toEqual(['Invalid "state" value']);
  });
  it('pending images', () => {
    expect(messages(createPost('text', { body: 'x', hasLoadingInlineImages: true }))).toEqual(['There are still pending images']);
  });
  it('text', () => {
    expect(messages(createPost('text'))).toEqual(['Post body empty']);
    expect(messages(createPost('text', { title: '  ', body: ' ' }))).toEqual(['Post body empty']);
    expect(messages(createPost('text', { title: 'Only a title' }))).toEqual([]);
    expect(messages(createPost('text', { mode: 'reblog', is_reblog: true }))).toEqual([]);
  });
  it('photo', () => {
    expect(messages(createPost('photo'))).toEqual(['No photos specified']);
    expect(messages(createPost('photo', { photos: [{ id: 'o1', url: ' ', caption: '' }] }))).toEqual(['No photos specified']);
    expect(messages(createPost('photo', { uploading: true }))).toEqual(['Uploads in progress']);
    expect(messages(createPost('photo', { photos: [{ id: 'o1', url: '/a.png', caption: '' }] }))).toEqual([]);
  });
  it('quote', () => {
    expect(messages(createPost('quote'))).toEqual(['No quote']);
    expect(messages(createPost('quote', { quote: 'q' }))).toEqual([]);
  });
  it('link', () => {
    expect(messages(createPost('link'))).toEqual(['No url']);
    expect(messages(createPost('link', { loading: true }))).toEqual(['Loading OpenGraph data']);
    expect(messages(createPost('link', { url: 'example' }))).toEqual(['Not a valid URL']);
    expect(messages(createPost('link', { url: 'ftp://example.com' }))).toEqual(['Not a valid URL']);
    expect(messages(createPost('link', { url: 'https://example.com/a?b=1#c' }))).toEqual([]);
  });
  it('the link URL rule: http(s), a host, an IP or localhost, optional port, path, query, hash', () => {
    for (const ok of [
      'http://example.com',
      'https://a.b.example.org/',
      'http://localhost:4000/x',
      'http://127.0.0.1',
      'https://example.com:8443/p/q?x=1&y=2#top',
    ])
      expect(isValidLinkUrl(ok), ok).toBe(true);
    for (const bad of [
      '',
      'example.com',
      'javascript:alert(1)',
      'http://',
      'http://exa mple.com',
      'https://-bad.com',
      'mailto:a@b.c',
      'http://example',
    ])
      expect(isValidLinkUrl(bad), bad).toBe(false);
  });
  it('chat', () => {
    expect(messages(createPost('chat'))).toEqual(['No chat']);
    expect(messages(createPost('chat', { chat: 'a: hi' }))).toEqual([]);
  });
  it('audio', () => {
    expect(messages(createPost('audio'))).toEqual(['Please choose an audio source before continuing']);
    expect(messages(createPost('audio', { preuploadUrl: '/up/a.mp3' }))).toEqual([
      'You must agree that you have permission to share this file',
    ]);
    expect(messages(createPost('audio', { preuploadUrl: '/up/a.mp3', confirmTos: true }))).toEqual([]);
    expect(messages(createPost('audio', { url: 'https://example.com/a.mp3' }))).toEqual([]);
    expect(messages(createPost('audio', { uploading: true }))).toEqual(['Uploads in progress']);
  });
  it('video', () => {
    expect(messages(createPost('video'))).toEqual(['No embed specified']);
    expect(messages(createPost('video', { embedCode: 'https://' }))).toEqual(['Direct embed missing']);
    expect(messages(createPost('video', { preuploadUrl: '/up/v.mp4' }))).toEqual([
      'You must agree that you have permission to share this file',
    ]);
    expect(messages(createPost('video', { embedCode: '<iframe src="https://example.com/v"></iframe>' }))).toEqual([]);
    expect(messages(createPost('video', { embedCode: 'https://example.com/v.mp4' }))).toEqual([]);
    expect(messages(createPost('video', { embedCode: '<p>not a video</p>' }))).toEqual(['Invalid embed code']);
    expect(messages(createPost('video', { embedCode: '<iframe data-src="https://x.example/v"></iframe>' }))).toEqual([
      'Invalid embed code',
    ]);
    expect(POST_MESSAGES.noVideo).toBe('No video specified');
    // "Upload a video" chosen and no file: the upload's message, even with embed code left behind.
    expect(messages(createPost('video', { mediaSource: 'upload' }))).toEqual(['No video specified']);
    expect(messages(createPost('video', { mediaSource: 'upload', embedCode: '<iframe src="https://example.com/v"></iframe>' }))).toEqual([
      'No video specified',
    ]);
    expect(messages(createPost('video', { mediaSource: 'upload', preuploadUrl: '/up/v.mp4', confirmTos: true }))).toEqual([]);
    expect(messages(createPost('video', { mediaSource: 'url' }))).toEqual(['No embed specified']);
  });
  it('switching the media source alone is no change to the post', () => {
    expect(isDirty(createPost('video'), createPost('video', { mediaSource: 'upload' }))).toBe(false);
  });
  it('note', () => {
    expect(messages(createPost('note'))).toEqual(['Post question empty']);
    expect(messages(createPost('note', { ask: 'Why?' }))).toEqual([]);
  });
  it('a scheduled post needs a date; a bad source URL is named', () => {
    expect(validatePost(createPost('quote', { quote: 'q', state: 'scheduled' }))).toEqual([
      { field: 'publish_on', message: 'Choose when to publish' },
    ]);
    expect(validatePost(createPost('quote', { quote: 'q', sourceUrl: 'not a url' }))).toEqual([
      { field: 'sourceUrl', message: 'Not a valid URL' },
    ]);
    expect(validatePost(createPost('quote', { quote: 'q', sourceUrl: 'example.com/x' }))).toEqual([]);
  });
});

describe('other post rules', () => {
  it('adds http: to a URL with no protocol', () => {
    expect(withProtocol('example.com')).toBe('http://example.com');
    expect(withProtocol('//example.com/a')).toBe('http://example.com/a');
    expect(withProtocol('https://example.com')).toBe('https://example.com');
    expect(withProtocol('  ')).toBe('');
  });
  it('allows http, https, the app scheme and mailto; throws on others', () => {
    expect(assertAllowedProtocol(' https://x.y ')).toBe('https://x.y');
    expect(assertAllowedProtocol('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(assertAllowedProtocol('tumblelog://post/1')).toBe('tumblelog://post/1');
    expect(() => assertAllowedProtocol('javascript:alert(1)')).toThrow('Unsupported URL protocol "javascript:"');
  });
  it('tweets: [[MORE]] and after removed, links count 29, 140 in all', () => {
    expect(tweetText('Hello [[MORE]] secret')).toBe('Hello');
    expect(tweetLength('abc')).toBe(3);
    expect(tweetLength('see https://example.com/a/very/long/path/that/is/long')).toBe(4 + 29);
    expect(tweetRemaining('x'.repeat(140))).toBe(0);
    expect(tweetRemaining('x'.repeat(141))).toBe(-1);
  });
  it('a post date: sent as post[date], read back from a fetch, refused when it is no date', () => {
    expect(parsePostDate('2024-02-29 13:05')).toBe(Date.UTC(2024, 1, 29, 13, 5) / 1000);
    expect(parsePostDate('2024-02-29T13:05:30')).toBe(Date.UTC(2024, 1, 29, 13, 5, 30) / 1000);
    for (const bad of ['2023-02-29 10:00', '2024-13-01 10:00', '2024-01-01 24:00', 'yesterday', '2024-01-01'])
      expect(parsePostDate(bad), bad).toBeNull();
    const dated = createPost('text', { body: 'b', postDate: '2024-02-29T13:05' });
    expect(updatePayload(dated, { channelId: 'alice' })['post[date]']).toBe('2024-02-29T13:05');
    expect(validatePost(dated)).toEqual([]);
    expect(validatePost({ ...dated, postDate: '2023-02-29T13:05' })).toEqual([
      { field: 'postDate', message: POST_MESSAGES.invalidPostDate },
    ]);
    expect(
      postFromServer(
        {
          id: 5,
          type: 'photo',
          state: '0',
          date: '2024-02-29T13:05',
          allow_photo_replies: true,
          carousel_display: 1,
          carousel_link_url: 'https://x.example',
        },
        'edit',
      ),
    ).toMatchObject({
      postDate: '2024-02-29T13:05',
      allow_photo_replies: true,
      carouselDisplay: true,
      carouselLinkUrl: 'https://x.example',
    });
  });
  it('refuses a custom tweet over 140 when it will be sent, and only then', () => {
    const long = 'x'.repeat(141);
    const problems = (patch: Parameters<typeof createPost>[1]) => validatePost(createPost('text', { body: 'b', ...patch }));
    expect(problems({ sendToTwitter: true, customTweet: long })).toEqual([{ field: 'customTweet', message: POST_MESSAGES.tweetTooLong }]);
    expect(problems({ sendToTwitter: true, customTweet: 'x'.repeat(140) })).toEqual([]);
    expect(problems({ sendToTwitter: true, customTweet: `${'x'.repeat(130)} [[MORE]] ${long}` })).toEqual([]);
    expect(problems({ sendToTwitter: false, customTweet: long })).toEqual([]);
  });
  it('tags: a list, comma or Enter adds, duplicates ignored', () => {
    expect(addTags([], 'cats, dogs,,#birds')).toEqual(['cats', 'dogs', 'birds']);
    expect(addTags(['cats'], 'Cats')).toEqual(['cats']);
  });
  it('dirty only when something the user controls changed', () => {
    const a = createPost('text');
    expect(isDirty(a, { ...a, uploading: true })).toBe(false);
    expect(isDirty(a, { ...a, body: 'x' })).toBe(true);
    expect(isDirty(a, { ...a, tags: ['x'] })).toBe(true);
  });
  it('reads a fetched post for an edit and for a reblog', () => {
    const raw = { id: 12, type: 'regular', state: '1', tags: 'a,b', title: 'T', body: 'B', slug: 's', editor_type: 2, can_be_liked: 0 };
    const edit = postFromServer(raw, 'edit');
    expect(edit).toMatchObject({
      type: 'text',
      mode: 'edit',
      postId: '12',
      state: 'draft',
      tags: ['a', 'b'],
      title: 'T',
      body: 'B',
      customUrl: 's',
      editorType: 'markdown',
      canBeLiked: false,
    });
    const reblog = postFromServer({ ...raw, reblog_key: 'k1' }, 'reblog');
    expect(reblog).toMatchObject({ type: 'text', mode: 'reblog', reblog_id: '12', reblog_key: 'k1', is_reblog: true, body: '', tags: [] });
    expect(postFromServer({ type: 'poll' }, 'edit')).toBeNull();
  });
  it('opens an edited post in its real state: scheduled (queued with a date), private', () => {
    const base = { id: 3, type: 'regular', body: 'B' };
    expect(postFromServer({ ...base, state: '2', publish_on: '2026-12-01 09:00' }, 'edit')).toMatchObject({
      state: 'scheduled',
      publish_on: '2026-12-01 09:00',
    });
    expect(postFromServer({ ...base, state: 'on.2', publish_on: '2026-12-01 09:00' }, 'edit')?.state).toBe('scheduled');
    expect(postFromServer({ ...base, state: '2', publish_on: '' }, 'edit')?.state).toBe('queued');
    expect(postFromServer({ ...base, state: 'private' }, 'edit')?.state).toBe('private');
    // The date field shows the server's date whichever way it is written.
    expect(publishOnFieldValue('2026-12-01 09:00')).toBe('2026-12-01T09:00');
    expect(publishOnFieldValue('2026-12-01T09:00:30')).toBe('2026-12-01T09:00');
    expect(publishOnFieldValue('next tuesday')).toBe('');
  });
});

describe('the /svc/post/update payload, per type', () => {
  it.each(POST_TYPES)('%s matches its fixture', (type) => {
    const post = createPost(type, { tumblelog: 'alice', ...SAMPLES[type] });
    const expected = JSON.parse(
      readFileSync(new URL(`../../../tests/fixtures/post-update/${type}.json`, import.meta.url), 'utf8'),
    ) as unknown;
    expect(updatePayload(post, { channelId: 'alice', contextPage: 'dashboard', source: 'header' })).toEqual(expected);
  });
  it('marks the text body as rich text only when the rich editor wrote it', () => {
    const rich = updatePayload(createPost('text', { body: '<p>x</p>', editorType: 'rich' }), { channelId: 'alice' });
    expect([rich['is_rich_text[one]'], rich['is_rich_text[two]'], rich.editor_type]).toEqual(['0', '1', '0']);
    for (const editorType of ['html', 'markdown'] as const) {
      expect(updatePayload(createPost('text', { body: 'x', editorType }), { channelId: 'alice' })['is_rich_text[two]']).toBe('0');
    }
    expect(updatePayload(createPost('photo', { caption: 'x', editorType: 'rich' }), { channelId: 'alice' })['is_rich_text[two]']).toBe('0');
  });
  it('an edit sends its id twice; a reblog sends the reblog fields', () => {
    const edit = updatePayload(createPost('text', { mode: 'edit', postId: '42', body: 'x' }), { channelId: 'alice' });
    expect(edit.post_id).toBe('42');
    expect(edit.edit_post_id).toBe('42');
    const reblog = updatePayload(createPost('photo', { mode: 'reblog', reblog_id: '7', reblog_key: 'abc', caption: 'so good' }), {
      channelId: 'alice-sketches',
    });
    expect(reblog).toMatchObject({
      reblog: '1',
      reblog_key: 'abc',
      reblog_post_id: '7',
      channel_id: 'alice-sketches',
      'post[two]': 'so good',
    });
  });
});

describe('the save payload: the fields beyond the form', () => {
  it('refuses a carousel link with a protocol outside the allowed ones, and never sends one', () => {
    const post = createPost('photo', {
      photos: [{ id: 'o1', url: '/a.jpg', caption: '' }],
      carouselDisplay: true,
      carouselLinkUrl: 'javascript:alert(1)',
    });
    expect(validatePost(post)).toContainEqual({ field: 'carouselLinkUrl', message: 'Unsupported URL protocol "javascript:"' });
    expect(() => updatePayload(post, { channelId: 'alice' })).toThrow(UnsupportedProtocolError);
    expect(validatePost({ ...post, carouselLinkUrl: 'mailto:me@example.com' })).toEqual([]);
    // No carousel: its link is not sent, whatever it holds.
    expect(updatePayload({ ...post, carouselDisplay: false }, { channelId: 'alice' }).carousel_link_url).toBe('');
  });

  it('sends a reblog its source, carousel slide and tree removal, and holds a tree-less reblog to "Post body empty"', () => {
    const reblog = createPost('photo', {
      mode: 'reblog',
      is_reblog: true,
      reblog_id: '7',
      reblog_key: 'k',
      reblogSource: 'bob',
      carouselIndex: 2,
    });
    expect(updatePayload(reblog, { channelId: 'alice' })).toMatchObject({
      reblog: '1',
      reblog_source: 'bob',
      carousel_index: '2',
      remove_reblog_tree: '0',
    });
    expect(messages(reblog)).toEqual([]);
    const bare = { ...reblog, removeReblogTree: true };
    expect(updatePayload(bare, { channelId: 'alice' }).remove_reblog_tree).toBe('1');
    expect(messages(bare)).toEqual(['Post body empty']);
    expect(messages({ ...bare, caption: 'mine' })).toEqual([]);
    // A post that is not a reblog has no tree to remove and no source to name.
    const own = updatePayload(createPost('text', { body: 'x', removeReblogTree: true, reblogSource: 'bob' }), { channelId: 'alice' });
    expect([own.remove_reblog_tree, own.reblog_source]).toEqual(['0', '']);
  });
  it('sends the context id, the photoset layout while it fits, and the note caption in the third slot', () => {
    const photos = [1, 2, 3].map((i) => ({ id: `o${i}`, url: `/p${i}.jpg`, caption: '' }));
    const photo = createPost('photo', { photos, layout: '12' });
    expect(updatePayload(photo, { channelId: 'alice', contextId: 'cats' })).toMatchObject({
      context_id: 'cats',
      'post[photoset_layout]': '12',
    });
    expect(updatePayload({ ...photo, photos: photos.slice(0, 2) }, { channelId: 'alice' })['post[photoset_layout]']).toBe('11');
    expect(updatePayload(createPost('note', { ask: 'Q?', answer: 'A', caption: 'Cap' }), { channelId: 'alice' })['post[three]']).toBe(
      'Cap',
    );
  });
  it('sends uploaded album art as artwork_pre_upload, a removal as remove_album_art, and a video upload’s key', () => {
    const audio = createPost('audio', { preuploadUrl: '/u/a.mp3', albumArt: '/u/art.jpg', preuploadAlbumArt: '/u/art.jpg' });
    expect(updatePayload(audio, { channelId: 'alice' })).toMatchObject({ artwork_pre_upload: '/u/art.jpg', remove_album_art: '0' });
    // A typed URL is not an upload.
    expect(updatePayload({ ...audio, albumArt: 'https://x.example/a.jpg' }, { channelId: 'alice' }).artwork_pre_upload).toBe('');
    expect(updatePayload({ ...audio, albumArt: '', removeAlbumArt: true }, { channelId: 'alice' }).remove_album_art).toBe('1');
    const video = createPost('video', { preuploadUrl: '/u/v.mp4', preuploadKey: 'mk1' });
    expect(updatePayload(video, { channelId: 'alice' }).preuploaded_ch).toBe('mk1');
    expect(updatePayload({ ...video, preuploadUrl: '' }, { channelId: 'alice' }).preuploaded_ch).toBe('');
  });
  it('reads the reblog source and slide of a fetched post to reblog, and the layout and tree of one to edit', () => {
    const reblog = postFromServer({ type: 'photo', id: '9', reblog_key: 'k', tumblelog: 'bob', carousel_index: 3 }, 'reblog');
    expect(reblog).toMatchObject({ reblogSource: 'bob', carouselIndex: 3 });
    expect(postFromServer({ type: 'photo', id: '9', reblog_key: 'k', carousel_index: -1 }, 'reblog')?.carouselIndex).toBe(0);
    const edit = postFromServer({ type: 'photo', id: '9', layout: '21', is_reblog: true, remove_reblog_tree: true }, 'edit');
    expect(edit).toMatchObject({ layout: '21', removeReblogTree: true });
  });
});

describe('reading a payload back (the server validates like the client)', () => {
  it.each(POST_TYPES)('%s: the payload describes the same post', (type) => {
    const post = createPost(type, { tumblelog: 'alice', ...SAMPLES[type] });
    const payload = updatePayload(post, { channelId: 'alice' });
    const { post: back, stateValid } = postFromPayload(payload);
    expect(stateValid).toBe(true);
    expect(updatePayload(back!, { channelId: 'alice' })).toEqual(payload);
    expect(validatePost(back!)).toEqual(validatePost(post));
  });
  it('a reblog and the media extras read back to the same payload', () => {
    const reblog = createPost('text', {
      mode: 'reblog',
      is_reblog: true,
      reblog_id: '7',
      reblog_key: 'k',
      reblogSource: 'bob',
      carouselIndex: 1,
      removeReblogTree: true,
      body: 'mine',
    });
    const audio = createPost('audio', {
      preuploadUrl: '/u/a.mp3',
      confirmTos: true,
      albumArt: '/u/art.jpg',
      preuploadAlbumArt: '/u/art.jpg',
    });
    const video = createPost('video', { preuploadUrl: '/u/v.mp4', preuploadKey: 'mk1', confirmTos: true });
    for (const post of [reblog, audio, video]) {
      const payload = updatePayload(post, { channelId: 'alice', contextId: 'cats' });
      expect(updatePayload(postFromPayload(payload).post!, { channelId: 'alice', contextId: 'cats' })).toEqual(payload);
    }
  });
  it('an unknown state or type is reported', () => {
    expect(postFromPayload({ 'post[type]': 'regular', 'post[state]': '9' }).stateValid).toBe(false);
    expect(postFromPayload({ 'post[type]': 'poll' }).post).toBeNull();
  });
});
