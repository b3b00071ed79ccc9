/**
 * A photo post's photos in <post-composer>, in each engine against the reference server: files
 * from the picker uploaded one at a time with a progress bar, Cancel (aborted, nothing stored) and
 * Retry, a file the server refuses, a pasted image, reordering from the keyboard and by dragging
 * (both inside the shadow root), the 10-photo limit, and the post saved with the uploaded photos
 * in the new order. Axe in each state. Waits on state, never on time.
 */
import { expect } from '@open-wc/testing';
import { $session } from '../../../src/session/session';
import { freshComposerEachTest, openNewPost, type ComposerHost } from '../composer.test-helpers';
import { axeCheck } from '../../../tests/helpers/axe';
import { deepActiveElement, shadow, shadowAll, shadowRequired, typeInto } from '../../../tests/helpers/dom';
import { canvasImage } from '../../../tests/helpers/images';
import { clearFaults, dbRows, injectFault, releaseHeldRequests } from '../../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../../tests/helpers/wait';

const items = (host: Element) => shadowAll<HTMLLIElement>(host, '.photos__item');
const statuses = (host: Element) => items(host).map((li) => li.dataset.status);
const postButton = (host: Element) => shadowRequired<HTMLButtonElement>(host, '[part="post-button"]');

/** A small JPEG in one colour (its name says which). */
const jpeg = (name: string, colour: string, width = 64, height = 48) => canvasImage(name, { colour, width, height });

function choose(host: Element, files: File[]): void {
  const input = shadowRequired<HTMLInputElement>(host, '.photos__file');
  const list = new DataTransfer();
  for (const f of files) list.items.add(f);
  input.files = list.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

async function openPhotoForm(): Promise<ComposerHost> {
  const host = await openNewPost('photo');
  await waitFor(() => shadow(host, '.photos'), { message: 'no photo fields' });
  return host;
}

/** The strongest channel of a picture's middle pixel. */
async function dominant(blob: Blob): Promise<'red' | 'green' | 'blue'> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const c = canvas.getContext('2d')!;
  c.drawImage(bitmap, 0, 0);
  const [r, g, b] = c.getImageData(bitmap.width >> 1, bitmap.height >> 1, 1, 1).data;
  return r! > g! && r! > b! ? 'red' : g! > b! ? 'green' : 'blue';
}

const savedPhotos = async (): Promise<string[]> => {
  const rows = await dbRows<{ content: string; type: string }>('posts', { blog_name: 'alice', type: 'photo' });
  const last = rows.sort((a, b) => (a as unknown as { id: number }).id - (b as unknown as { id: number }).id).at(-1);
  return last ? (JSON.parse(last.content) as { photos: { url: string }[] }).photos.map((p) => p.url) : [];
};

describe('<post-composer> photos', function () {
  this.timeout(60_000);

  freshComposerEachTest();

  it('uploads chosen files one at a time with progress, and saves them; Post waits for the uploads', async () => {
    const host = await openPhotoForm();
    // The first upload is held by the server until the test releases it: a fixed 1.5 s hold raced
    // the second photo's preparation, and under CI load the state below was missed.
    await injectFault('/svc/post/upload/photo', 'timeout', 1, { hold_ms: 60_000 });
    // The first is large (slow to scale), the second tiny: they still go up in the order chosen.
    choose(host, [await jpeg('red.jpg', '#d22', 3000, 2250), await jpeg('blue.jpg', '#22d')]);
    // The first is held by the server: uploading, the second waits its turn.
    await waitFor(() => statuses(host).join() === 'uploading,queued', {
      message: 'the second photo was never queued behind the held one',
      timeout: 15_000,
    });
    const bar = shadowRequired(host, '.photos__item[data-status="uploading"] [role="progressbar"]');
    expect(bar.getAttribute('aria-label')).to.equal('Uploading photo 1');
    expect(postButton(host).getAttribute('aria-disabled')).to.equal('true');
    await axeCheck(host);
    // The held one fails (a 504), the second goes up after it.
    expect(await releaseHeldRequests()).to.equal(1);
    await waitFor(() => statuses(host).join() === 'error,complete', { message: 'the uploads did not end', timeout: 15_000 });
    // The server's own message for it, as the spec says (meta.msg first, then the errors, then "Woops :(").
    expect(shadowRequired(host, '.photos__item[data-status="error"] [role="alert"]').textContent).to.equal('Gateway Timeout');
    await axeCheck(host);
    shadowAll<HTMLButtonElement>(host, '.upload--failed button')
      .find((b) => b.textContent?.startsWith('Retry'))!
      .click();
    await waitFor(() => statuses(host).join() === 'complete,complete', { message: 'the upload did not end' });
    await waitFor(() => postButton(host).getAttribute('aria-disabled') === null, { message: 'Post stayed disabled' });
    // Live photos are behind the livephotos_web flag, which the demo has off.
    expect(shadow(host, '.livephoto-field')).to.equal(null);
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    const urls = await savedPhotos();
    expect(urls).to.have.length(2);
    expect(urls.every((u) => /\/media\/uploads\/[0-9a-f]{24}\.jpg$/.test(u))).to.equal(true);
    // The stored files are served back.
    for (const url of urls) expect((await fetch(url)).status).to.equal(200);
  });

  it('Cancel aborts a running upload (nothing is stored) and Retry sends it again', async () => {
    const host = await openPhotoForm();
    await injectFault('/svc/post/upload/photo', 'timeout', 1, { hold_ms: 20_000 });
    choose(host, [await jpeg('green.jpg', '#2a2')]);
    await waitFor(() => statuses(host).join() === 'uploading');
    shadowRequired<HTMLButtonElement>(host, '.upload__cancel').click();
    await waitFor(() => statuses(host).join() === 'aborted');
    expect(shadow(host, '[role="progressbar"]')).to.equal(null);
    await axeCheck(host);
    shadowAll<HTMLButtonElement>(host, '.upload--failed button')
      .find((b) => b.textContent?.startsWith('Retry'))!
      .click();
    await waitFor(() => statuses(host).join() === 'complete', { message: 'the upload did not end' });
  });

  it('Cancel pressed as the upload starts (before the row shows it) cancels it: the photo stays, with Retry', async () => {
    const host = await openPhotoForm();
    await injectFault('/svc/post/upload/photo', 'timeout', 1, { hold_ms: 20_000 });
    // The press lands right after the request is sent, in the same task: the row still reads
    // "Getting it ready" (its render comes later). It used to remove the photo and leave the upload running.
    const send = XMLHttpRequest.prototype.send;
    let pressed = false;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      send.call(this, body);
      if (pressed) return;
      pressed = true;
      queueMicrotask(() => shadowRequired<HTMLButtonElement>(host, '.upload__cancel').click());
    };
    try {
      choose(host, [await jpeg('teal.jpg', '#2aa')]);
      await waitFor(() => pressed, { message: 'the upload was never sent' });
    } finally {
      XMLHttpRequest.prototype.send = send;
    }
    await waitFor(() => statuses(host).join() === 'aborted', { message: `not canceled: ${statuses(host).join() || 'no photo'}` });
    // Aborted this early, the request may never have reached the server (WebKit): its hold is still armed.
    await clearFaults();
    shadowAll<HTMLButtonElement>(host, '.upload--failed button')
      .find((b) => b.textContent?.startsWith('Retry'))!
      .click();
    await waitFor(() => statuses(host).join() === 'complete', { message: 'the upload did not end' });
  });

  it('refuses what is not an image, a broken jpg, and more than 10 photos, with the messages', async () => {
    const host = await openPhotoForm();
    choose(host, [new File(['plain text'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(() => shadowRequired(host, '.photos__notice').textContent!.includes('notes.txt: This is not valid image file.'));
    expect(items(host)).to.have.length(0);
    choose(host, [new File(['not really'], 'fake.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => statuses(host).join() === 'error');
    expect(shadowRequired(host, '.photos__item [role="alert"]').textContent).to.equal('This photo could not be read. Try another file.');
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => jpeg(`p${i}.jpg`, `hsl(${i * 30} 80% 50%)`, 16, 16)));
    choose(host, eleven);
    await waitFor(() => items(host).length === 10);
    expect(shadowRequired(host, '.photos__notice').textContent).to.contain('A photo post holds at most 10 photos.');
    await waitFor(() => statuses(host).every((s) => s === 'complete' || s === 'error'), { timeout: 30_000 });
    expect(shadowRequired<HTMLButtonElement>(host, '.photos__drop .tl-button').disabled).to.equal(true);
    await axeCheck(host);
  });

  it('a pasted image becomes a photo', async () => {
    const host = await openPhotoForm();
    const caption = shadowRequired<HTMLTextAreaElement>(host, '[data-field="caption"] .field__control');
    caption.focus();
    const data = new DataTransfer();
    data.items.add(await jpeg('pasted.jpg', '#a5a'));
    const paste = new ClipboardEvent('paste', { bubbles: true, composed: true, cancelable: true });
    // Firefox gives a script-made ClipboardEvent an empty clipboardData: set it.
    Object.defineProperty(paste, 'clipboardData', { value: data });
    caption.dispatchEvent(paste);
    expect(paste.defaultPrevented).to.equal(true);
    await waitFor(() => statuses(host).join() === 'complete', { message: 'the upload did not end' });
    expect(caption.value).to.equal('');
  });

  it('reorders from the keyboard (announced) and by dragging, and saves in that order', async () => {
    const host = await openPhotoForm();
    choose(host, [await jpeg('one.jpg', '#d22'), await jpeg('two.jpg', '#2a2'), await jpeg('three.jpg', '#22d')]);
    await waitFor(() => statuses(host).join() === 'complete,complete,complete', { timeout: 20_000 });
    const ids = () => items(host).map((li) => li.dataset.photoId);
    const [first, second, third] = ids();

    // Keyboard: focus photo 1's handle, pick it up (Space), move down twice, drop. The keys are
    // dispatched with their `code` (what the sensor reads): Firefox's sendKeys has no "Space".
    const handle1 = shadowRequired<HTMLButtonElement>(host, `.photos__item[data-photo-id="${first}"] .photos__handle`);
    handle1.focus();
    const press = (code: string, key: string) =>
      deepActiveElement()!.dispatchEvent(new KeyboardEvent('keydown', { code, key, bubbles: true, composed: true, cancelable: true }));
    press('Space', ' ');
    // Picked up: the live region (inline, in the shadow root) says so — the pick-up line is at once
    // followed by where it is.
    await waitFor(
      () =>
        shadow(host, '.photos__item.is-dragging') &&
        shadowAll(host, '[aria-live]').some((r) => /Picked up photo 1 of 3\.|Photo 1 is over position 1 of 3\./.test(r.textContent ?? '')),
      { message: 'not picked up' },
    );
    // The sensor starts listening for the moving keys a task after the pick-up (a setTimeout in @dnd-kit).
    await new Promise((r) => setTimeout(r, 0));
    press('ArrowDown', 'ArrowDown');
    await waitFor(() => shadowAll(host, '[aria-live]').some((r) => r.textContent?.includes('is over position 2')), {
      message: 'not moved to position 2',
    });
    press('ArrowDown', 'ArrowDown');
    await waitFor(() => shadowAll(host, '[aria-live]').some((r) => r.textContent?.includes('is over position 3')), {
      message: 'not moved to position 3',
    });
    press('Space', ' ');
    await waitFor(() => ids().join() === [second, third, first].join(), { message: 'keyboard order' });
    await axeCheck(host);

    // Pointer: drag photo "three" (now second) above "two" (now first).
    const handle = shadowRequired<HTMLButtonElement>(host, `.photos__item[data-photo-id="${third}"] .photos__handle`);
    const from = handle.getBoundingClientRect();
    const to = shadowRequired(host, `.photos__item[data-photo-id="${second}"]`).getBoundingClientRect();
    const at = (x: number, y: number, type: string, buttons: number) =>
      new PointerEvent(type, {
        bubbles: true,
        composed: true,
        cancelable: true,
        clientX: x,
        clientY: y,
        pointerId: 1,
        pointerType: 'mouse',
        isPrimary: true,
        button: 0,
        buttons,
      });
    const x = from.left + from.width / 2;
    handle.dispatchEvent(at(x, from.top + from.height / 2, 'pointerdown', 1));
    for (let y = from.top; y >= to.top - 10; y -= 20) {
      document.dispatchEvent(at(x, y, 'pointermove', 1));
      await new Promise((r) => requestAnimationFrame(r));
    }
    document.dispatchEvent(at(x, to.top - 10, 'pointerup', 0));
    await waitFor(() => ids().join() === [third, second, first].join(), { message: 'order after the drag' });

    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    // Saved in the order shown: blue ("three"), green ("two"), red ("one").
    const colours = await Promise.all((await savedPhotos()).map(async (url) => dominant(await (await fetch(url)).blob())));
    expect(colours).to.deep.equal(['blue', 'green', 'red']);
  });

  it('with livephotos_web on, a photo takes a live video: uploaded, played by a press, its still time saved, shown live on the dashboard', async () => {
    $session.set({ ...$session.get(), flags: { ...$session.get().flags, livephotos_web: true } });
    const host = await openPhotoForm();
    choose(host, [await jpeg('red.jpg', '#d22')]);
    await waitFor(() => statuses(host).join() === 'complete', { message: 'the photo did not upload' });
    const pick = await waitFor(() => shadow<HTMLInputElement>(host, '.livephoto-field__file'), { message: 'no live video field' });
    const list = new DataTransfer();
    list.items.add(new File([await (await fetch('/assets/media/short.mp4')).blob()], 'live.mp4', { type: 'video/mp4' }));
    pick.files = list.files;
    pick.dispatchEvent(new Event('change', { bubbles: true }));
    const live = await waitFor(() => shadow<HTMLButtonElement>(host, 'button.livephoto'), {
      message: 'the live video did not upload',
      timeout: 15_000,
    });
    expect(live.getAttribute('aria-pressed')).to.equal('false');
    await axeCheck(host);
    // A press plays it at once (touch has no hover); the video is what shows while it plays.
    live.click();
    await waitFor(() => live.dataset.state === 'playing' && !live.querySelector('video')!.paused, {
      message: () => `state ${live.dataset.state}`,
    } as never);
    expect(live.getAttribute('aria-pressed')).to.equal('true');
    expect(live.querySelector<HTMLImageElement>('.livephoto__still')!.hidden).to.equal(true);
    await axeCheck(host);
    typeInto(shadowRequired<HTMLInputElement>(host, '.livephoto-field__time'), '0.5');
    await waitFor(() => postButton(host).getAttribute('aria-disabled') === null, { message: 'Post stayed disabled' });
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    const rows = await dbRows<{ id: number; content: string }>('posts', { blog_name: 'alice', type: 'photo' });
    const [photo] = (
      JSON.parse(rows.sort((a, b) => a.id - b.id).at(-1)!.content) as {
        photos: { url: string; livephoto_url?: string; livephoto_still_image_time?: number }[];
      }
    ).photos;
    expect(photo!.livephoto_url).to.match(/\/media\/uploads\/[0-9a-f]{24}\.mp4$/);
    expect(photo!.livephoto_still_image_time).to.equal(0.5);
    // Served back (Firefox may answer from the range its player already asked for: 206).
    expect((await fetch(photo!.livephoto_url!)).ok).to.equal(true);
    const page = await (await fetch('/dashboard')).text();
    expect(page).to.contain(`<video class="post_photo" src="${photo!.livephoto_url}" poster="${photo!.url}"`);
  });
});
