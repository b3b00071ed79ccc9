/**
 * <peepr-drawer> in each engine against the in-process reference server: opening from a page mark
 * (focus inside, focus back on close), the key commands (and none while typing or composing, or
 * with shortcuts off), suspension while a form is open, the carousel's peeks, 'see all tags', the
 * search filters starting the results over, the tag type-ahead by keyboard, each post-action
 * status branch (fault injection), follow reverted on failure, and autopaging a long blog through
 * a virtualised list. Waits on state, never on time.
 */
import { expect } from '@open-wc/testing';
import './index';
import { savePost } from '../post-composer/api/posts';
import { runPostAction } from '../../src/post-actions/api';
import { createPost, updatePayload } from '../post-composer/model/post';
import { POST_ACTION_ALERT } from '../../src/errors';
import { openForm } from '../../src/stores/forms';
import { $postMarks } from '../../src/post-actions/marks';
import { $following } from '../../src/stores/follows';
import { request } from '../../src/core/requests';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../tests/helpers/axe';
import {
  captureConsole,
  cleanup,
  deepActiveElement,
  mount,
  shadow,
  shadowAll,
  shadowRequired,
  textOf,
  typeInto,
} from '../../tests/helpers/dom';
import { dbRows, injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { nextTick, waitFor, waitForEvent } from '../../tests/helpers/wait';
import { PEEPR } from './model/rules';

type Host = HTMLElement & { ready: Promise<void> };
interface PostRow {
  id: number;
  blog_name: string;
  type: string;
  content: string;
  reblog_key: string;
}

const dialog = (host: Element) => shadow<HTMLDialogElement>(host, 'dialog');
const articles = (host: Element) => shadowAll(host, 'article.post');
const post = (host: Element, id: string | number) => shadow(host, `article[data-post-id="${id}"]`);
const activeId = (host: Element) => shadow(host, 'article.post.is-active')?.dataset.postId;

/** An element inside a post (light DOM of the drawer's shadow tree). */
function inPost<E extends Element = HTMLElement>(el: Element, selector: string): E {
  const found = el.querySelector<E>(selector);
  if (!found) throw new Error(`no ${selector} in the post`);
  return found;
}
/** Whether the focused element is inside the drawer, through nested shadow roots (a <video-player>'s controls). */
function focusInside(host: Element): boolean {
  let node: Node | null = deepActiveElement();
  while (node) {
    if (node === host) return true;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return false;
}
const loaded = (host: Element) => Number(shadow(host, '.list')?.dataset.count ?? 0);

/** Keeps the test page's address: the drawer asks before every change (tl-navigate). */
function keepAddress(): () => void {
  const stop = (e: Event) => e.preventDefault();
  document.addEventListener('tl-navigate', stop);
  return () => document.removeEventListener('tl-navigate', stop);
}

async function settled(host: Element): Promise<void> {
  await waitFor(
    () => {
      const d = dialog(host);
      return d?.open && d.getAnimations({ subtree: true }).every((a) => a.playState !== 'running') && d.classList.contains('is-shown');
    },
    { message: 'the drawer never settled', timeout: 8000 },
  );
}

/** A page mark plus the drawer; clicks the mark and waits for the first posts. */
async function openFrom(mark: string, host?: Host): Promise<{ host: Host; link: HTMLAnchorElement }> {
  const link = mount<HTMLAnchorElement>(`<a href="/blog/x" id="mark" data-peepr='${mark}'>open</a>`);
  const h = host ?? mount<Host>('<peepr-drawer></peepr-drawer>');
  await h.ready;
  link.focus();
  link.click();
  await waitFor(() => articles(h).length > 0, { message: 'no posts showed', timeout: 8000 });
  await settled(h);
  return { host: h, link };
}

/** A key press on whatever has focus (inside the drawer's shadow root). */
function press(key: string, init: KeyboardEventInit = {}) {
  const target = deepActiveElement() ?? document.body;
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init }));
}

/** Every test: alice signed in, no post or follow marks left from the last test, the address kept. */
function eachTestFresh(): void {
  let restoreAddress: () => void;
  beforeEach(async () => {
    await setupSession('alice');
    $postMarks.set({});
    $following.set({});
    restoreAddress = keepAddress();
  });
  afterEach(() => {
    restoreAddress();
    cleanup();
  });
}

describe('<peepr-drawer>', function () {
  this.timeout(60_000);
  let bobPosts: PostRow[];

  before(async () => {
    await resetServer();
    bobPosts = (await dbRows<PostRow>('posts', { blog_name: 'bob' })).sort((a, b) => b.id - a.id);
  });
  eachTestFresh();

  it('opens from a page mark on its post: a modal sheet, focus inside, axe clean; Escape closes, focus returns to the mark', async () => {
    const first = bobPosts[3]!;
    const opened = waitForEvent<CustomEvent>(document, 'tl-peepr-open');
    const { host, link } = await openFrom(JSON.stringify({ tumblelog: 'bob', postId: String(first.id) }));
    expect((await opened).detail).to.deep.equal({ blogName: 'bob', postId: String(first.id) });
    expect(articles(host)[0]!.dataset.postId).to.equal(String(first.id));
    expect(dialog(host)!.matches(':modal')).to.equal(true);
    await waitFor(() => host.shadowRoot!.contains(deepActiveElement()), { message: 'focus is not inside the drawer' });
    expect(textOf(shadowRequired(host, '[part="header"]'))).to.contain('Bob Builds Things');
    await axeCheck(host);

    const closed = waitForEvent<CustomEvent>(host, 'tl-peepr-close');
    const navigated = waitForEvent<CustomEvent>(document, 'tl-navigate');
    press('Escape');
    // Escape reaches the <dialog> as its cancel event in real browsers; a synthetic key does not, so ask through it.
    dialog(host)!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await closed;
    expect((await navigated).detail.url).to.equal('/dashboard');
    await waitFor(() => dialog(host) === null);
    await waitFor(() => deepActiveElement() === link, { message: 'focus is not back on the mark' });
  });

  it('keeps focus inside: Tab cycles through the drawer and never reaches the page', async () => {
    const { host } = await openFrom('bob');
    const outside = mount<HTMLButtonElement>('<button id="outside">outside</button>');
    for (let i = 0; i < 25; i++) {
      await sendKeys({ press: 'Tab' });
      // Booleans only: chai would walk a DOM node's whole object graph to print a failure.
      expect(deepActiveElement() !== outside && focusInside(host), `Tab ${i + 1} left the drawer`).to.equal(true);
    }
  });

  it('j / k move between posts, . goes back to the top; l likes, r reblogs (stored), s opens the share popover', async () => {
    const { host } = await openFrom('bob');
    press('j');
    await waitFor(() => activeId(host) === articles(host)[0]!.dataset.postId);
    const second = articles(host)[1]!.dataset.postId!;
    press('j');
    await waitFor(() => activeId(host) === second && deepActiveElement() === post(host, second));
    press('k');
    await waitFor(() => activeId(host) === articles(host)[0]!.dataset.postId);
    const target = activeId(host)!;

    const liked = waitForEvent<CustomEvent>(host, 'tl-post-action');
    press('l');
    expect((await liked).detail).to.deep.equal({ action: 'like', postId: target, outcome: 'success' });
    expect(inPost(post(host, target)!, '.action--like').getAttribute('aria-pressed')).to.equal('true');
    expect(await dbRows('likes', { post_id: target })).to.have.length(1);

    const reblogged = waitForEvent<CustomEvent>(host, 'tl-post-action');
    press('r');
    expect((await reblogged).detail).to.deep.equal({ action: 'reblog', postId: target, outcome: 'success' });
    await waitFor(() => textOf(post(host, target)!).includes('Reblogged to alice.'));
    expect(await dbRows('posts', { reblog_of: target, blog_name: 'alice' })).to.have.length(1);
    await axeCheck(host);

    press('s');
    const share = await waitFor(() => shadow(host, 'share-popover'));
    await waitFor(() => share.shadowRoot?.querySelector('[part="popover"]'), { message: 'the share popover never opened', timeout: 8000 });
    // Its options have loaded and taken focus (as a person would see it) before Escape.
    await waitFor(() => share.shadowRoot!.contains(deepActiveElement()), {
      message: 'focus never reached the share options',
      timeout: 8000,
    });

    press('Escape');
    await waitFor(() => !share.shadowRoot?.querySelector('[part="popover"]'));
    press('.');
    await waitFor(() => activeId(host) === undefined && shadowRequired(host, '.scroller').scrollTop === 0);
  });

  it('j brings each post to the top of the list in full: its top edge in view, under the toolbar', async () => {
    const { host } = await openFrom('bob');
    const scroller = shadowRequired<HTMLElement>(host, '.scroller');
    /** The post's top edge from the top of the scroller's view (a post row has 14 px above its card). */
    const fromTop = (id: string) => post(host, id)!.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    for (const index of [0, 1, 2]) {
      press('j');
      await waitFor(() => articles(host).length > index && activeId(host) === articles(host)[index]!.dataset.postId);
      const id = activeId(host)!;
      await waitFor(
        () => {
          const top = fromTop(id);
          if (top < 0 || top > 20) throw new Error(`its top is ${Math.round(top)} px from the list's`);
          return true;
        },
        { message: `post ${index + 1} was not brought to the top, in view` },
      );
    }
  });

  it('Enter opens the blog a reblog came from', async () => {
    const source = bobPosts[0]!;
    const r = await runPostAction('reblog', { reblog_key: source.reblog_key, reblog_post_id: String(source.id), queue: '0', pt: '' });
    expect(r.outcome.event).to.equal('success');
    const { host } = await openFrom('alice');
    press('j');
    await waitFor(() => activeId(host) !== undefined && deepActiveElement() === post(host, activeId(host)!), {
      message: 'the first post never took focus',
    });
    expect(textOf(post(host, activeId(host)!)!)).to.contain('reblogged from');
    const opened = waitForEvent<CustomEvent>(document, 'tl-peepr-open');
    press('Enter');
    expect((await opened).detail).to.deep.equal({ blogName: 'bob' });
    await waitFor(() => textOf(shadowRequired(host, '[part="header"]')).includes('Bob Builds Things'), { timeout: 8000 });
  });

  it('no command while typing in a field (inside the shadow root) or composing with an IME; none with the shortcuts switched off', async () => {
    const { host } = await openFrom('bob');
    const input = shadowRequired<HTMLInputElement>(host, '.search__term');
    input.focus();
    press('j');
    press('l');
    expect(activeId(host)).to.equal(undefined);
    input.blur();
    shadowRequired<HTMLElement>(host, '.scroller').focus?.();
    const keyTarget = articles(host)[0]!;
    keyTarget.focus();
    keyTarget.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', isComposing: true, bubbles: true, composed: true, cancelable: true }));
    keyTarget.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', keyCode: 229, bubbles: true, composed: true, cancelable: true }));
    expect(activeId(host)).to.equal(undefined);

    const toggle = shadowRequired<HTMLInputElement>(host, '.toolbar__keys input');
    toggle.click();
    expect(toggle.checked).to.equal(false);
    keyTarget.focus();
    press('j');
    expect(activeId(host)).to.equal(undefined);
    toggle.click();
    press('j');
    await waitFor(() => activeId(host) !== undefined);
    await axeCheck(host);
  });

  it('shortcuts="off": no switch and no single-key commands', async () => {
    const host = mount<Host>('<peepr-drawer shortcuts="off"></peepr-drawer>');
    await openFrom('bob', host);
    expect(shadow(host, '.toolbar__keys') === null).to.equal(true);
    articles(host)[0]!.focus();
    press('j');
    expect(activeId(host)).to.equal(undefined);
  });

  it('is suspended while a form is open: a mark then opens nothing, and keys do nothing', async () => {
    const host = mount<Host>('<peepr-drawer></peepr-drawer>');
    await host.ready;
    const link = mount<HTMLAnchorElement>(`<a href="/blog/bob" data-peepr="bob">bob</a>`);
    const release = openForm();
    try {
      let prevented = false;
      link.addEventListener('click', (e) => (prevented = e.defaultPrevented), { once: true });
      // The browser would follow the link; the test stops it after the drawer has had its turn.
      document.addEventListener('click', (e) => e.preventDefault(), { once: true });
      link.click();
      await new Promise((r) => requestAnimationFrame(r));
      expect(dialog(host) === null).to.equal(true);
      expect(prevented).to.equal(false);
    } finally {
      release();
    }
    request('tl-peepr-open-request', { blogName: 'bob' });
    await waitFor(() => articles(host).length > 0, { timeout: 8000 });
    const again = openForm();
    try {
      articles(host)[0]!.focus();
      press('j');
      expect(activeId(host)).to.equal(undefined);
    } finally {
      again();
    }
  });

  it('a mark naming nothing opens its link in a new window; malformed attributes open nothing and say why', async () => {
    const host = mount<Host>('<peepr-drawer></peepr-drawer>');
    await host.ready;
    const opened: string[] = [];
    const original = window.open;
    window.open = ((url: string) => {
      opened.push(String(url));
      return null;
    }) as typeof window.open;
    try {
      mount<HTMLAnchorElement>(`<a href="/blog/bob" id="bad" data-peepr='{"tumblelog":"no such/blog"}'>bad</a>`).click();
      expect(opened).to.have.length(1);
      expect(opened[0]).to.match(/\/blog\/bob$/);
      expect(dialog(host) === null).to.equal(true);
    } finally {
      window.open = original;
    }
    const { text, calls } = await captureConsole('warn', async () => {
      const bad = mount<Host>('<peepr-drawer blog-name="../etc" post-id="1"></peepr-drawer>');
      await bad.ready;
    });
    expect(calls, text).to.have.length(1);
    expect(text).to.contain('"blog-name"').and.contain('"../etc"');
  });

  it('the carousel moves photo by photo, peeks past either end, and peeks once on its own when fully in view', async () => {
    const sets = (await dbRows<PostRow>('posts', { type: 'photo' })).filter((p) => (JSON.parse(p.content).photos ?? []).length > 1);
    const set = sets[0]!;
    const count = JSON.parse(set.content).photos.length as number;
    const { host } = await openFrom(JSON.stringify({ tumblelog: set.blog_name, postId: String(set.id) }));
    const carousel = await waitFor(() => shadow(host, '.carousel'));
    carousel.scrollIntoView({ block: 'center' });
    await waitFor(() => carousel.hasAttribute('data-auto-peeked'), { message: 'no auto-peek' });
    const count_ = () => textOf(shadowRequired(host, '.carousel__count'));
    expect(count_()).to.equal(`1 / ${count}`);
    shadowRequired<HTMLButtonElement>(host, '[aria-label="Previous photo"]').click();
    expect(carousel.dataset.peek).to.equal('previous');
    for (let i = 1; i < count; i++) shadowRequired<HTMLButtonElement>(host, '[aria-label="Next photo"]').click();
    await waitFor(() => count_() === `${count} / ${count}`);
    await waitFor(() => carousel.dataset.peek === undefined);
    shadowRequired<HTMLButtonElement>(host, '[aria-label="Next photo"]').click();
    expect(carousel.dataset.peek).to.equal('next');
    expect(count_()).to.equal(`${count} / ${count}`);
    await axeCheck(host);
  });

  it("hides tags beyond about 81 px behind 'see all tags'; a tag searches the blog", async () => {
    const tags = Array.from({ length: 30 }, (_, i) => `long tag number ${i + 1}`);
    await savePost(
      updatePayload(createPost('text', { tumblelog: 'alice', title: 'Many tags', body: 'Tagged a lot.', tags }), { channelId: 'alice' }),
    );
    const { host } = await openFrom('alice');
    const list = await waitFor(() => shadow(host, '.tags__list.is-clamped'), { message: 'tags not clamped' });
    expect(list.getBoundingClientRect().height).to.be.at.most(82);
    // The clipped tags are out of the tab order (inert); the visible ones and 'see all tags' are not.
    const items = Array.from(list.children) as HTMLElement[];
    await waitFor(() => items.some((li) => li.inert), { message: 'no hidden tag is inert' });
    const listBottom = list.getBoundingClientRect().bottom;
    expect(items[0]!.inert).to.equal(false);
    expect(items.every((li) => li.inert === li.getBoundingClientRect().bottom > listBottom + 1)).to.equal(true);
    shadowRequired<HTMLButtonElement>(host, '.tags__more').click();
    await waitFor(() => items.every((li) => !li.inert), { message: 'tags still inert after see all tags' });
    await waitFor(() => !shadow(host, '.tags__list.is-clamped') && shadow(host, '.tags__list')!.getBoundingClientRect().height > 82);
    await axeCheck(host);
    shadowAll<HTMLButtonElement>(host, '.tag')
      .find((b) => b.textContent === '#long tag number 7')!
      .click();
    await waitFor(() => shadowRequired<HTMLInputElement>(host, '.search__term').value === 'long tag number 7');
    await waitFor(() => articles(host).length === 1 && textOf(articles(host)[0]!).includes('Many tags'));
  });
});

describe('<peepr-drawer> search and post actions', function () {
  this.timeout(60_000);
  before(async () => {
    await resetServer();
  });
  eachTestFresh();

  const search = (host: Element, term: string) => {
    const input = shadowRequired<HTMLInputElement>(host, '.search__term');
    typeInto(input, term);
    shadowRequired<HTMLFormElement>(host, 'form.search').requestSubmit();
  };
  const select = (host: Element, label: string, value: string) => {
    const el = shadowAll<HTMLSelectElement>(host, '.search__filters select').find((s) => s.closest('label')!.textContent!.includes(label))!;
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };

  it('search: results for a term, each filter change starts them over, a negative offset ends them, and the no-results message', async () => {
    const { host } = await openFrom('long-archive');
    search(host, 'archive');
    await waitFor(
      () => textOf(shadowRequired(host, '.search__summary')).includes('Posts matching “archive”') && articles(host).length > 0,
      { timeout: 8000 },
    );
    const firstAny = articles(host)
      .map((a) => a.dataset.postId)
      .join();
    select(host, 'Post type', 'PHOTO');
    await waitFor(() => articles(host).length > 0 && articles(host).every((a) => a.classList.contains('post--photo')), { timeout: 8000 });
    select(host, 'Sort', 'POPULARITY_DESC');
    await waitFor(
      () =>
        articles(host).length > 0 &&
        articles(host)
          .map((a) => a.dataset.postId)
          .join() !== firstAny,
      { timeout: 8000 },
    );
    const notes = () => articles(host).map((a) => Number(textOf(inPost(a, '.post__notes')).replace(/\D/g, '')));
    await waitFor(() => notes().every((n, i, all) => i === 0 || all[i - 1]! >= n));
    await axeCheck(host);

    search(host, 'zzqqxx');
    await waitFor(() => textOf(shadowRequired(host, '.search__summary')).includes('No posts found for “zzqqxx”.'));
    expect(articles(host).length).to.equal(0);
    await axeCheck(host);
    shadowAll<HTMLButtonElement>(host, '.search__summary button')[0]!.click();
    await waitFor(() => articles(host).length > 0 && !shadow(host, '.search__summary'));
  });

  it('a failed search keeps its error and Retry: the next-post key and the scroll position do not retry on their own', async () => {
    const { host } = await openFrom('long-archive');
    await injectFault('/svc/search/blog_search/*', 500, 1, { method: 'GET' });
    search(host, 'archive');
    const error = await waitFor(() => shadow(host, '.state--error'), { message: 'no error state' });
    expect(textOf(error.querySelector('p')!)).to.equal('This blog could not be loaded.');
    // j past the last post asks for the next page, and so does a scroll near the bottom (the list
    // emptied by a new search fires one). Neither may start one after a failure: it used to, once
    // the pagination throttle let it, and the error and its Retry went (the fault matrix saw it).
    const scroller = shadowRequired<HTMLElement>(host, '.scroller');
    scroller.dispatchEvent(new Event('scroll'));
    scroller.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, composed: true, cancelable: true }));
    // Proving that nothing happens takes the throttle's time: a page it let through would be on its way by then.
    await new Promise((resolve) => setTimeout(resolve, PEEPR.paginationThrottleMs + 300));
    await nextTick();
    expect(shadow(host, '.state--error'), 'the error stays until Retry').to.equal(error);
    expect(articles(host)).to.have.length(0);
    [...error.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click();
    await waitFor(
      () => textOf(shadowRequired(host, '.search__summary')).includes('Posts matching “archive”') && articles(host).length > 0,
      {
        message: 'no results on Retry',
        timeout: 8000,
      },
    );
  });

  it('the tag type-ahead by keyboard: the list, arrows, Enter chooses and searches, Escape closes only the list', async () => {
    const { host } = await openFrom('long-archive');
    const input = shadowRequired<HTMLInputElement>(host, '.search__term');
    input.focus();
    await sendKeys({ type: 'li' });
    const listbox = await waitFor(
      () => {
        const l = shadow(host, '[role="listbox"]');
        return l && !l.hidden && l.querySelectorAll('[role="option"]').length > 0 ? l : null;
      },
      { message: 'no type-ahead' },
    );
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    expect(listbox.querySelectorAll('[role="option"]').length).to.be.at.most(20);
    await axeCheck(host);
    await sendKeys({ press: 'ArrowDown' });
    const activeOption = await waitFor(() => {
      const id = input.getAttribute('aria-activedescendant');
      return id ? host.shadowRoot!.getElementById(id) : null;
    });
    const chosen = activeOption.textContent!.replace(/^#/, '');
    expect(activeOption.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => input.value === chosen && textOf(shadowRequired(host, '.search__summary')).includes(chosen), { timeout: 8000 });
    expect(input.getAttribute('aria-expanded')).to.equal('false');

    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => input.getAttribute('aria-expanded') === 'true');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => input.getAttribute('aria-expanded') === 'false');
    expect(dialog(host)?.open).to.equal(true);
  });

  for (const [status, event, alert] of [
    [500, 'failure', true],
    [404, 'failure', true],
    [401, 'failure', true],
    [403, 'forbidden', false],
  ] as const) {
    it(`a like answered ${status}: ${alert ? 'the alert and ' : ''}a ${event} event, and the like is taken back`, async () => {
      const { host } = await openFrom('bob');
      const first = articles(host)[0]!;
      const id = first.dataset.postId!;
      await injectFault('/svc/like', status);
      const done = waitForEvent<CustomEvent>(host, 'tl-post-action');
      inPost<HTMLButtonElement>(first, '.action--like').click();
      expect((await done).detail).to.deep.equal({ action: 'like', postId: id, outcome: event });
      await waitFor(() => inPost(post(host, id)!, '.action--like').getAttribute('aria-pressed') === 'false');
      if (alert) {
        const box = await waitFor(() => shadow(host, '.tl-confirm'), { message: 'no alert' });
        expect(textOf(box)).to.contain(POST_ACTION_ALERT.replace(/\s+/g, ' '));
        await axeCheck(host);
        inPost<HTMLButtonElement>(box, 'button').click();
        await waitFor(() => !shadow(host, '.tl-confirm'));
      } else {
        expect(shadow(host, '.tl-confirm') === null).to.equal(true);
        await waitFor(() => textOf(post(host, id)!).includes("That isn't allowed on this post."));
      }
      expect(await dbRows('likes', { post_id: id })).to.have.length(0);
    });
  }

  it('reply and delete (own post, after the confirmation) reach the server; follow is optimistic and reverted on failure', async () => {
    const { host } = await openFrom('bob');
    const first = articles(host)[0]!;
    const id = first.dataset.postId!;
    [...first.querySelectorAll<HTMLButtonElement>('.action')].find((b) => b.textContent === 'Reply')!.click();
    const field = await waitFor(() => shadow<HTMLInputElement>(host, `#reply-${id}`));
    typeInto(field, 'Lovely joinery.');
    const replied = waitForEvent<CustomEvent>(host, 'tl-post-action');
    shadowRequired<HTMLFormElement>(host, '.post__reply').requestSubmit();
    expect((await replied).detail.outcome).to.equal('success');
    expect(await dbRows('replies', { post_id: id })).to.have.length(1);

    const follow = shadowRequired<HTMLButtonElement>(host, '[part="follow"]');
    const wasFollowing = follow.textContent === 'Unfollow';
    // Held for a moment, then 504: the optimistic state shows first, then goes back.
    await injectFault(wasFollowing ? '/svc/unfollow' : '/svc/follow', 'timeout', 1, { hold_ms: 1000 });
    follow.click();
    await waitFor(() => shadowRequired(host, '[part="follow"]').textContent === (wasFollowing ? 'Follow' : 'Unfollow'), {
      message: 'not optimistic',
    });
    await waitFor(
      () =>
        shadowRequired(host, '[part="follow"]').textContent === (wasFollowing ? 'Unfollow' : 'Follow') &&
        !shadowRequired(host, '[part="follow"]').hasAttribute('aria-busy'),
      { message: 'not reverted' },
    );
    const changed = waitForEvent<CustomEvent>(host, 'tl-follow-change');
    shadowRequired<HTMLButtonElement>(host, '[part="follow"]').click();
    expect((await changed).detail).to.deep.equal({ blogName: 'bob', following: !wasFollowing });
    expect(await dbRows('follows', { follower_blog: 'alice', followed_blog: 'bob' })).to.have.length(wasFollowing ? 0 : 1);

    cleanup();
    const own = await openFrom('alice');
    const mine = articles(own.host)[0]!;
    const mineId = mine.dataset.postId!;
    expect(mine.querySelector('.action--like') === null).to.equal(true);
    [...mine.querySelectorAll<HTMLButtonElement>('.action')].find((b) => b.textContent === 'Delete')!.click();
    const confirmBox = await waitFor(() => shadow(own.host, '.tl-confirm'));
    expect(textOf(confirmBox)).to.contain('Delete this post?');
    [...confirmBox.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Delete')!.click();
    await waitFor(() => post(own.host, mineId) === null);
    expect(await dbRows('posts', { id: mineId })).to.have.length(0);
  });

  it("Block from the header's menu: the spec's confirmation, Nevermind keeps things as they are, Block calls block/add and says so", async () => {
    const { host } = await openFrom('tea-ceremony');
    const openMenu = async () => {
      shadowRequired<HTMLButtonElement>(host, '[part="blog-menu"] button, [part="blog-menu"]').click();
      const item = await waitFor(
        () => shadowAll<HTMLElement>(host, '[role="menuitem"]').find((m) => m.textContent === 'Block tea-ceremony'),
        { message: 'no Block item' },
      );
      await axeCheck(host);
      item.click();
      return waitFor(() => shadow(host, '.tl-confirm'), { message: 'no confirmation' });
    };
    let box = await openMenu();
    expect(textOf(box)).to.contain('Are you sure you want to block tea-ceremony from alice?');
    [...box.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Nevermind')!.click();
    await waitFor(() => shadow(host, '.tl-confirm') === null);
    expect(await dbRows('blocks', { blocker_blog: 'alice', blocked_blog: 'tea-ceremony' })).to.have.length(0);

    box = await openMenu();
    const blocked = waitForEvent<CustomEvent>(host, 'tl-block-change');
    [...box.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Block')!.click();
    expect((await blocked).detail).to.deep.equal({ blogName: 'tea-ceremony', blockedBy: 'alice', blocked: true });
    await waitFor(() => textOf(shadowRequired(host, '[part="header"]')).includes('tea-ceremony is blocked.'));
    expect(await dbRows('blocks', { blocker_blog: 'alice', blocked_blog: 'tea-ceremony' })).to.have.length(1);
  });

  it('autopages a long blog: more posts as the list nears its bottom, only the ones in view mounted', async () => {
    const { host } = await openFrom('long-archive');
    const scroller = shadowRequired<HTMLElement>(host, '.scroller');
    while (loaded(host) < 40) {
      const before = loaded(host);
      scroller.scrollTop = scroller.scrollHeight;
      scroller.dispatchEvent(new Event('scroll'));
      await waitFor(() => loaded(host) > before, { message: `no page after ${before} posts`, timeout: 8000 });
    }
    expect(articles(host).length).to.be.below(15);
    await axeCheck(host);
  });

  it('the focused post stays mounted when the list scrolls it away: j and l go on working, focus never falls to <body>', async () => {
    const { host } = await openFrom('long-archive');
    press('j');
    await waitFor(() => activeId(host) === articles(host)[0]!.dataset.postId);
    press('j');
    const [second, third] = articles(host)
      .slice(1, 3)
      .map((a) => a.dataset.postId!);
    await waitFor(() => deepActiveElement() === post(host, second!), { message: 'j did not focus the second post' });

    // Scrolled away (as a wheel or a touch does it: the scroll position, then its event).
    const scroller = shadowRequired<HTMLElement>(host, '.scroller');
    const firstShown = articles(host)[0]!.dataset.postId;
    for (let page = 0; page < 3; page++) {
      scroller.scrollTop = scroller.scrollHeight;
      scroller.dispatchEvent(new Event('scroll'));
      await waitFor(() => articles(host).some((a) => a.dataset.postId !== firstShown && a.getBoundingClientRect().top >= 0), {
        message: 'the list never moved on',
      });
    }
    await waitFor(() => !post(host, firstShown!), { message: 'the first post was not unmounted (is the list virtualised?)' });
    const kept = post(host, second!);
    expect(kept !== null && deepActiveElement() === kept, 'the focused post was unmounted').to.equal(true);
    expect(
      kept!.getBoundingClientRect().bottom <= scroller.getBoundingClientRect().top,
      'the kept post sits at its own place, above',
    ).to.equal(true);
    expect(articles(host).length, 'only the rows in view and the focused one').to.be.below(16);

    // The keys still work: j moves on from the focused post, l likes the new one.
    press('j');
    await waitFor(() => activeId(host) === third && deepActiveElement() === post(host, third!), {
      message: 'j after scrolling did nothing',
    });
    const liked = waitForEvent<CustomEvent>(host, 'tl-post-action');
    press('l');
    expect((await liked).detail).to.include({ action: 'like', postId: third, outcome: 'success' });
    await axeCheck(host);
  });
});
