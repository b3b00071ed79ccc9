import { describe, expect, it } from 'vitest';
import {
  attachmentError,
  canAttach,
  dragHasFiles,
  IMAGE_MAX_BYTES_DEFAULT,
  imageMaxBytes,
  isAcceptedImage,
  lastFile,
  previewSize,
  tooBigText,
  transferFiles,
} from './attachment';

const MB = 1_048_576;

describe('image attachments (spec §5, §8, §9)', () => {
  it('accepts jpg, jpeg, png and gif only, by type or (without one) by name', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'IMAGE/PNG']) expect(isAcceptedImage({ type })).toBe(true);
    for (const type of ['image/webp', 'image/svg+xml', 'image/bmp', 'application/pdf', 'text/plain'])
      expect(isAcceptedImage({ type, name: 'x.png' })).toBe(false);
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif']) expect(isAcceptedImage({ type: '', name })).toBe(true);
    for (const name of ['a.webp', 'a.png.exe', 'png', '']) expect(isAcceptedImage({ type: '', name })).toBe(false);
  });

  it("gives the spec's texts: 'Invalid file type.' and 'Image must be smaller than {n}MB' in whole megabytes", () => {
    expect(attachmentError({ type: 'image/webp', size: 10 }, IMAGE_MAX_BYTES_DEFAULT)).toBe('Invalid file type.');
    expect(attachmentError({ type: 'image/png', size: IMAGE_MAX_BYTES_DEFAULT + 1 }, IMAGE_MAX_BYTES_DEFAULT)).toBe(
      'Image must be smaller than 10MB',
    );
    expect(attachmentError({ type: 'image/png', size: IMAGE_MAX_BYTES_DEFAULT }, IMAGE_MAX_BYTES_DEFAULT)).toBe(null);
    expect(tooBigText(2.5 * MB)).toBe('Image must be smaller than 2MB');
    // the type is checked first: a huge PDF is an invalid type
    expect(attachmentError({ type: 'application/pdf', size: 50 * MB }, IMAGE_MAX_BYTES_DEFAULT)).toBe('Invalid file type.');
  });

  it('takes the maximum from the config, else 10485760', () => {
    expect(IMAGE_MAX_BYTES_DEFAULT).toBe(10485760);
    expect(imageMaxBytes({})).toBe(10485760);
    expect(imageMaxBytes({ messaging_image_max_bytes: 2 * MB })).toBe(2 * MB);
    for (const bad of [0, -1, '5', Number.NaN, null]) expect(imageMaxBytes({ messaging_image_max_bytes: bad })).toBe(10485760);
  });

  it('accepts a drop or paste only with photos enabled, no preview, can_send and no error', () => {
    const ok = { photosEnabled: true, hasPreview: false, canSend: true, hasError: false };
    expect(canAttach(ok)).toBe(true);
    expect(canAttach({ ...ok, photosEnabled: false })).toBe(false);
    expect(canAttach({ ...ok, hasPreview: true })).toBe(false);
    expect(canAttach({ ...ok, canSend: false })).toBe(false);
    expect(canAttach({ ...ok, hasError: true })).toBe(false);
  });

  it('a drag counts only when its items include Files; only the last file is used', () => {
    expect(dragHasFiles(['text/plain', 'Files'])).toBe(true);
    expect(dragHasFiles(['text/plain', 'text/uri-list'])).toBe(false);
    expect(dragHasFiles(null)).toBe(false);
    expect(lastFile(['a', 'b', 'c'])).toBe('c');
    expect(lastFile([])).toBe(null);
    expect(lastFile(null)).toBe(null);
  });

  it('sizes the preview to fit 210 × 150, never enlarging', () => {
    expect(previewSize(420, 300)).toEqual({ width: 210, height: 150 });
    expect(previewSize(1000, 100)).toEqual({ width: 210, height: 21 });
    expect(previewSize(100, 1000)).toEqual({ width: 15, height: 150 });
    expect(previewSize(50, 40)).toEqual({ width: 50, height: 40 });
    expect(previewSize(0, 10)).toEqual({ width: 210, height: 150 });
  });
});

describe('transferFiles', () => {
  const item = (kind: string, file: string | null) => ({ kind, getAsFile: () => file });
  it('takes the files list, or else the items of kind file', () => {
    expect(transferFiles({ files: ['a', 'b'], items: [item('file', 'x')] })).toEqual(['a', 'b']);
    expect(transferFiles({ files: [], items: [item('string', null), item('file', 'x'), item('file', null), item('file', 'y')] })).toEqual([
      'x',
      'y',
    ]);
    expect(transferFiles(null)).toEqual([]);
    expect(transferFiles({})).toEqual([]);
  });
});

describe('GIFs in messages', () => {
  it('need a post id and a blog uuid (spec §5)', async () => {
    const { gifSendable } = await import('./attachment');
    expect(gifSendable({ postId: '12', postBlogUuid: 't:abc' })).toBe(true);
    expect(gifSendable({ postId: '12' })).toBe(false);
    expect(gifSendable({ postBlogUuid: 't:abc' })).toBe(false);
    expect(gifSendable({ postId: '', postBlogUuid: 't:abc' })).toBe(false);
  });

  it('an image-post message names its picture in the post field', async () => {
    const { buildImagePostMessage, sendPayload } = await import('../../../src/messaging/model/send-queue');
    const msg = buildImagePostMessage(
      { participant: 't:alice', conversationId: 'c1' },
      { postId: '12', blogUuid: 't:abc', mediaUrl: 'http://x/a.gif', width: 200, height: 100 },
      { context: 'messaging-gif' },
    );
    expect(JSON.parse(sendPayload(msg).post as string)).toEqual({
      id: '12',
      blog: 't:abc',
      media_url: 'http://x/a.gif',
      width: 200,
      height: 100,
    });
    expect(sendPayload(msg).context).toBe('messaging-gif');
  });
});
