/**
 * <messaging-dock> image attachments (spec §4 Message and the dropping-files flag, §5 the image
 * attachment rules, §8 image errors, §9 preview sizes): the file picker, drag and drop, paste,
 * every acceptance rule and error text, the preview, and the image sent first then the text,
 * stored by the reference server and shown from it. An axe check in every state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { $session, configure } from '../../src/session/session';
import { deepActiveElement, typeInto } from '../../tests/helpers/dom';
import { canvasImage } from '../../tests/helpers/images';
import { dbRows } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { axe, composeInput, dock, loadedWindow, openByName, text, type Host, dockGone, freshDock } from './dock.test-helpers';

// Spec §8, written out so a wrong constant in the product fails here.
const INVALID_TYPE = 'Invalid file type.';
const TOO_BIG = 'Image must be smaller than 10MB';
const UNREADABLE = 'Something about that file is off. Try sending something else.';

/** A real PNG of the given size. */
const pngFile = (width: number, height: number, name = 'photo.png', colour = '#3a7bd5') =>
  canvasImage(name, { colour, width, height, type: 'image/png' });

function transfer(...items: (File | string)[]): DataTransfer {
  const dt = new DataTransfer();
  for (const item of items) {
    if (typeof item === 'string') dt.setData('text/plain', item);
    else dt.items.add(item);
  }
  return dt;
}

function choose(win: Element, file: File): void {
  const input = win.querySelector<HTMLInputElement>('input[type="file"]')!;
  input.files = transfer(file).files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function drag(target: Element, type: 'dragenter' | 'dragover' | 'drop', dt: DataTransfer): DragEvent {
  const event = new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true, composed: true });
  target.dispatchEvent(event);
  return event;
}

/**
 * A paste carrying `dt`. Firefox gives a script-made ClipboardEvent an empty DataTransfer of its
 * own (files=0, types=[] whatever the init said), so the data is set on the event itself: what a
 * real paste hands the page, in every engine.
 */
function paste(target: Element, dt: DataTransfer): ClipboardEvent {
  const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, composed: true });
  Object.defineProperty(event, 'clipboardData', { value: dt });
  target.dispatchEvent(event);
  return event;
}

const preview = (win: Element) => win.querySelector<HTMLElement>('[part~="image-preview"]');
const previewCanvas = (win: Element) => preview(win)?.querySelector<HTMLCanvasElement>('canvas[role="img"]') ?? null;
const attachError = (win: Element) => win.querySelector<HTMLElement>('[part~="attachment-error"]');
const sendButton = (win: Element) => win.querySelector<HTMLButtonElement>('[part~="send"]')!;

async function bobWindow(): Promise<{ host: Host; win: HTMLElement }> {
  const host = await dock();
  openByName('bob');
  return { host, win: await loadedWindow(host, 'bob') };
}

async function shownError(win: Element, expected: string): Promise<void> {
  await waitFor(() => text(attachError(win)).startsWith(expected), { message: `the error "${expected}" never showed` });
  expect(attachError(win)!.getAttribute('role')).to.equal('alert');
  expect(preview(win)).to.equal(null);
}

describe('<messaging-dock> image attachments', () => {
  beforeEach(() => freshDock());

  afterEach(dockGone);

  it('the plugins area (photo, GIF) steps aside while a photo is previewed: out over 300 ms, back over 200 ms; focus goes to the text box', async () => {
    const { host, win } = await bobWindow();
    const plugins = win.querySelector<HTMLElement>('[part~="plugins"]')!;
    expect(plugins.dataset.state).to.equal('shown');
    expect(plugins.querySelector('[part~="attach"]')).to.exist;
    expect(plugins.querySelector('gif-search')).to.exist;
    const attach = plugins.querySelector<HTMLButtonElement>('[part~="attach"]')!;
    attach.focus();
    choose(win, await pngFile(300, 200));
    await waitFor(() => previewCanvas(win), { message: 'no preview' });
    await waitFor(() => plugins.dataset.state === 'hidden', { message: 'the plugins area stayed' });
    expect(plugins.inert).to.equal(true);
    expect(getComputedStyle(plugins).transitionDuration.split(', ')[0]).to.equal('0.3s');
    await waitFor(() => deepActiveElement() === composeInput(win), { message: 'focus did not go to the text box' });
    await axe(host);
    preview(win)!.querySelector<HTMLButtonElement>('button[aria-label="Remove the photo"]')!.click();
    await waitFor(() => plugins.dataset.state === 'shown', { message: 'the plugins area did not come back' });
    expect(plugins.inert).to.equal(false);
    expect(getComputedStyle(plugins).transitionDuration.split(', ')[0]).to.equal('0.2s');
    await axe(host);
  });

  it('a photo from the picker is previewed within 210 × 150, sent on its own, stored, and shown 210 px wide from the server', async () => {
    const { host, win } = await bobWindow();
    const attach = win.querySelector<HTMLButtonElement>('[part~="attach"]')!;
    expect(attach.getAttribute('aria-label')).to.equal('Add a photo');
    expect(sendButton(win).disabled, 'Send with nothing to send').to.equal(true);
    choose(win, await pngFile(600, 300));
    const canvas = await waitFor(() => previewCanvas(win), { message: 'no preview' });
    expect(canvas.getAttribute('aria-label')).to.equal('Photo to send');
    expect([canvas.offsetWidth, canvas.offsetHeight]).to.deep.equal([210, 105]);
    expect(attach.disabled, 'a second photo while one is previewed').to.equal(true);
    expect(sendButton(win).disabled).to.equal(false);
    await axe(host);

    sendButton(win).click();
    await waitFor(() => preview(win) === null, { message: 'the preview did not close' });
    const stored = await waitFor(
      async () =>
        (
          await dbRows<{ type: string; image_width: number; image_height: number; context: string }>('messages', {
            conversation_id: 'alice-bob',
            type: 'IMAGE',
            sender_blog: 'alice',
          })
        )[0],
      {
        message: 'the image never reached the server',
      },
    );
    expect([stored.image_width, stored.image_height, stored.context]).to.deep.equal([600, 300, 'messaging-image-upload']);
    const img = await waitFor(() => win.querySelector<HTMLImageElement>('[part~="message"] img[src*="/svc/conversations/images/"]'), {
      message: 'the sent image is not shown from the server',
    });
    await waitFor(() => img.complete && img.naturalWidth === 600, { message: 'the sent image did not load' });
    expect(img.getBoundingClientRect().width).to.equal(210);
    await axe(host);
  });

  it('with text, the image is sent first and the text after it', async () => {
    const { win } = await bobWindow();
    choose(win, await pngFile(100, 80));
    await waitFor(() => previewCanvas(win));
    const box = composeInput(win)!;
    box.focus();
    typeInto(box, 'look at this');
    sendButton(win).click();
    const rows = await waitFor(
      async () => {
        const all = await dbRows<{ type: string; text: string | null; ts: number }>('messages', {
          conversation_id: 'alice-bob',
          sender_blog: 'alice',
        });
        const mine = all.filter((r) => r.type === 'IMAGE' || r.text === 'look at this');
        return mine.length === 2 ? mine : null;
      },
      { message: 'both messages never arrived' },
    );
    rows.sort((a, b) => a.ts - b.ts);
    expect(rows.map((r) => r.type)).to.deep.equal(['IMAGE', 'TEXT']);
    expect(box.value).to.equal('');
  });

  it(`refuses other types ('${INVALID_TYPE}'), files over the maximum ('${TOO_BIG}') and unreadable images, each with its text`, async () => {
    const { host, win } = await bobWindow();
    choose(win, new File(['just words'], 'notes.txt', { type: 'text/plain' }));
    await shownError(win, INVALID_TYPE);
    await axe(host);
    choose(win, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.svg', { type: 'image/svg+xml' }));
    await shownError(win, INVALID_TYPE);

    choose(win, new File([new Uint8Array(10_485_761)], 'huge.png', { type: 'image/png' }));
    await shownError(win, TOO_BIG);
    await axe(host);

    choose(win, new File(['this is not really a png'], 'broken.png', { type: 'image/png' }));
    await shownError(win, UNREADABLE);
    await axe(host);

    // a configured maximum counts in whole megabytes
    configure({ config: { ...$session.get().config, messaging_image_max_bytes: 2 * 1_048_576 } });
    choose(win, new File([new Uint8Array(2 * 1_048_576 + 1)], 'big.gif', { type: 'image/gif' }));
    await shownError(win, 'Image must be smaller than 2MB');

    // a good file clears the error
    choose(win, await pngFile(40, 40));
    await waitFor(() => previewCanvas(win) && attachError(win) === null, {
      message: 'a good file did not replace the error with a preview',
    });
  });

  it('drag and drop: only a drag carrying files counts, only the last file is used, and not while a photo is previewed', async () => {
    const { host, win } = await bobWindow();
    const list = win.querySelector('[part~="messages"]')!;
    expect(drag(list, 'dragover', transfer('plain words')).defaultPrevented, 'a text drag was taken').to.equal(false);
    expect(win.querySelector('[part~="drop-zone"]')).to.equal(null);

    const files = transfer(await pngFile(300, 300, 'first.png'), await pngFile(200, 100, 'last.png'));
    expect(drag(list, 'dragenter', files).defaultPrevented).to.equal(true);
    drag(list, 'dragover', files);
    const zone = await waitFor(() => win.querySelector('[part~="drop-zone"]'), { message: 'no drop zone while dragging files' });
    expect(text(zone)).to.equal('Drop the photo to add it');
    await axe(host);
    expect(drag(list, 'drop', files).defaultPrevented).to.equal(true);
    const canvas = await waitFor(() => previewCanvas(win), { message: 'the drop gave no preview' });
    expect(win.querySelector('[part~="drop-zone"]')).to.equal(null);
    expect([canvas.offsetWidth, canvas.offsetHeight], 'not the last file').to.deep.equal([200, 100]);

    // one preview at a time: a second drag is not taken
    expect(drag(list, 'dragover', transfer(await pngFile(50, 50))).defaultPrevented).to.equal(false);
    drag(list, 'drop', transfer(await pngFile(50, 50)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(previewCanvas(win)!.offsetWidth).to.equal(200);

    // removing it makes room again
    preview(win)!.querySelector<HTMLButtonElement>('button[aria-label="Remove the photo"]')!.click();
    await waitFor(() => preview(win) === null, { message: 'the preview was not removed' });
    expect(drag(list, 'dragover', transfer(await pngFile(50, 50))).defaultPrevented).to.equal(true);
  });

  it('paste: a pasted image becomes the preview (the last one), pasted text stays text', async () => {
    const { host, win } = await bobWindow();
    const box = composeInput(win)!;
    expect(paste(box, transfer('words only')).defaultPrevented).to.equal(false);
    expect(paste(box, transfer(await pngFile(80, 60, 'a.png'), await pngFile(30, 20, 'b.png'))).defaultPrevented).to.equal(true);
    const canvas = await waitFor(() => previewCanvas(win), { message: 'the paste gave no preview' });
    expect([canvas.offsetWidth, canvas.offsetHeight]).to.deep.equal([30, 20]);
    await axe(host);
    paste(box, transfer(new File(['x'], 'y.txt', { type: 'text/plain' })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attachError(win), 'a paste while a photo is previewed was taken').to.equal(null);
  });

  it('with photos turned off in the config there is no picker, and drops and pastes are not taken', async () => {
    configure({ config: { ...$session.get().config, messaging_send_photos: false } });
    const { win } = await bobWindow();
    expect(win.querySelector('[part~="attach"]')).to.equal(null);
    const file = await pngFile(20, 20);
    expect(drag(win.querySelector('[part~="messages"]')!, 'dragover', transfer(file)).defaultPrevented).to.equal(false);
    expect(paste(composeInput(win)!, transfer(file)).defaultPrevented).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(preview(win)).to.equal(null);
  });

  it('a GIF chosen in <gif-search> goes as an image-post message with its post, and shows from the server', async () => {
    const { host, win } = await bobWindow();
    const gif = await waitFor(() => win.querySelector<HTMLElementTagNameMap['gif-search']>('gif-search[part~="gif"]'), {
      message: 'no GIF search in the compose box',
    });
    // React sets a defined element's property (and an attribute before it is defined)
    expect(gif.context ?? gif.getAttribute('context')).to.equal('messaging-gif');
    await waitFor(() => customElements.get('gif-search') !== undefined && gif.shadowRoot?.querySelector('[part="trigger"]'), {
      message: '<gif-search> never loaded',
    });
    gif.shadowRoot!.querySelector<HTMLButtonElement>('[part="trigger"]')!.click();
    const box = await waitFor(() => gif.shadowRoot!.querySelector<HTMLInputElement>('input[role="combobox"]'), {
      message: 'the GIF search never opened',
    });
    typeInto(box, 'cat');
    const cell = await waitFor(() => gif.shadowRoot!.querySelectorAll<HTMLElement>('[role="gridcell"]')[0], { message: 'no GIF results' });
    const src = cell.querySelector('img')!.getAttribute('src')!;
    cell.click();
    const stored = await waitFor(
      async () =>
        (
          await dbRows<{ type: string; image_url: string | null; context: string; post_id: number | null }>('messages', {
            conversation_id: 'alice-bob',
            type: 'POSTREF',
            sender_blog: 'alice',
          })
        )[0],
      { message: 'the GIF never reached the server' },
    );
    expect(stored.context).to.equal('messaging-gif');
    expect(stored.post_id).to.be.a('number');
    expect(src.endsWith(stored.image_url!)).to.equal(true);
    const shown = await waitFor(() => win.querySelector<HTMLElement>('[part~="message"][data-kind="gif"] img'), {
      message: 'the sent GIF does not show as a GIF post',
    });
    expect(shown.getAttribute('src')).to.equal(src);
    await axe(host);
  });

  it('a conversation that cannot receive messages takes no drop', async () => {
    const host = await dock();
    openByName('letterpress');
    const win = await waitFor(
      () => host.shadowRoot!.querySelector<HTMLElement>('[part~="window"] [part~="error"]')?.closest<HTMLElement>('[part~="window"]'),
      { message: 'letterpress never errored' },
    );
    expect(drag(win, 'dragover', transfer(await pngFile(20, 20))).defaultPrevented).to.equal(false);
  });
});
