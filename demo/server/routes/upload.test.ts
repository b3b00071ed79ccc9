/** Post media (routes/upload.ts): uploads, embed look-ups (get_video_data), OpenGraph, the sample video service. */
import { describe, expect, it } from 'vitest';
import { PNG, form, useTestServer } from '../app.test-helpers';

const { req, keyOf } = useTestServer({ formKeysOf: ['alice'] });

const upload = async (kind: string, blob: Blob, name: string, key = keyOf('alice')) => {
  const body = new FormData();
  body.set('form_key', key);
  body.set(kind, blob, name);
  return req(`/svc/post/upload/${kind}`, { method: 'POST', body });
};

describe('uploads', () => {
  let uploadedUrl: string | undefined;

  it("photo upload: stored, sized, in the spec's shape", async () => {
    const up = await upload('photo', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const upped = up.json?.response?.[0];
    uploadedUrl = upped?.url;
    expect(up.status, up.text).toBe(200);
    expect(up.json?.meta?.status, up.text).toBe(200);
    expect(upped?.width, up.text).toBe(1);
    expect(upped?.height, up.text).toBe(1);
    expect(upped?.url ?? '', up.text).toMatch(/\/media\/uploads\/[0-9a-f]{24}\.png$/);
  });

  it('uploaded photo served back', async () => {
    const upServed = await req(new URL(uploadedUrl ?? 'http://x/nope').pathname);
    expect(upServed.status).toBe(200);
    expect(upServed.headers.get('content-type')).toBe('image/png');
  });

  it("photo upload: a file that is not an image is refused by its bytes, with the spec's text", async () => {
    const notImage = await upload('photo', new Blob(['hello'], { type: 'image/png' }), 'fake.png');
    expect(notImage.status).toBe(400);
    expect(notImage.json?.meta?.msg).toBe('This is not valid image file.');
  });

  it('photo upload: over 10 MB is a 413 with the "too big" text', async () => {
    const huge = await upload('photo', new Blob([new Uint8Array(10_485_761)], { type: 'image/jpeg' }), 'huge.jpg');
    expect(huge.status).toBe(413);
    expect(huge.json?.meta?.msg).toBe('The file is too big. Squish it down, and try again!');
  });

  it('upload: no file is a 400; no form key a 403', async () => {
    expect((await req('/svc/post/upload/photo', form({ form_key: keyOf('alice') }))).status).toBe(400);
    expect((await upload('photo', new Blob([PNG]), 'dot.png', 'nope')).status).toBe(403);
  });

  it('audio upload', async () => {
    const mp3 = await upload('audio', new Blob([new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0])], { type: 'audio/mpeg' }), 'a.mp3');
    expect(mp3.status, mp3.text).toBe(200);
    expect(mp3.json?.response?.[0]?.type, mp3.text).toBe('audio');
    expect(mp3.json?.response?.[0].url, mp3.text).toMatch(/\.mp3$/);
  });
});

describe('embeds and OpenGraph', () => {
  const videoData = (url: string) =>
    req('/svc/post/get_video_data', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Tumblr-Form-Key': keyOf('alice') },
      body: JSON.stringify({ embed_url: url, embed_width: 500 }),
    });

  it('get_video_data: the sample service, with a thumbnail and an iframe', async () => {
    const harbour = (await videoData('http://localhost/demotube/watch/harbour')).json?.response;
    const why = JSON.stringify(harbour);
    expect(harbour?.thumbnail, why).toBeTypeOf('string');
    expect(harbour?.embed_code ?? '', why).toMatch(/^<iframe src="[^"]+\/demotube\/embed\/harbour"/);
  });

  it('get_video_data: slow-thumbnail has its thumbnail only the second time', async () => {
    const slow1 = (await videoData('http://localhost/demotube/watch/slow-thumbnail')).json?.response;
    const slow2 = (await videoData('http://localhost/demotube/watch/slow-thumbnail')).json?.response;
    expect(slow1?.thumbnail).toBeUndefined();
    expect(slow2?.thumbnail).toBeTypeOf('string');
  });

  it('get_video_data: an unknown address is "false"', async () => {
    expect((await videoData('https://example.com/video')).json?.response).toBe('false');
  });

  it('demotube player page', async () => {
    expect((await req('/demotube/embed/harbour')).text).toContain('<video src="/assets/media/sd.mp4"');
  });

  it('OpenGraph of a demo blog', async () => {
    const og = (await req(`/svc/post/opengraph?url=${encodeURIComponent('http://localhost/blog/bob')}`)).json?.response;
    const why = JSON.stringify(og);
    expect(og?.title, why).toBeTruthy();
    expect(og?.site_name, why).toBe('tumblelog');
    expect(og?.image, why).toMatch(/\/assets\/avatar\/bob\/512\.svg$/);
  });

  it('OpenGraph: another site is a 404', async () => {
    expect((await req(`/svc/post/opengraph?url=${encodeURIComponent('https://example.com/')}`)).status).toBe(404);
  });
});
