/**
 * Audio, video and link sources in <post-composer>, in each engine against the reference server:
 * a known service's URL looked up (and asked again 2000 ms later when the thumbnail is missing),
 * embed code read for its address, bad code and an unknown service refused with the spec's texts,
 * a video file uploaded with the permission the spec requires, an audio upload with album art,
 * and a link filled from OpenGraph with its thumbnail removable. Axe in each state.
 */
import { expect } from '@open-wc/testing';
import { freshComposerEachTest, openNewPost, type ComposerHost } from '../composer.test-helpers';
import type { PostType } from '../../../src/models/post-types';
import { axeCheck } from '../../../tests/helpers/axe';
import { shadow, shadowAll, shadowRequired, typeInto } from '../../../tests/helpers/dom';
import { canvasImage } from '../../../tests/helpers/images';
import { mp3File as mp3, mp4File as mp4 } from '../../../tests/helpers/media-files';
import { dbRows, injectFault, releaseHeldRequests } from '../../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../../tests/helpers/wait';

const postButton = (host: Element) => shadowRequired<HTMLButtonElement>(host, '[part="post-button"]');
const preview = (host: Element) => shadow(host, '.embed-preview');

async function openForm(type: PostType): Promise<ComposerHost> {
  const host = await openNewPost(type);
  // Audio and video fields are a lazy chunk of their own.
  await waitFor(
    () => !shadow(host, 'form.post-form .tl-loader') && shadow(host, '[data-field="url"], [data-field="embedCode"], .source-choice'),
    { message: 'the type fields did not load' },
  );
  return host;
}

function fill(host: Element, name: string, value: string) {
  const el = shadowRequired<HTMLInputElement | HTMLTextAreaElement>(host, `[data-field="${name}"] .field__control`);
  typeInto(el, value);
  el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

function choose(input: HTMLInputElement, file: File) {
  const list = new DataTransfer();
  list.items.add(file);
  input.files = list.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const source = (host: Element, label: string) =>
  shadowAll<HTMLLabelElement>(host, '.source-choice__option')
    .find((l) => l.textContent === label)!
    .querySelector('input')!;

const jpeg = () => canvasImage('art.jpg', { colour: '#000', width: 40, height: 40 });

const lastPost = async (type: string) => {
  const rows = await dbRows<{ id: number; content: string }>('posts', { blog_name: 'alice', type });
  return JSON.parse(rows.sort((a, b) => a.id - b.id).at(-1)!.content) as Record<string, unknown>;
};

describe('<post-composer> media sources', function () {
  this.timeout(60_000);

  freshComposerEachTest();

  it('looks a sample-service URL up, asks again for the missing thumbnail, and saves an embed the dashboard frames', async () => {
    const host = await openForm('video');
    const started = performance.now();
    fill(host, 'embedCode', `${location.origin}/demotube/watch/slow-thumbnail`);
    await waitFor(() => preview(host)?.dataset.kind === 'looking', { message: 'no lookup' });
    await waitFor(() => preview(host)?.dataset.kind === 'found' && preview(host)!.querySelector('img'), {
      message: 'no thumbnail after the retry',
      timeout: 10_000,
    });
    // The first answer had no thumbnail: the second came at least 2000 ms later.
    expect(performance.now() - started).to.be.greaterThan(2000);
    expect(preview(host)!.textContent).to.contain('demotube');
    await axeCheck(host);
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    expect(await lastPost('video')).to.include({ embed_src: '/demotube/embed/slow-thumbnail' });
    const page = await (await fetch('/dashboard')).text();
    expect(page).to.contain('<iframe src="/demotube/embed/slow-thumbnail" title="Embedded video" sandbox=""');
  });

  it('reads embed code for its address; refuses code without one and an unknown service', async () => {
    const host = await openForm('video');
    fill(host, 'embedCode', '<div class="x"></div><iframe width="560" src="https://player.example/v/42"></iframe>');
    await waitFor(() => preview(host)?.dataset.kind === 'code' && preview(host)!.textContent === 'Embed from player.example');
    fill(host, 'embedCode', '<p>just words</p>');
    await waitFor(() => preview(host)?.dataset.kind === 'error' && preview(host)!.textContent === 'Invalid embed code');
    postButton(host).click();
    await waitFor(() => shadow(host, '[data-field="embedCode"] [part="error"]')?.textContent === 'Invalid embed code');
    await axeCheck(host);
    fill(host, 'embedCode', `${location.origin}/demotube/watch/not-a-video`);
    await waitFor(() => preview(host)?.dataset.kind === 'error' && preview(host)!.textContent === 'Invalid embed response', {
      message: 'no invalid response',
    });
  });

  it('uploads a video file, and Post waits for the permission the spec asks for', async () => {
    const host = await openForm('video');
    source(host, 'Upload a video').click();
    // Upload chosen, no file yet: Post says so (not the embed field's "No embed specified").
    postButton(host).click();
    await waitFor(() => shadow(host, '[part="error"]')?.textContent === 'No video specified', {
      message: 'Post with no file did not say "No video specified"',
    });
    await axeCheck(host);
    choose(await waitFor(() => shadow<HTMLInputElement>(host, '.file-pick__input')), await mp4());
    await waitFor(() => shadow(host, '.file-pick__done')?.textContent === 'Uploaded: clip.mp4', {
      message: 'not uploaded',
      timeout: 15_000,
    });
    postButton(host).click();
    await waitFor(
      () =>
        shadow(host, '[data-field="confirmTos"] [part="error"]')?.textContent ===
        'You must agree that you have permission to share this file',
    );
    await axeCheck(host);
    shadowRequired<HTMLInputElement>(host, '[data-field="confirmTos"] input').click();
    await waitFor(() => postButton(host).getAttribute('aria-disabled') === null, { message: 'Post stayed disabled' });
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    const content = await lastPost('video');
    expect(String(content.video_url)).to.match(/\/media\/uploads\/[0-9a-f]{24}\.mp4$/);
  });

  it("uploads an audio file and album art; the file's ID3 tags fill the track fields left empty", async () => {
    const host = await openForm('audio');
    source(host, 'Upload an audio file').click();
    const [audioInput, artInput] = await waitFor(() => {
      const inputs = shadowAll<HTMLInputElement>(host, '.file-pick__input');
      return inputs.length === 2 ? inputs : null;
    });
    // What the user typed first stays; the tags fill the rest.
    fill(host, 'trackArtist', 'The Gulls');
    choose(audioInput!, mp3({ TIT2: 'Sea Song', TPE1: 'Tagged Artist', TALB: 'Shoreline' }));
    choose(artInput!, await jpeg());
    await waitFor(() => shadowAll(host, '.file-pick__done').length === 2, { message: 'uploads did not finish', timeout: 15_000 });
    await waitFor(() => shadow<HTMLImageElement>(host, '.album-art__thumb img')?.src.includes('/media/uploads/'));
    await waitFor(() => shadow<HTMLInputElement>(host, '[data-field="trackTitle"] input')?.value === 'Sea Song', {
      message: 'the title tag was not read',
    });
    expect(shadowRequired<HTMLInputElement>(host, '[data-field="trackAlbum"] input').value).to.equal('Shoreline');
    expect(shadowRequired<HTMLInputElement>(host, '[data-field="trackArtist"] input').value).to.equal('The Gulls');
    shadowRequired<HTMLInputElement>(host, '[data-field="confirmTos"] input').click();
    await axeCheck(host);
    await waitFor(() => postButton(host).getAttribute('aria-disabled') === null, { message: 'Post stayed disabled' });
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    const content = await lastPost('audio');
    expect(String(content.audio_url)).to.match(/\/media\/uploads\/[0-9a-f]{24}\.mp3$/);
    expect(String(content.album_art)).to.match(/\/media\/uploads\/[0-9a-f]{24}\.jpg$/);
    expect(content).to.include({ track_name: 'Sea Song', artist: 'The Gulls', album: 'Shoreline' });
  });

  it('fills a link from OpenGraph while Post waits, keeps what was typed, and removes the thumbnail', async () => {
    const host = await openForm('link');
    fill(host, 'title', 'My own title');
    // The server holds its answer until released: a local answer can come before the loading state
    // is ever painted (React then renders the two together), which is right for a user but leaves
    // a test nothing to see.
    await injectFault('/svc/post/opengraph', 'slow', 1, { hold_ms: 60_000 });
    fill(host, 'url', `${location.origin}/blog/bob`);
    await waitFor(() => shadow(host, '.link-loading')?.textContent === 'Loading OpenGraph data', { message: 'no loading state' });
    expect(postButton(host).getAttribute('aria-disabled'), 'Post waits for the lookup').to.equal('true');
    await waitFor(async () => (await releaseHeldRequests()) > 0, { message: 'the lookup never reached the server' });
    await waitFor(() => shadow(host, '.link-thumb img'), { message: 'no thumbnail' });
    expect(shadow(host, '.link-loading')).to.equal(null);
    expect(shadowRequired<HTMLInputElement>(host, '[data-field="title"] .field__control').value).to.equal('My own title');
    expect(shadowRequired<HTMLTextAreaElement>(host, '[data-field="caption"] .field__control').value).to.contain('Woodworking');
    await axeCheck(host);
    shadowAll<HTMLButtonElement>(host, '.link-thumb button')[0]!.click();
    await waitFor(() => !shadow(host, '.link-thumb'));
    const saved = waitForEvent(host, 'tl-post-saved');
    await waitFor(() => postButton(host).getAttribute('aria-disabled') === null);
    postButton(host).click();
    await saved;
    expect(await lastPost('link')).to.include({ title: 'My own title', thumbnail_url: '' });
  });
});
