/**
 * <post-composer> in each engine against the in-process reference server: every type's form and
 * its save (checked in the database), validation shown inline and tied to its field, the dismiss
 * confirmation only when something changed, modal versus inline, a post by keyboard alone with
 * focus back on the opener, the draft offered back after the element (or the page) went away,
 * failed and offline saves that keep everything, the routes, and hostile reblog HTML. Axe in
 * every state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { freshComposerEachTest, settled } from './composer.test-helpers';
import { $composer, closeComposer, openComposerFor } from '../../src/stores/composer';
import { $session } from '../../src/session/session';
import { POST_TYPES, type PostType } from '../../src/models/post-types';
import { draftKey } from '../../src/models/post-routes';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, mount, shadow, shadowAll, typeInto } from '../../tests/helpers/dom';
import { dbRows, injectFault, setupSession } from '../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../tests/helpers/wait';
import { trapXss } from '../../tests/helpers/xss';

type Host = HTMLElement & { ready: Promise<void> };
interface PostRow {
  id: number;
  blog_name: string;
  type: string;
  state: string;
  tags: string;
  content: string;
  reblog_of: number | null;
}

const form = (host: Element) => shadow<HTMLFormElement>(host, 'form.post-form');
const shownForm = (host: Element) =>
  waitFor(() => form(host), {
    message: 'the form never appeared',
    timeout: 15_000,
  });
const field = <E extends HTMLElement = HTMLInputElement>(host: Element, name: string) =>
  shadow<E>(host, `[data-field="${name}"] .field__control`);

/**
 * Text posts open in the rich editor (alice's default); these tests type plain text into the
 * body, so they switch it to HTML first (elements/post-composer/form/editor/editor.browser.test.ts covers rich mode).
 */
async function htmlBody(host: Element): Promise<void> {
  const radio = shadowAll<HTMLInputElement>(host, '[data-field="body"] .body-editor__modes input').find((r) => r.value === 'html');
  if (!radio) return; // a reblog's addition is a plain field
  if (!radio.checked) radio.click();
  await waitFor(() => shadow(host, '[data-field="body"] .ed-source--html'), { message: 'the body did not switch to HTML' });
}
const postButton = (host: Element) => shadow<HTMLButtonElement>(host, '[part="post-button"]')!;
const confirmDialog = (host: Element) => shadow<HTMLDialogElement>(host, 'dialog.tl-confirm[open]');

function fill(host: Element, name: string, value: string) {
  const el = field<HTMLInputElement | HTMLTextAreaElement>(host, name);
  if (!el) throw new Error(`no field "${name}"`);
  typeInto(el, value);
  el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

async function mountComposer(attrs = 'update-url="false"'): Promise<Host> {
  const host = mount<Host>(`<post-composer ${attrs}></post-composer>`);
  await host.ready;
  return host;
}

/** What the form needs for each type to be valid. */
const FILL: Record<PostType, [string, string][]> = {
  text: [
    ['title', 'A title'],
    ['body', 'The body.'],
  ],
  photo: [],
  quote: [
    ['quote', 'To be is to do.'],
    ['source', 'Socrates'],
  ],
  link: [
    ['url', 'https://example.com/page'],
    ['title', 'Example'],
  ],
  chat: [['chat', 'A: hello\nB: hi']],
  audio: [
    ['url', 'https://example.com/song.mp3'],
    ['trackTitle', 'Song'],
  ],
  video: [
    ['embedCode', 'https://example.com/clip.mp4'],
    ['caption', 'A clip'],
  ],
  note: [
    ['ask', 'What is this?'],
    ['answer', 'A test.'],
  ],
};
const STORED_TYPE: Record<PostType, string> = {
  text: 'text',
  photo: 'photo',
  quote: 'quote',
  link: 'link',
  chat: 'chat',
  audio: 'audio',
  video: 'video',
  note: 'answer',
};

describe('<post-composer>', function () {
  this.timeout(60_000);

  freshComposerEachTest();

  for (const type of POST_TYPES) {
    it(`${type}: the form, its required field's message, and a save that lands in the database; axe clean`, async () => {
      const host = await mountComposer();
      const opened = waitForEvent<CustomEvent>(host, 'tl-composer-open');
      openComposerFor({ mode: 'new', type }, 'test');
      expect((await opened).detail).to.deep.equal({ type, mode: 'new' });
      const f = await shownForm(host);
      expect(f.dataset.type).to.equal(type);
      // Empty: Post is disabled and says why; pressing it shows the field's message.
      expect(postButton(host).getAttribute('aria-disabled')).to.equal('true');
      postButton(host).click();
      const error = await waitFor(() => shadow(host, '[part="error"]'));
      const expected = {
        text: 'Post body empty',
        photo: 'No photos specified',
        quote: 'No quote',
        link: 'No url',
        chat: 'No chat',
        audio: 'Please choose an audio source before continuing',
        video: 'No embed specified',
        note: 'Post question empty',
      }[type];
      expect(error.textContent).to.equal(expected);
      await settled(host);
      await axeCheck(host);

      if (type === 'photo') {
        shadowAll<HTMLButtonElement>(host, 'button')
          .find((b) => b.textContent === 'Add a photo by URL')!
          .click();
        const url = await waitFor(() => shadow<HTMLInputElement>(host, '[data-field="photo-0"] input'));
        typeInto(url, '/assets/avatar/bob/128.svg');
        fill(host, 'caption', 'One photo');
      }
      if (type === 'text') await htmlBody(host);
      for (const [name, value] of FILL[type]) fill(host, name, value);
      await waitFor(() => postButton(host).getAttribute('aria-disabled') === null, { message: 'Post stayed disabled' });
      expect(shadow(host, '[part="error"]')).to.equal(null);
      await axeCheck(host);

      const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
      const closed = waitForEvent<CustomEvent>(host, 'tl-composer-close');
      postButton(host).click();
      const { detail } = await saved;
      expect((await closed).detail).to.deep.equal({ saved: true });
      expect(detail.mode).to.equal('new');
      expect(detail.blogName).to.equal('alice');
      const [row] = await dbRows<PostRow>('posts', { id: Number(detail.postId) });
      expect(row?.type).to.equal(STORED_TYPE[type]);
      expect(row?.blog_name).to.equal('alice');
      // The modal closes at once (only an inline form runs its states backwards first).
      expect(form(host) === null, 'the form is gone').to.equal(true);
      expect($composer.get().open).to.equal(false);
    });
  }

  it('ties each error to its field (aria-invalid, aria-describedby) and hides it once fixed', async () => {
    const host = await mountComposer();
    openComposerFor({ mode: 'new', type: 'link' }, 'test');
    await shownForm(host);
    fill(host, 'url', 'not a url');
    const url = field(host, 'url')!;
    await waitFor(() => url.getAttribute('aria-invalid') === 'true');
    const describedBy = url.getAttribute('aria-describedby')!;
    expect(host.shadowRoot!.getElementById(describedBy)?.textContent).to.equal('Not a valid URL');
    fill(host, 'url', 'https://example.com');
    await waitFor(() => url.getAttribute('aria-invalid') === null);
    expect(url.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('tags: Enter or a comma makes a chip, Backspace removes the last one, duplicates are ignored; sent comma-joined', async () => {
    const host = await mountComposer();
    openComposerFor({ mode: 'new', type: 'quote' }, 'test');
    await shownForm(host);
    fill(host, 'quote', 'q');
    const input = shadow<HTMLInputElement>(host, '.tags__input')!;
    input.focus();
    await sendKeys({ type: 'cats' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'dogs,Cats,' });
    await sendKeys({ type: 'birds' });
    await sendKeys({ press: 'Enter' });
    const chips = () => shadowAll(host, '.tags__chip span').map((s) => s.textContent);
    await waitFor(() => chips().length === 3);
    expect(chips()).to.deep.equal(['#cats', '#dogs', '#birds']);
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => chips().length === 2);
    expect(form(host)).to.not.equal(null); // Enter in the tags box did not post
    // Ctrl+Enter (Cmd+Enter on a Mac) posts from anywhere in the form.
    const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, composed: true }));
    const [row] = await dbRows<PostRow>('posts', { id: Number((await saved).detail.postId) });
    expect(JSON.parse(row!.tags)).to.deep.equal(['cats', 'dogs']);
  });

  it('the state menu: a draft, a scheduled post (date required) and a private one are stored as such', async () => {
    const host = await mountComposer();
    for (const [state, stored] of [
      ['draft', 'draft'],
      ['scheduled', 'scheduled'],
      ['private', 'private'],
      ['queued', 'queued'],
    ] as const) {
      openComposerFor({ mode: 'new', type: 'quote' }, 'test');
      await shownForm(host);
      fill(host, 'quote', `A ${state} quote`);
      const select = shadow<HTMLSelectElement>(host, '[part="state"] select')!;
      select.value = state;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      if (state === 'scheduled') {
        await waitFor(() => postButton(host).getAttribute('aria-disabled') === 'true');
        fill(host, 'publish_on', '2030-01-02T10:30');
      }
      await waitFor(() => postButton(host).getAttribute('aria-disabled') === null);
      const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
      postButton(host).click();
      const [row] = await dbRows<PostRow & { publish_on: string }>('posts', { id: Number((await saved).detail.postId) });
      expect(row?.state).to.equal(stored);
      if (state === 'scheduled') expect(row?.publish_on).to.equal('2030-01-02T10:30');
      await waitFor(() => form(host) === null);
    }
  });

  it('dismissing asks "Discard this post?" only when something changed; Nevermind keeps it, Discard closes', async () => {
    const host = await mountComposer();
    openComposerFor({ mode: 'new', type: 'text' }, 'test');
    await shownForm(host);
    // Unchanged: Close closes at once.
    shadow<HTMLButtonElement>(host, '[part="cancel-button"]')!.click();
    await waitFor(() => form(host) === null);
    expect(confirmDialog(host)).to.equal(null);

    openComposerFor({ mode: 'new', type: 'text' }, 'test');
    await shownForm(host);
    await htmlBody(host);
    fill(host, 'body', 'Something worth keeping');
    shadow<HTMLButtonElement>(host, '[part="cancel-button"]')!.click();
    const dialog = await waitFor(() => confirmDialog(host));
    expect(dialog.textContent).to.contain('Discard this post?');
    const buttons = [...dialog.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).to.deep.equal(['Nevermind', 'Discard']);
    await settled(host);
    await axeCheck(host);
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Nevermind')!.click();
    await waitFor(() => confirmDialog(host) === null);
    expect(field<HTMLTextAreaElement>(host, 'body')!.value).to.equal('Something worth keeping');
    // Escape asks too.
    field<HTMLTextAreaElement>(host, 'body')!.focus();
    await sendKeys({ press: 'Escape' });
    const again = await waitFor(() => confirmDialog(host));
    [...again.querySelectorAll('button')].find((b) => b.textContent === 'Discard')!.click();
    await waitFor(() => form(host) === null);
    expect(localStorage.getItem(draftKey('alice', { mode: 'new', type: 'text' }))).to.equal(null);
  });

  it('an edit: loads the post, asks "Discard edits to this post?", saves in place', async () => {
    const [own] = await dbRows<PostRow>('posts', { blog_name: 'alice', type: 'text' });
    const host = await mountComposer(`update-url="false" post-id="${own!.id}"`);
    const f = await shownForm(host);
    expect(f.dataset.mode).to.equal('edit');
    const title = field(host, 'title')!;
    expect(title.value).to.equal(JSON.parse(own!.content).title ?? '');
    fill(host, 'title', 'An edited title');
    shadow<HTMLButtonElement>(host, '[part="cancel-button"]')!.click();
    const dialog = await waitFor(() => confirmDialog(host));
    expect(dialog.textContent).to.contain('Discard edits to this post?');
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Nevermind')!.click();
    await waitFor(() => confirmDialog(host) === null);
    expect(postButton(host).textContent).to.equal('Save');
    const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
    postButton(host).click();
    expect((await saved).detail.mode).to.equal('edit');
    const [row] = await dbRows<PostRow>('posts', { id: own!.id });
    expect(JSON.parse(row!.content).title).to.equal('An edited title');
  });

  it('a reblog shows the reblogged post (sanitised: nothing from it runs) above the addition', async () => {
    const trap = trapXss();
    try {
      const [source] = await dbRows<PostRow & { reblog_key: string }>('posts', { blog_name: 'xss-lab' });
      const host = await mountComposer(`update-url="false" reblog-id="${source!.id}" reblog-key="${source!.reblog_key}"`);
      await shownForm(host);
      const preview = await waitFor(() => shadow(host, '[part="reblog"] .post-form__reblog-post'));
      expect(preview.querySelector('script, iframe, object, embed, [onerror], [onload]')).to.equal(null);
      expect([...preview.querySelectorAll('a[href]')].every((a) => !/^\s*javascript:/i.test(a.getAttribute('href')!))).to.equal(true);
      await settled(host);
      await axeCheck(host);
      fill(host, field(host, 'body') ? 'body' : 'caption', 'Look at this.');
      const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
      postButton(host).click();
      const { detail } = await saved;
      expect(detail.mode).to.equal('reblog');
      const [row] = await dbRows<PostRow>('posts', { id: Number(detail.postId) });
      expect(row?.reblog_of).to.equal(source!.id);
      expect(JSON.parse(row!.content).comment).to.equal('Look at this.');
      await new Promise((r) => setTimeout(r, 50));
      expect(trap.ran()).to.deep.equal([]);
    } finally {
      trap.restore();
    }
  });

  it('modal by default (a <dialog> over the page); inline renders in place and flags the host data-open', async () => {
    const modal = await mountComposer();
    openComposerFor({ mode: 'new', type: 'text' }, 'test');
    await shownForm(modal);
    const dialog = shadow<HTMLDialogElement>(modal, 'dialog.composer--modal')!;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(modal.hasAttribute('data-open')).to.equal(true);
    const closed = waitForEvent(modal, 'tl-composer-close');
    shadow<HTMLButtonElement>(modal, '[part="cancel-button"]')!.click();
    await closed;
    // Closed with the event: the modal and its form are gone at once, and the host is no longer open.
    expect(dialog.isConnected).to.equal(false);
    expect(form(modal) === null).to.equal(true);
    expect(modal.hasAttribute('data-open')).to.equal(false);
    cleanup();

    const inline = await mountComposer('update-url="false" inline type="chat"');
    const f = await shownForm(inline);
    expect(shadow(inline, 'dialog.composer--modal')).to.equal(null);
    expect(f.closest('section.composer--inline')).to.not.equal(null);
    expect(inline.hasAttribute('data-open')).to.equal(true);
    await settled(inline);
    await axeCheck(inline);
  });

  it('inline: the container runs its transition states in order, the page scrolls the form to 20 px from the top, and the form is live throughout', async () => {
    const wrapper = mount<HTMLDivElement>(
      '<div><div style="height: 2000px"></div><post-composer update-url="false" inline></post-composer><div style="height: 2000px"></div></div>',
    );
    const host = wrapper.querySelector('post-composer') as Host;
    await host.ready;
    scrollTo(0, 0);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const value = shadow(host, '[data-transition]')?.dataset.transition;
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    });
    observer.observe(host.shadowRoot!, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-transition'] });
    try {
      host.setAttribute('type', 'text');
      await shownForm(host);
      // the title has focus as soon as the form is there, whatever step the container is at
      expect(deepActiveElement()).to.equal(field(host, 'title'));
      await waitFor(() => seen[seen.length - 1] === 'post-form', { message: 'the container never reached the post form' });
      // (the first state, original, is the page's own content: the slot, until the form renders
      // already in its pre-transition look, so no frame shows the form fully before it fades in)
      expect(seen).to.deep.equal(['pre-transition', 'mid-transition', 'post-form']);
      const top = host.getBoundingClientRect().top;
      expect(top).to.be.within(19, 21);
      // Hiding runs the states backwards; the section takes no input meanwhile, then the page's
      // own content (the slot) comes back.
      seen.length = 0;
      shadow<HTMLButtonElement>(host, '[part="cancel-button"]')!.click();
      await waitFor(() => shadow(host, 'section.composer--inline')?.hasAttribute('inert') === true, {
        message: 'the hiding form stayed live',
      });
      await waitFor(() => shadow(host, 'section.composer--inline') === null, { message: 'the form did not leave after hiding' });
      // (its last state, original, is the section gone)
      expect(seen).to.deep.equal(['mid-transition', 'pre-transition']);
      expect(shadow(host, 'slot')).to.not.equal(null);
    } finally {
      observer.disconnect();
      scrollTo(0, 0);
    }
  });

  it('is live from its first frame: the first field has focus as the form appears, and a key typed then lands in it', async () => {
    const host = await mountComposer();
    const root = host.shadowRoot!;
    for (const type of ['quote', 'photo'] as const) {
      // The moment the form is in the tree (a mutation callback runs before the next frame):
      // where is focus? The container transition is still running; it must not matter.
      const appeared = new Promise<Element | null>((resolve) => {
        const observer = new MutationObserver(() => {
          const f = form(host);
          if (!f) return;
          // a photo post's first fields arrive in a lazy chunk: focus waits for them, never sits on the caption
          // (shown: React may insert them hidden and reveal them a moment later)
          const photos = f.querySelector('.photos');
          const lazyPending = type === 'photo' && !(photos && photos.getClientRects().length > 0);
          if (lazyPending) {
            expect(deepActiveElement()).to.not.equal(field(host, 'caption'), 'focus went to the caption before the photo fields');
            return;
          }
          observer.disconnect();
          resolve(deepActiveElement());
        });
        observer.observe(root, { childList: true, subtree: true });
      });
      openComposerFor({ mode: 'new', type }, 'test');
      const focused = await appeared;
      if (type === 'quote') {
        expect(focused).to.equal(field(host, 'quote'), 'the quote field did not have focus as the form appeared');
        await sendKeys({ type: 'Q' });
        expect(field<HTMLTextAreaElement>(host, 'quote')!.value).to.equal('Q');
        await sendKeys({ press: 'Backspace' });
      } else {
        const f = form(host)!;
        expect(f.contains(focused) || f.contains((focused?.getRootNode() as ShadowRoot | null)?.host ?? null)).to.equal(
          true,
          `focus is not in the photo fields but on ${focused?.outerHTML.slice(0, 120)}`,
        );
        expect(focused).to.not.equal(field(host, 'caption'));
      }
      shadow<HTMLButtonElement>(host, '[part="cancel-button"]')!.click();
      await waitFor(() => !form(host), { message: 'the form did not close' });
    }
  });

  it('keys typed right after the click, before the form exists, land in its first field; Escape then is left alone', async () => {
    const host = await mountComposer();
    const link = mount<HTMLAnchorElement>('<a href="/new/quote">Quote</a>');
    const key = (k: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    // all in the click's task: React has not rendered the form yet
    link.click();
    expect(form(host)).to.equal(null);
    for (const k of ['H', 'x', 'Backspace', 'i', '!']) key(k);
    await shownForm(host);
    await waitFor(() => field<HTMLTextAreaElement>(host, 'quote')?.value === 'Hi!', {
      message: 'the quote field did not get "Hi!" (the last value tells what it held)',
    });
    expect(deepActiveElement()).to.equal(field(host, 'quote'));
    // what the capture kept is the form's now: it is dirty, so cancel asks
    shadow<HTMLButtonElement>(host, '[part="cancel-button"]')!.click();
    await waitFor(() => confirmDialog(host), { message: 'cancelling a typed-in form did not ask' });
    shadowAll<HTMLButtonElement>(host, 'dialog.tl-confirm[open] button')
      .find((b) => /discard/i.test(b.textContent ?? ''))!
      .click();
    await waitFor(() => !form(host), { message: 'the form did not close' });

    // a key that is not text ends the capture and goes where it would have gone
    link.click();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.body.dispatchEvent(escape);
    expect(escape.defaultPrevented).to.equal(false);
    key('z');
    await shownForm(host);
    await waitFor(() => deepActiveElement() === field(host, 'quote'));
    expect(field<HTMLTextAreaElement>(host, 'quote')!.value).to.equal('');
  });

  it('a whole post by keyboard alone, with focus back on the link that opened it', async () => {
    const host = await mountComposer();
    const link = mount<HTMLAnchorElement>('<a href="/new/quote" id="open-quote">Quote</a>');
    link.focus();
    await sendKeys({ press: 'Enter' });
    await shownForm(host);
    await waitFor(
      () =>
        (deepActiveElement() as HTMLElement | null)?.closest?.('[data-field="quote"]') !== null &&
        deepActiveElement()?.tagName === 'TEXTAREA',
      { message: 'focus is not in the quote field' },
    );
    // (WebKit's driver drops a key typed again right after a space: 'are enough' came out 'arenough'.)
    await sendKeys({ type: 'Quiet words.' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Me' });
    // Tab on to the Post button: the tags box, Post options, Close, the state menu, Post.
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'Tab' });
    await waitFor(() => deepActiveElement() === postButton(host), { message: 'Tab did not reach Post' });
    const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
    await sendKeys({ press: 'Enter' });
    const [row] = await dbRows<PostRow>('posts', { id: Number((await saved).detail.postId) });
    expect(JSON.parse(row!.content)).to.include({ text: 'Quiet words.', source: 'Me' });
    await waitFor(() => deepActiveElement() === link, { message: 'focus did not return to the link' });
  });

  it('the draft is kept as you type and offered back when the form opens again after the page lost it', async () => {
    let host = await mountComposer();
    openComposerFor({ mode: 'new', type: 'text' }, 'test');
    await shownForm(host);
    fill(host, 'title', 'Unsaved title');
    await htmlBody(host);
    fill(host, 'body', 'Words I must not lose.');
    const key = draftKey('alice', { mode: 'new', type: 'text' });
    await waitFor(() => localStorage.getItem(key)?.includes('Words I must not lose.'), { message: 'no draft stored' });
    // The element goes away without a dismiss (a crash, a closed tab).
    await cleanup();
    closeComposer();
    host = await mountComposer();
    openComposerFor({ mode: 'new', type: 'text' }, 'test');
    await shownForm(host);
    const notice = await waitFor(() => shadow(host, '[part="draft"]'));
    expect(notice.getAttribute('role')).to.equal('status');
    await settled(host);
    await axeCheck(host);
    [...notice.querySelectorAll('button')].find((b) => b.textContent === 'Restore draft')!.click();
    await waitFor(() => field<HTMLTextAreaElement>(host, 'body')?.value === 'Words I must not lose.');
    expect(field(host, 'title')!.value).to.equal('Unsaved title');
    // Saved: the draft is gone.
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    expect(localStorage.getItem(key)).to.equal(null);
  });

  it("a failed save keeps the form and what was typed, shows the server's message, and succeeds when tried again", async () => {
    const host = await mountComposer();
    openComposerFor({ mode: 'new', type: 'quote' }, 'test');
    await shownForm(host);
    fill(host, 'quote', 'Persistence.');
    await injectFault('/svc/post/update', 500, 1, { detail: 'The post could not be saved right now.' });
    postButton(host).click();
    const status = await waitFor(() => {
      const s = shadow(host, '[part="status"][data-kind="error"]');
      return s?.textContent ? s : null;
    });
    expect(status.getAttribute('role')).to.equal('alert');
    expect(status.textContent).to.equal('The post could not be saved right now.');
    expect(field<HTMLTextAreaElement>(host, 'quote')!.value).to.equal('Persistence.');
    await settled(host);
    await axeCheck(host);
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
    expect(await dbRows('posts', { blog_name: 'alice', type: 'quote' })).to.satisfy((rows: PostRow[]) =>
      rows.some((r) => JSON.parse(r.content).text === 'Persistence.'),
    );
  });

  it('offline: says so, keeps the post, and lets it go once back online', async () => {
    const host = await mountComposer();
    openComposerFor({ mode: 'new', type: 'quote' }, 'test');
    await shownForm(host);
    fill(host, 'quote', 'Offline thoughts.');
    window.dispatchEvent(new Event('offline'));
    const status = await waitFor(() => shadow(host, '[part="status"][data-kind="offline"]'));
    expect(status.textContent).to.contain("You're offline");
    expect(postButton(host).getAttribute('aria-disabled')).to.equal('true');
    window.dispatchEvent(new Event('online'));
    await waitFor(() => postButton(host).getAttribute('aria-disabled') === null);
    const saved = waitForEvent(host, 'tl-post-saved');
    postButton(host).click();
    await saved;
  });

  it("the builder data failing says the spec's line, with Retry", async () => {
    // Another user: the builder data is kept per page and user, so bob's is fetched (and fails).
    await setupSession('bob');
    const host = await mountComposer();
    await injectFault('/svc/post/get_post_form_builder_data', 500, 1);
    openComposerFor({ mode: 'new', type: 'text' }, 'test');
    const error = await waitFor(() => shadow(host, '[part="error"][role="alert"]'), { timeout: 15_000 });
    expect(error.textContent).to.contain('Sorry, we seem to be having technical trouble. Please try again later.');
    await settled(host);
    await axeCheck(host);
    [...error.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click();
    await shownForm(host);
  });

  it('routes: pushes /new/{type} while open (cancelable tl-navigate), Back closes it, and the address returns', async () => {
    const start = location.pathname + location.search;
    const host = await mountComposer('');
    const urls: string[] = [];
    const onNavigate = (e: Event) => urls.push((e as CustomEvent<{ url: string }>).detail.url);
    document.addEventListener('tl-navigate', onNavigate);
    try {
      openComposerFor({ mode: 'new', type: 'photo' }, 'test');
      await shownForm(host);
      expect(location.pathname).to.equal('/new/photo');
      expect(urls).to.deep.equal(['/new/photo']);
      history.back();
      await waitFor(() => form(host) === null, { message: 'Back did not close the form' });
      expect(location.pathname + location.search).to.equal(start);
      // A page that routes itself cancels tl-navigate: the address stays.
      const keep = (e: Event) => e.preventDefault();
      document.addEventListener('tl-navigate', keep);
      openComposerFor({ mode: 'new', type: 'text' }, 'test');
      await shownForm(host);
      expect(location.pathname + location.search).to.equal(start);
      document.removeEventListener('tl-navigate', keep);
    } finally {
      document.removeEventListener('tl-navigate', onNavigate);
      history.replaceState(null, '', start);
    }
  });

  it('with the dashboard_refresh flag a new post loads the dashboard again instead of going into its list', async () => {
    $session.set({ ...$session.get(), flags: { ...$session.get().flags, dashboard_refresh: true } });
    mount(`<ol id="posts"><li id="post_1" data-post-id="1">the newest post the page had</li></ol>`);
    // The page keeps itself (cancels tl-navigate) so the test page stays; the address asked for is the dashboard.
    const asked: string[] = [];
    const keep = (event: Event) => {
      asked.push((event as CustomEvent<{ url: string }>).detail.url);
      event.preventDefault();
    };
    document.addEventListener('tl-navigate', keep);
    try {
      const host = await mountComposer('update-url="false" base-route="/dashboard"');
      openComposerFor({ mode: 'new', type: 'quote' }, 'test');
      await shownForm(host);
      fill(host, 'quote', 'Seen after the dashboard loads again.');
      const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
      postButton(host).click();
      const { detail } = await saved;
      await waitFor(() => asked.includes('/dashboard'), { message: `no reload of /dashboard (asked: ${asked.join(', ')})` });
      expect(document.getElementById(`post_${detail.postId}`), 'nothing went into the list').to.equal(null);
    } finally {
      document.removeEventListener('tl-navigate', keep);
    }
  });

  it('after a save it updates a dashboard-like page: newer posts go on top, sanitised; an edit replaces its post; preventDefault() leaves the page alone', async () => {
    const [top] = await dbRows<PostRow>('posts', { blog_name: 'bob' });
    const list = mount<HTMLOListElement>(
      `<ol id="posts"><li id="post_${top!.id}" data-post-id="${top!.id}">the newest post the page had</li></ol>`,
    );
    // The update is for the dashboard context page: the element reads it from its base route.
    const host = await mountComposer('update-url="false" base-route="/dashboard"');
    openComposerFor({ mode: 'new', type: 'quote' }, 'test');
    await shownForm(host);
    fill(host, 'quote', 'Goes on top of the list.');
    const saved = waitForEvent<CustomEvent>(host, 'tl-post-saved');
    postButton(host).click();
    const { detail } = await saved;
    const inserted = await waitFor(() => document.getElementById(`post_${detail.postId}`));
    expect(list.firstElementChild).to.equal(inserted);
    expect(inserted.textContent).to.contain('Goes on top of the list.');
    expect(inserted.querySelector('script, [onerror], [onclick]')).to.equal(null);

    // An edit replaces the post in place.
    cleanup();
    const page = mount<HTMLOListElement>(`<ol id="posts"><li id="post_${detail.postId}" data-post-id="${detail.postId}">stale</li></ol>`);
    const editor = await mountComposer(`update-url="false" base-route="/dashboard" post-id="${detail.postId}"`);
    await shownForm(editor);
    fill(editor, 'quote', 'Edited in place.');
    const edited = waitForEvent(editor, 'tl-post-saved');
    postButton(editor).click();
    await edited;
    await waitFor(() => page.querySelector(`#post_${detail.postId}`)?.textContent?.includes('Edited in place.'));
    expect(page.children.length).to.equal(1);

    // A page that does its own update cancels the event: the element fetches nothing, changes nothing.
    cleanup();
    const mine = mount<HTMLOListElement>(
      `<ol id="posts"><li id="post_${detail.postId}" data-post-id="${detail.postId}">the page's own</li></ol>`,
    );
    const composer = await mountComposer('update-url="false" base-route="/dashboard"');
    const own = (e: Event) => e.preventDefault();
    document.addEventListener('tl-post-saved', own);
    try {
      performance.clearResourceTimings();
      openComposerFor({ mode: 'new', type: 'quote' }, 'test');
      await shownForm(composer);
      fill(composer, 'quote', 'The page shows this one itself.');
      const savedAgain = waitForEvent<CustomEvent>(composer, 'tl-post-saved');
      postButton(composer).click();
      expect((await savedAgain).defaultPrevented).to.equal(true);
      // Give a default update the time it would need (it fetched at once in the first part).
      await new Promise((r) => setTimeout(r, 400));
      expect(performance.getEntriesByType('resource').some((e) => e.name.includes('/svc/post/dashboard/'))).to.equal(false);
      expect(mine.children.length).to.equal(1);
      expect(mine.textContent).to.equal("the page's own");
    } finally {
      document.removeEventListener('tl-post-saved', own);
    }
  });

  it('logged out: renders only its fallback content and never opens', async () => {
    await setupSession('anonymous');
    const host = mount<Host>('<post-composer update-url="false"><span class="fallback">Log in to post</span></post-composer>');
    await host.ready;
    openComposerFor({ mode: 'new', type: 'text' }, 'test');
    await new Promise((r) => setTimeout(r, 100));
    expect(form(host)).to.equal(null);
    expect(shadow(host, 'slot')).to.not.equal(null);
  });
});
