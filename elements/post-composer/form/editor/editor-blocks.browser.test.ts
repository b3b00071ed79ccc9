/**
 * The rich editor's blocks in <post-composer>, in each engine (authoring spec §5 "Editor rules"):
 * an image by address with a caption (a figure), an embed looked up on the demo's sample service,
 * a divider (`hr`), the read-more break (one per post), removing a block; all saved as allowed HTML and kept by a
 * switch to HTML mode and back. A pasted picture is uploaded, inserted, and holds the Post button
 * while it uploads. The spec's editor warnings, shown and logged. Axe in each state.
 */
import { expect } from '@open-wc/testing';
import { freshComposerEachTest, openNewPost, type ComposerHost } from '../../composer.test-helpers';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../../../tests/helpers/axe';
import { captureConsole, deepActiveElement, shadow, shadowAll, shadowRequired, typeInto } from '../../../../tests/helpers/dom';
import { canvasImage } from '../../../../tests/helpers/images';
import { dbRows } from '../../../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../../../tests/helpers/wait';
import { EDITOR_EMPTY_DATA, EDITOR_UNKNOWN_IMAGE_SOURCE } from '../../model/editor-insert';

const editable = (host: Element) => shadow<HTMLElement>(host, '.ed-content[contenteditable="true"]');
const tool = (host: Element, name: string) => shadowAll<HTMLButtonElement>(host, '.ed-tool').find((b) => b.textContent?.includes(name))!;
const bar = (host: Element) => shadow<HTMLElement>(host, '.ed-insertbar');
const barField = <E extends HTMLElement>(host: Element, label: string) =>
  shadowAll<HTMLLabelElement>(host, '.ed-insertbar__field')
    .find((l) => l.textContent?.startsWith(label))
    ?.querySelector<E & HTMLElement>('input, textarea') ?? null;
const barButton = (host: Element, name: string) =>
  shadowAll<HTMLButtonElement>(host, '.ed-insertbar button').find((b) => b.textContent === name)!;
const postButton = (host: Element) => shadowRequired<HTMLButtonElement>(host, '[part="post-button"]');
const blocks = (ed: HTMLElement) => [...ed.querySelectorAll<HTMLElement>('.ed-block__frame')].map((b) => b.dataset.kind);

async function openTextForm(): Promise<{ host: ComposerHost; ed: HTMLElement }> {
  const host = await openNewPost('text');
  const ed = await waitFor(() => editable(host), { message: 'the rich editor did not load', timeout: 15_000 });
  await waitFor(() => deepActiveElement()?.closest('[data-field="title"]'), { message: 'the form did not focus its first field' });
  ed.focus();
  await waitFor(() => deepActiveElement() === ed, { message: 'the editor did not take focus' });
  return { host, ed };
}

async function savedBody(host: ComposerHost): Promise<string> {
  const saved = waitForEvent(host, 'tl-post-saved');
  await waitFor(() => postButton(host).getAttribute('aria-disabled') === null, { message: 'Post stayed disabled' });
  postButton(host).click();
  await saved;
  const rows = await dbRows<{ id: number; content: string }>('posts', { blog_name: 'alice', type: 'text' });
  return String((JSON.parse(rows.sort((a, b) => a.id - b.id).at(-1)!.content) as { body: string }).body);
}

describe('<post-composer> rich editor blocks', function () {
  this.timeout(60_000);
  freshComposerEachTest();

  it('inserts a captioned image, an embed, a divider and one read-more break; removes a block; saves them as allowed HTML', async () => {
    const { host, ed } = await openTextForm();
    await sendKeys({ type: 'Intro' });

    tool(host, 'Image').click();
    const address = await waitFor(() => barField<HTMLInputElement>(host, 'Image address'));
    await waitFor(() => deepActiveElement() === address, { message: 'the image bar did not take focus' });
    typeInto(address, '/assets/post/7.svg');
    typeInto(barField<HTMLInputElement>(host, 'Description')!, 'A sample scene');
    typeInto(barField<HTMLInputElement>(host, 'Caption')!, 'Seen from the harbour');
    // The bar's fields are boxed like any other (the body field's borderless look must not reach them).
    for (const input of shadowAll<HTMLInputElement>(host, '.ed-insertbar input.field__control'))
      expect(getComputedStyle(input).borderTopColor, input.type).not.to.equal('rgba(0, 0, 0, 0)');
    await axeCheck(host);
    barButton(host, 'Insert').click();
    const img = await waitFor(() => ed.querySelector<HTMLImageElement>('.ed-block img'), { message: 'no image block' });
    expect(img.alt).to.equal('A sample scene');
    expect(ed.querySelector('.ed-block figcaption')?.textContent).to.equal('Seen from the harbour');
    expect(bar(host)).to.equal(null);
    // The cursor is after the block: typing goes on below it.
    await waitFor(() => deepActiveElement() === ed);
    await sendKeys({ type: 'Below' });
    await waitFor(() => ed.textContent?.includes('Below'));

    tool(host, 'Embed').click();
    const code = await waitFor(() => barField<HTMLTextAreaElement>(host, 'Embed code'));
    typeInto(code, `${location.origin}/demotube/watch/harbour`);
    await waitFor(() => shadow(host, '.ed-insertbar__status')?.textContent === 'Found on demotube.', {
      message: 'the embed was not looked up',
      timeout: 10_000,
    });
    await axeCheck(host);
    barButton(host, 'Insert').click();
    const frame = await waitFor(() => ed.querySelector<HTMLIFrameElement>('.ed-block iframe'), { message: 'no embed block' });
    expect(new URL(frame.src).pathname).to.equal('/demotube/embed/harbour');
    expect(frame.getAttribute('sandbox')).to.not.contain('allow-same-origin');

    // A plain divider, then one read-more break per post: a second one moves it.
    tool(host, 'Divider').click();
    await waitFor(() => blocks(ed).includes('rule'), { message: 'no divider' });
    tool(host, 'Read more').click();
    await waitFor(() => blocks(ed).includes('read-more'));
    await sendKeys({ type: 'Rest' });
    tool(host, 'Read more').click();
    await waitFor(() => blocks(ed).filter((k) => k === 'read-more').length === 1 && blocks(ed).at(-1) === 'read-more', {
      message: () => `blocks: ${blocks(ed).join()}`,
    } as never);
    await axeCheck(host);

    // Removing the embed by its own button.
    shadowAll<HTMLButtonElement>(host, '.ed-block__remove')
      .find((b) => b.textContent?.includes('Embed from'))!
      .click();
    await waitFor(() => !blocks(ed).includes('iframe'), { message: 'the embed was not removed' });
    tool(host, 'Embed').click();
    typeInto(
      await waitFor(() => barField<HTMLTextAreaElement>(host, 'Embed code')),
      `<iframe src="${location.origin}/demotube/embed/colour-bars" width="540" height="304"></iframe>`,
    );
    await waitFor(() => shadow(host, '.ed-insertbar__status')?.textContent === 'Embed code read.');
    barButton(host, 'Insert').click();
    await waitFor(() => blocks(ed).includes('iframe'));

    // HTML mode shows the same blocks as markup; back in rich mode they are blocks again.
    shadowRequired<HTMLInputElement>(host, '.body-editor__modes input[value="html"]').click();
    const html = await waitFor(() => shadow<HTMLTextAreaElement>(host, '.ed-source')?.value);
    expect(html).to.match(
      /<figure><img src="[^"]*\/assets\/post\/7\.svg" alt="A sample scene"><figcaption>Seen from the harbour<\/figcaption><\/figure>/,
    );
    expect(html).to.match(/<iframe src="[^"]*\/demotube\/embed\/colour-bars"[^>]* sandbox="allow-scripts allow-popups allow-presentation"/);
    // No empty lines left where blocks went in or came out.
    expect(html).to.not.contain('<p><br></p>');
    expect(html.match(/<hr class="read-more">/g)).to.have.length(1);
    expect(html.match(/<hr>/g)).to.have.length(1);
    shadowRequired<HTMLInputElement>(host, '.body-editor__modes input[value="rich"]').click();
    const again = await waitFor(() => editable(host));
    await waitFor(() => blocks(again).join() === 'image,iframe,rule,read-more', {
      message: () => `blocks after the switch: ${blocks(again).join()}`,
    } as never);

    const body = await savedBody(host);
    expect(body).to.contain('<figcaption>Seen from the harbour</figcaption>');
    expect(body).to.contain('<hr class="read-more">');
    expect(body).to.match(/<iframe src="[^"]*\/demotube\/embed\/colour-bars"/);
  });

  it('a pasted picture is uploaded and inserted; Post waits for the upload', async () => {
    const { host, ed } = await openTextForm();
    await sendKeys({ type: 'Look' });
    const data = new DataTransfer();
    data.items.add(await canvasImage('pasted.jpg', { colour: '#2a7', width: 120, height: 80 }));
    const paste = new ClipboardEvent('paste', { bubbles: true, composed: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: data });
    // The upload is watched as it happens: on a fast machine it is over in a few milliseconds.
    const sawBusy = new Promise<boolean>((resolve) => {
      const observer = new MutationObserver(() => {
        if (shadow(host, '.ed-insertbar [role="progressbar"]') && postButton(host).getAttribute('aria-disabled') === 'true') {
          observer.disconnect();
          resolve(true);
        }
      });
      observer.observe(host.shadowRoot!, { subtree: true, childList: true, attributes: true });
      setTimeout(() => (observer.disconnect(), resolve(false)), 15_000);
    });
    ed.dispatchEvent(paste);
    const img = await waitFor(() => ed.querySelector<HTMLImageElement>('.ed-block img'), {
      message: 'the pasted picture was not inserted',
      timeout: 15_000,
    });
    expect(await sawBusy).to.equal(true);
    expect(new URL(img.src).pathname).to.match(/^\/media\/uploads\//);
    await waitFor(() => img.complete && img.naturalWidth === 120, { message: 'the uploaded picture does not load' });
    await axeCheck(host);
    const body = await savedBody(host);
    expect(body).to.match(/<img src="[^"]*\/media\/uploads\/[^"]+" alt="">/);
  });

  it('the image bar uploads a chosen file with its description and caption', async () => {
    const { host, ed } = await openTextForm();
    tool(host, 'Image').click();
    await waitFor(() => barField(host, 'Image address'));
    typeInto(barField<HTMLInputElement>(host, 'Description')!, 'A green square');
    typeInto(barField<HTMLInputElement>(host, 'Caption')!, 'Chosen from disk');
    // The visible control is a button; the file input behind it is hidden and out of the tab order.
    const pick = barButton(host, 'Upload an image…');
    const input = shadowRequired<HTMLInputElement>(host, '.ed-insertbar__file');
    expect(input.tabIndex).to.equal(-1);
    const chosen = new Promise<void>((resolve) => input.addEventListener('click', (e) => (e.preventDefault(), resolve()), { once: true }));
    pick.click();
    await chosen;
    const files = new DataTransfer();
    files.items.add(await canvasImage('square.png', { colour: '#2a2', width: 90, height: 90, type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    const img = await waitFor(() => ed.querySelector<HTMLImageElement>('.ed-block img'), {
      message: 'the chosen picture was not inserted',
      timeout: 15_000,
    });
    expect(img.alt).to.equal('A green square');
    expect(ed.querySelector('.ed-block figcaption')?.textContent).to.equal('Chosen from disk');
    expect(input.value).to.equal('');
    await axeCheck(host);
    const body = await savedBody(host);
    expect(body).to.match(
      /<figure><img src="[^"]*\/media\/uploads\/[^"]+" alt="A green square"><figcaption>Chosen from disk<\/figcaption><\/figure>/,
    );
  });

  it("gives the spec's editor warnings for empty data and an unknown image source, shown and logged", async () => {
    const { host } = await openTextForm();
    tool(host, 'Image').click();
    await waitFor(() => barField(host, 'Image address'));
    const empty = await captureConsole('warn', async () => {
      barButton(host, 'Insert').click();
      return waitFor(() => shadow(host, '.ed-insertbar [role="alert"]')?.textContent);
    });
    expect(empty.result).to.equal(EDITOR_EMPTY_DATA);
    expect(empty.text).to.contain(EDITOR_EMPTY_DATA);
    typeInto(barField<HTMLInputElement>(host, 'Image address')!, 'javascript:alert(1)');
    const unknown = await captureConsole('warn', async () => {
      barButton(host, 'Insert').click();
      return waitFor(() => shadow(host, '.ed-insertbar [role="alert"]')?.textContent);
    });
    expect(unknown.result).to.equal(EDITOR_UNKNOWN_IMAGE_SOURCE);
    expect(unknown.text).to.contain(EDITOR_UNKNOWN_IMAGE_SOURCE);
    await axeCheck(host);
    // Escape closes the bar (not the form) and puts the cursor back in the text.
    await sendKeys({ press: 'Escape' });
    await waitFor(() => bar(host) === null, { message: 'Escape did not close the bar' });
    await waitFor(() => deepActiveElement() === editable(host));
  });
});
