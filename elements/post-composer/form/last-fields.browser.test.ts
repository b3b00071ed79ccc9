/**
 * The post form's last fields (authoring spec §3, §7), in each engine against the reference server:
 * a photoset's layout chosen from the radio group and saved (and a layout that stops fitting when a
 * photo goes), a note's caption, and a reblog posted without the reblogged post. Each is checked in
 * what the database stored; axe in each state. Waits on state, never on time.
 */
import { expect } from '@open-wc/testing';
import { freshComposerEachTest, openNewPost, settled, type ComposerHost } from '../composer.test-helpers';
import { axeCheck } from '../../../tests/helpers/axe';
import { mount, shadow, shadowAll, shadowRequired, typeInto } from '../../../tests/helpers/dom';
import { dbRows } from '../../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../../tests/helpers/wait';

interface PostRow {
  id: number;
  type: string;
  content: string;
  reblog_of: number | null;
  reblog_key: string;
}

const postButton = (host: Element) => shadowRequired<HTMLButtonElement>(host, '[part="post-button"]');
const control = <E extends HTMLElement = HTMLInputElement>(host: Element, name: string) =>
  shadowRequired<E>(host, `[data-field="${name}"] .field__control`);
const layoutRadios = (host: Element) => shadowAll<HTMLInputElement>(host, '[part="photoset-layout"] input[type="radio"]');
const checkedLayout = (host: Element) => layoutRadios(host).find((r) => r.checked)?.value;

/** Saves the form and gives back the stored row. */
async function save(host: Element): Promise<PostRow> {
  const saved = waitForEvent<CustomEvent<{ postId: string }>>(host, 'tl-post-saved');
  postButton(host).click();
  const { detail } = await saved;
  const [row] = await dbRows<PostRow>('posts', { id: Number(detail.postId) });
  if (!row) throw new Error(`post ${detail.postId} was not stored`);
  return row;
}

describe('<post-composer> last fields', function () {
  this.timeout(60_000);

  freshComposerEachTest();

  it('a photoset takes a layout from its photos, falls back when a photo goes, and is saved with it', async () => {
    const host: ComposerHost = await openNewPost('photo');
    const addByUrl = await waitFor(() =>
      shadowAll<HTMLButtonElement>(host, '.photos button').find((b) => b.textContent?.trim() === 'Add a photo by URL'),
    );
    // One photo has one layout: no choice is offered.
    addByUrl.click();
    typeInto(await waitFor(() => shadow<HTMLInputElement>(host, '[data-field="photo-0"] .field__control')), '/assets/media/poster.jpg');
    expect(layoutRadios(host)).to.have.length(0);
    for (const i of [1, 2]) {
      addByUrl.click();
      typeInto(
        await waitFor(() => shadow<HTMLInputElement>(host, `[data-field="photo-${i}"] .field__control`)),
        `/assets/media/poster.jpg?${i + 1}`,
      );
    }
    await waitFor(() => layoutRadios(host).length === 4, { message: 'three photos offer four layouts' });
    expect(layoutRadios(host).map((r) => r.value)).to.deep.equal(['111', '21', '12', '3']);
    expect(checkedLayout(host)).to.equal('111');
    // Each choice is named for a screen reader (the picture is decoration).
    const names = shadowAll<HTMLLabelElement>(host, '.photoset-layout__choice').map((l) => l.textContent?.trim());
    expect(names).to.deep.equal(['One per row', 'Two per row', 'First large, then two per row', 'Three per row']);
    layoutRadios(host)
      .find((r) => r.value === '12')!
      .click();
    await waitFor(() => checkedLayout(host) === '12');
    await settled(host);
    await axeCheck(host);

    // A photo removed: "12" no longer adds up, so the form shows (and would send) one per row.
    shadowAll<HTMLButtonElement>(host, '.photos__remove')[2]!.click();
    await waitFor(() => layoutRadios(host).length === 2);
    expect(checkedLayout(host)).to.equal('11');
    layoutRadios(host)
      .find((r) => r.value === '2')!
      .click();
    await waitFor(() => checkedLayout(host) === '2');
    const row = await save(host);
    expect(JSON.parse(row.content).layout).to.equal('2');
  });

  it("a note's caption is a field of its own and is saved", async () => {
    const host = await openNewPost('note');
    typeInto(control<HTMLTextAreaElement>(host, 'ask'), 'Favourite tea?');
    typeInto(control<HTMLTextAreaElement>(host, 'answer'), 'Earl Grey.');
    typeInto(control<HTMLTextAreaElement>(host, 'caption'), 'From the inbox');
    await axeCheck(host);
    const row = await save(host);
    expect(JSON.parse(row.content)).to.include({ question: 'Favourite tea?', answer: 'Earl Grey.', caption: 'From the inbox' });
  });

  it('a reblog without the reblogged post hides it, needs words of its own, and is stored without it', async () => {
    const [source] = await dbRows<PostRow>('posts', { blog_name: 'bob', type: 'text' });
    const host = mount<ComposerHost>(
      `<post-composer update-url="false" reblog-id="${source!.id}" reblog-key="${source!.reblog_key}"></post-composer>`,
    );
    await host.ready;
    const preview = await waitFor(() => shadow(host, '[part="reblog"] .post-form__reblog-post'), { timeout: 15_000 });
    await waitFor(() => shadow(host, 'form.post-form:not([inert])'));
    await settled(host);
    const remove = shadowRequired<HTMLInputElement>(host, '.post-form__reblog-remove input[type="checkbox"]');
    expect(remove.checked).to.equal(false);
    remove.click();
    await waitFor(() => preview.hidden, { message: 'the reblogged post stayed in view' });
    // With nothing of the blogger's own there is no post: Post says so instead of posting.
    postButton(host).click();
    await waitFor(() => shadowAll(host, '.field__error').some((e) => e.textContent?.includes('Post body empty')), {
      message: 'no "Post body empty"',
    });
    await axeCheck(host);
    typeInto(
      await waitFor(() => shadow<HTMLTextAreaElement>(host, '[data-field="body"] .field__control, [data-field="body"] textarea')),
      'Just my words.',
    );
    const row = await save(host);
    expect(row.reblog_of).to.equal(source!.id);
    const content = JSON.parse(row.content);
    expect(content).to.include({ comment: 'Just my words.', reblog_tree_removed: true, reblogged_from: 'bob' });
  });
});
