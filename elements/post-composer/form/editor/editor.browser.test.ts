/**
 * The post body editor in <post-composer>, in each engine: typing and formatting in rich mode
 * (Lexical) inside the shadow root, with real keys — bold by Ctrl+B and by the toolbar, a list, a
 * link through the link bar, undo and redo; switching rich → Markdown → HTML → rich without losing
 * anything; a hostile HTML paste kept inert and allowed structure only; and the saved body on the
 * demo's own page. Axe in each state.
 */
import { expect } from '@open-wc/testing';
import { freshComposerEachTest, openNewPost, type ComposerHost } from '../../composer.test-helpers';
import { sendKeys } from '@web/test-runner-commands';
import { $getRoot, $getSelection, type LexicalEditor } from 'lexical';
import { $generateNodesFromDOM } from '@lexical/html';
import { axeCheck } from '../../../../tests/helpers/axe';
import { deepActiveElement, shadow, shadowAll, shadowRequired } from '../../../../tests/helpers/dom';
import { dbRows } from '../../../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../../../tests/helpers/wait';
import { trapXss } from '../../../../tests/helpers/xss';
import webpage from '../../../../tests/fixtures/paste/webpage.html';
import { OVER_WEBDRIVER } from '../../../../tests/helpers/engine';

const editable = (host: Element) => shadow<HTMLElement>(host, '.ed-content[contenteditable="true"]');
const tool = (host: Element, name: string) => shadowAll<HTMLButtonElement>(host, '.ed-tool').find((b) => b.textContent?.includes(name))!;
const mode = (host: Element, value: string) => shadowRequired<HTMLInputElement>(host, `.body-editor__modes input[value="${value}"]`);
const source = (host: Element) => shadow<HTMLTextAreaElement>(host, '.ed-source');

async function openTextForm(): Promise<ComposerHost> {
  const host = await openNewPost('text');
  await waitFor(() => editable(host), { message: 'the rich editor did not load', timeout: 15_000 });
  // The form puts focus in its first field once enabled: let that happen before a test moves it.
  await waitFor(() => deepActiveElement()?.closest('[data-field="title"]'), { message: 'the form did not focus its first field' });
  return host;
}

/**
 * Ctrl(+Shift)+key: real key presses in Chromium and Firefox; in WebKit the same keydown the
 * editor listens for, dispatched on the focused element (Lexical reads it as the real one).
 */
async function shortcut(key: string, shift = false) {
  // WebKit runs over WebDriver here, whose sendKeys has no held modifiers (only "press" and "type").
  if (OVER_WEBDRIVER) {
    const target = deepActiveElement()!;
    target.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: shift ? key.toUpperCase() : key,
        code: `Key${key.toUpperCase()}`,
        ctrlKey: true,
        shiftKey: shift,
        bubbles: true,
        composed: true,
        cancelable: true,
      }),
    );
    await new Promise((r) => requestAnimationFrame(r));
    return;
  }
  await sendKeys({ down: 'Control' });
  if (shift) await sendKeys({ down: 'Shift' });
  await sendKeys({ press: key });
  if (shift) await sendKeys({ up: 'Shift' });
  await sendKeys({ up: 'Control' });
}

/** Shift+ArrowLeft `times` times (a selection). */
async function selectLeft(times: number) {
  if (OVER_WEBDRIVER) {
    const ed = deepActiveElement()!;
    const root = ed.getRootNode() as ShadowRoot & { getSelection?: () => Selection | null };
    const selection = (root.getSelection?.() ?? document.getSelection())!;
    for (let i = 0; i < times; i++) selection.modify('extend', 'backward', 'character');
    document.dispatchEvent(new Event('selectionchange'));
    await new Promise((r) => requestAnimationFrame(r));
    return;
  }
  await sendKeys({ down: 'Shift' });
  for (let i = 0; i < times; i++) await sendKeys({ press: 'ArrowLeft' });
  await sendKeys({ up: 'Shift' });
}

describe('<post-composer> body editor', function () {
  this.timeout(60_000);
  freshComposerEachTest();

  it('types and formats inside the shadow root with real keys and the toolbar; undo and redo', async () => {
    const host = await openTextForm();
    const ed = editable(host)!;
    ed.focus();
    await waitFor(() => deepActiveElement() === ed, { message: 'the editor did not take focus' });
    await sendKeys({ type: 'Plain ' });
    await shortcut('b');
    await sendKeys({ type: 'strong' });
    // The toolbar follows the caret's formats (it keeps one state object while they stay the same).
    await waitFor(() => tool(host, 'Bold').getAttribute('aria-pressed') === 'true', { message: 'Bold not shown pressed in bold text' });
    await shortcut('b');
    await sendKeys({ type: ' end' });
    await waitFor(() => ed.querySelector('strong')?.textContent === 'strong', { message: () => `no bold: ${ed.innerHTML}` } as never);
    expect(tool(host, 'Bold').getAttribute('aria-pressed')).to.equal('false');
    await sendKeys({ press: 'Enter' });
    tool(host, 'Bulleted list').click();
    await sendKeys({ type: 'first item' });
    await waitFor(() => ed.querySelector('ul li')?.textContent === 'first item');
    expect(tool(host, 'Bulleted list').getAttribute('aria-pressed')).to.equal('true');
    await axeCheck(host);

    // A link through the link bar (Ctrl+K), with a bare address given http://.
    await selectLeft(4);
    await shortcut('k');
    const address = await waitFor(() => shadow<HTMLInputElement>(host, '.ed-linkbar input'));
    await waitFor(() => deepActiveElement() === address);
    await sendKeys({ type: 'example.com/items' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => ed.querySelector('a')?.getAttribute('href') === 'http://example.com/items', { message: 'no link' });
    await axeCheck(host);

    // Undo takes the link back, redo puts it back.
    ed.focus();
    await shortcut('z');
    await waitFor(() => ed.querySelector('a') === null, { message: 'undo did not remove the link' });
    await shortcut('z', true);
    await waitFor(() => ed.querySelector('a') !== null, { message: 'redo did not bring the link back' });
    expect(ed.textContent).to.contain('Plain strong end');
  });

  it('what the editor holds is in the form at once: a post sent right after the last change saves all of it', async () => {
    const host = await openTextForm();
    const ed = editable(host)!;
    ed.focus();
    await sendKeys({ type: 'Typed' });
    await waitFor(() => ed.textContent === 'Typed');
    const saved = waitForEvent(host, 'tl-post-saved');
    // The last change and the submit in one task, as a fast Ctrl+Enter (or Tab … Enter on Post)
    // after the last key can be: the form's model must not wait for a later render (it did, the
    // editor's listeners being in the shadow root, so the saved body was keystrokes behind).
    const lexical = (ed as HTMLElement & { __lexicalEditor: LexicalEditor }).__lexicalEditor;
    lexical.update(
      () => {
        $getRoot().selectEnd();
        $getSelection()?.insertText(' and sent');
      },
      { discrete: true },
    );
    shadowRequired<HTMLFormElement>(host, 'form.post-form').requestSubmit();
    await saved;
    const rows = await dbRows<{ id: number; content: string }>('posts', { blog_name: 'alice', type: 'text' });
    const body = String((JSON.parse(rows.sort((a, b) => a.id - b.id).at(-1)!.content) as { body: string }).body);
    expect(body).to.equal('<p>Typed and sent</p>');
  });

  it('a long post reports its body when typing pauses, yet a post sent or closed right after the last key keeps it', async () => {
    const host = await openTextForm();
    const ed = editable(host)!;
    const lexical = (ed as HTMLElement & { __lexicalEditor: LexicalEditor }).__lexicalEditor;
    // Long enough that one serialisation costs more than the 4 ms budget on any machine.
    lexical.update(
      () => {
        const paragraphs = Array.from({ length: 3000 }, (_, i) => `<p>Paragraph ${i} with <b>bold</b> and <i>italic</i> words.</p>`);
        $getRoot().clear();
        $getRoot().append(...$generateNodesFromDOM(lexical, new DOMParser().parseFromString(paragraphs.join(''), 'text/html')));
      },
      { discrete: true },
    );
    const form = shadowRequired<HTMLFormElement>(host, 'form.post-form');
    const close = shadowRequired<HTMLButtonElement>(host, '[part="cancel-button"]');
    // The last change, then Close in the same task: the question must know about it.
    lexical.update(
      () => {
        $getRoot().selectEnd();
        $getSelection()?.insertText(' and closed');
      },
      { discrete: true },
    );
    close.click();
    const nevermind = await waitFor(() => shadowAll<HTMLButtonElement>(host, 'button').find((b) => b.textContent === 'Nevermind'), {
      message: 'Close after the last key did not ask to discard the post',
    });
    nevermind.click();
    await waitFor(() => !shadowAll(host, 'button').some((b) => b.textContent === 'Nevermind'));
    const saved = waitForEvent(host, 'tl-post-saved');
    lexical.update(
      () => {
        $getRoot().selectEnd();
        $getSelection()?.insertText(' and sent');
      },
      { discrete: true },
    );
    form.requestSubmit();
    await saved;
    const rows = await dbRows<{ id: number; content: string }>('posts', { blog_name: 'alice', type: 'text' });
    const body = String((JSON.parse(rows.sort((a, b) => a.id - b.id).at(-1)!.content) as { body: string }).body);
    expect(body.endsWith('words. and closed and sent</p>')).to.equal(true);
    expect(body.split('<p>').length - 1).to.equal(3000);
  });

  it('switches rich → Markdown → HTML → rich without losing the content', async () => {
    const host = await openTextForm();
    const ed = editable(host)!;
    ed.focus();
    // No doubled letters: WebKit's WebDriver typing drops the second of two equal keys in a row.
    await sendKeys({ type: 'Save ' });
    await shortcut('i');
    await sendKeys({ type: 'this' });
    await shortcut('i');
    await waitFor(() => ed.querySelector('em')?.textContent === 'this');
    mode(host, 'markdown').click();
    await waitFor(() => source(host)?.value.trim() === 'Save _this_', { message: 'no markdown' });
    await waitFor(() => shadow(host, '.ed-preview em')?.textContent === 'this', { message: 'no preview' });
    await axeCheck(host);
    mode(host, 'html').click();
    await waitFor(() => source(host)?.value.trim() === '<p>Save <em>this</em></p>', { message: 'no html' });
    mode(host, 'rich').click();
    const again = await waitFor(() => editable(host));
    await waitFor(() => again.querySelector('em')?.textContent === 'this' && again.textContent === 'Save this', {
      message: 'rich content lost',
    });
  });

  it('a hostile HTML paste stays inert and keeps only allowed structure; the saved body renders on the dashboard', async () => {
    const trap = trapXss();
    try {
      const host = await openTextForm();
      const ed = editable(host)!;
      ed.focus();
      const data = new DataTransfer();
      data.setData('text/html', `${webpage}<img src=x onerror="alert('paste')"><a href="javascript:alert('href')">bad link</a>`);
      data.setData('text/plain', 'fallback');
      const paste = new ClipboardEvent('paste', { bubbles: true, composed: true, cancelable: true });
      Object.defineProperty(paste, 'clipboardData', { value: data });
      ed.dispatchEvent(paste);
      await waitFor(() => ed.textContent?.includes('Big headline'), { message: 'nothing pasted' });
      expect(ed.querySelector('h1, h2')).not.to.equal(null);
      expect(ed.querySelector('[onerror], script, style, form, iframe[srcdoc]')).to.equal(null);
      expect([...ed.querySelectorAll('a')].every((a) => /^(https?:|mailto:|\/)/.test(a.getAttribute('href') ?? 'https:'))).to.equal(true);
      await axeCheck(host);
      const saved = waitForEvent(host, 'tl-post-saved');
      await waitFor(() => shadowRequired<HTMLButtonElement>(host, '[part="post-button"]').getAttribute('aria-disabled') === null);
      shadowRequired<HTMLButtonElement>(host, '[part="post-button"]').click();
      await saved;
      const rows = await dbRows<{ id: number; content: string }>('posts', { blog_name: 'alice', type: 'text' });
      const body = String((JSON.parse(rows.sort((a, b) => a.id - b.id).at(-1)!.content) as { body: string }).body);
      expect(body).to.contain('Big headline');
      expect(body).not.to.match(/onerror|javascript:|<script/i);
      // The demo dashboard renders it as HTML, inert.
      const page = await (await fetch('/dashboard')).text();
      expect(page).to.contain('Big headline');
      expect(page).not.to.contain("alert('paste')");
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
      expect(trap.ran()).to.deep.equal([]);
    } finally {
      trap.restore();
    }
  });
});
