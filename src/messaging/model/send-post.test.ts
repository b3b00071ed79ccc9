import { describe, expect, it } from 'vitest';
import { parseSendPostRequest, SEND_POST_CONTEXT } from './send-post';
import { contextToSend } from './send-queue';

const VALID = { sender: 'alice', recipient: { uuid: 't:bob', name: 'bob', avatar_url: '/a.png' }, postId: '12', postBlogUuid: 't:alice' };

describe('the tl-messaging-send-post-request request', () => {
  it('takes a sender, a recipient with uuid and name, the post and its blog uuid, and optional text', () => {
    const req = parseSendPostRequest({ ...VALID, text: 'look at this' });
    expect(req).toMatchObject({ sender: 'alice', postId: '12', postBlogUuid: 't:alice', text: 'look at this' });
    expect(req?.recipient).toMatchObject({ uuid: 't:bob', name: 'bob', avatar_url: '/a.png', can_receive_messages: true, tags: [] });
  });
  it('drops blank text, and keeps a recipient that cannot receive messages as such', () => {
    expect(parseSendPostRequest({ ...VALID, text: '   ' })).not.toHaveProperty('text');
    expect(
      parseSendPostRequest({ ...VALID, recipient: { ...VALID.recipient, can_receive_messages: false } })?.recipient.can_receive_messages,
    ).toBe(false);
  });
  it('refuses what cannot be sent (page code may send anything)', () => {
    expect(parseSendPostRequest(null)).toBeNull();
    expect(parseSendPostRequest({ ...VALID, sender: '' })).toBeNull();
    expect(parseSendPostRequest({ ...VALID, postBlogUuid: undefined })).toBeNull();
    expect(parseSendPostRequest({ ...VALID, recipient: { name: 'bob' } })).toBeNull();
    expect(parseSendPostRequest({ ...VALID, recipient: 'bob' })).toBeNull();
    expect(parseSendPostRequest({ ...VALID, text: 'x'.repeat(4097) })).toBeNull();
    expect(parseSendPostRequest({ ...VALID, text: 5 })).toBeNull();
  });
  it('its context is one the server is sent (first segment post-chrome)', () => {
    expect(contextToSend(SEND_POST_CONTEXT)).toBe(SEND_POST_CONTEXT);
  });
});
