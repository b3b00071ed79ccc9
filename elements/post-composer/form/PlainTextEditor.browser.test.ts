/**
 * The plain-text editor in <post-composer> (authoring spec §2, §5), in each engine: a chat field
 * grows with its lines instead of scrolling inside, stops at 60% of the window and scrolls from
 * there, the form follows the line being typed at the end, and real typing (Enter included) lands
 * in the saved post. Axe in each state.
 */
import { expect } from '@open-wc/testing';
import { freshComposerEachTest, openNewPost } from '../composer.test-helpers';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../../tests/helpers/axe';
import { shadowRequired, typeInto } from '../../../tests/helpers/dom';
import { dbRows } from '../../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../../tests/helpers/wait';
import { scrollerOf } from './scroller';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `Speaker ${i % 2 ? 'B' : 'A'}: line ${i + 1}`).join('\n');
const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

describe('<post-composer> plain-text editor', function () {
  this.timeout(60_000);
  freshComposerEachTest();

  it('grows with its text, then scrolls inside at 60% of the window; the form follows the typing; saves what was typed', async () => {
    const host = await openNewPost('chat');
    const field = shadowRequired<HTMLTextAreaElement>(host, 'textarea.plain-text[name="chat"], [data-field="chat"] textarea.plain-text');
    const empty = field.offsetHeight;
    expect(empty).to.be.greaterThan(0);
    field.focus();
    typeInto(field, lines(12));
    await frame();
    expect(field.offsetHeight).to.be.greaterThan(empty);
    // Grown to fit: nothing hidden inside it, no inner scroll bar.
    expect(field.scrollHeight).to.be.at.most(field.clientHeight + 1);
    expect(getComputedStyle(field).overflowY).to.equal('hidden');
    // The form scrolled along: the field's end is inside the form's view.
    const scroller = scrollerOf(field.parentElement);
    const viewBottom = scroller ? scroller.getBoundingClientRect().bottom : window.innerHeight;
    expect(field.getBoundingClientRect().bottom).to.be.at.most(viewBottom + 1);
    await axeCheck(host);

    typeInto(field, lines(200));
    await frame();
    expect(field.offsetHeight).to.be.closeTo(Math.round(window.innerHeight * 0.6), 2);
    expect(getComputedStyle(field).overflowY).to.equal('auto');
    await axeCheck(host);

    // Real keys, Enter included (no doubled letters: WebKit's WebDriver drops the second of two equal keys), then saved as typed.
    typeInto(field, '');
    await frame();
    expect(field.offsetHeight).to.be.closeTo(empty, 2);
    field.focus();
    await sendKeys({ type: 'Amy: Hi' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'Bob: Hey' });
    await waitFor(() => field.value === 'Amy: Hi\nBob: Hey', { message: () => `value ${JSON.stringify(field.value)}` } as never);
    const saved = waitForEvent(host, 'tl-post-saved');
    const post = shadowRequired<HTMLButtonElement>(host, '[part="post-button"]');
    await waitFor(() => post.getAttribute('aria-disabled') === null, { message: 'Post stayed disabled' });
    post.click();
    await saved;
    const rows = await dbRows<{ id: number; content: string }>('posts', { blog_name: 'alice', type: 'chat' });
    expect((JSON.parse(rows.sort((a, b) => a.id - b.id).at(-1)!.content) as { chat: string }).chat).to.equal('Amy: Hi\nBob: Hey');
  });
});
