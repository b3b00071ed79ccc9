/**
 * <share-popover> in each engine against the in-process reference server: the options a post
 * allows, each sub-view (e-mail, Twitter, Facebook, embed code, permalink), the device's share
 * sheet present and absent, copy with the clipboard allowed and refused, keyboard-only use, focus
 * back on the trigger, page triggers marked data-share-post, a failing load with Retry, and sending
 * a post as a message through <messaging-dock>. Shares are read back from the server's `shares`
 * table. The clipboard, the share sheet and window.open are stubbed (they need a person or open
 * windows); everything else is real. Waits on state, never on time.
 */
import { expect } from '@open-wc/testing';
import './index';
import '../messaging-dock/index';
import { resetMessagingState } from '../messaging-dock/state/lifecycle';
import { $session, configure } from '../../src/session/session';
import { savePost } from '../post-composer/api/posts';
import { createPost, updatePayload } from '../post-composer/model/post';
import { SHARE_TEXT } from './model/rules';
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
  stubReducedMotion,
  textOf,
  typeInto,
} from '../../tests/helpers/dom';
import { dbRows, injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../tests/helpers/wait';

type Host = HTMLElement & { ready: Promise<void> };
interface PostRow {
  id: number;
  blog_name: string;
  type: string;
  is_nsfw: number;
}
interface ShareRow {
  network: string;
  post_id: number;
  blog_name: string;
  user_name: string;
  email_address: string | null;
  message: string | null;
  allow_reply_to: number;
  share_fallback: number;
}

const popover = (host: Element) => shadow(host, '[part="popover"]');
const optionNames = (host: Element) => shadowAll(host, '[part~="option"]').map((o) => o.dataset.option);
const option = (host: Element, name: string) => shadowRequired<HTMLButtonElement>(host, `[data-option="${name}"]`);
const sendButton = (host: Element) => shadowAll<HTMLButtonElement>(host, '[part="view"] button').find((b) => b.type === 'submit')!;

async function settled(host: Element): Promise<void> {
  await waitFor(() => {
    const panel = popover(host);
    // WebKit does not list a popover's @starting-style entry transition in getAnimations(): the opacity says it.
    return (
      panel !== null &&
      panel.getAnimations({ subtree: true }).every((a) => a.playState !== 'running') &&
      getComputedStyle(panel).opacity === '1'
    );
  });
}
async function mountFor(post: PostRow, extra = ''): Promise<Host> {
  const host = mount<Host>(`<share-popover post-id="${post.id}" blog-name="${post.blog_name}"${extra}></share-popover>`);
  await host.ready;
  return host;
}
async function openOptions(host: Host): Promise<void> {
  shadowRequired<HTMLButtonElement>(host, '[part="trigger"]').click();
  await waitFor(() => shadow(host, '[part="options"]') ?? shadow(host, '.empty'), { message: 'the options never showed' });
  await settled(host);
}
async function sharesOf(postId: number): Promise<ShareRow[]> {
  return dbRows<ShareRow>('shares', { post_id: postId });
}
function key(el: Element, name: string) {
  el.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true, cancelable: true }));
}

/** Replaces a navigator member for one test (the share sheet, the clipboard). */
function stubNavigator<K extends 'share' | 'canShare' | 'clipboard'>(name: K, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(navigator, name);
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  return () => {
    if (own) Object.defineProperty(navigator, name, own);
    else delete (navigator as unknown as Record<string, unknown>)[name];
  };
}
function stubWindowOpen(): { calls: [string, string, string][]; restore: () => void } {
  const calls: [string, string, string][] = [];
  const original = window.open;
  window.open = ((url: string, target: string, features: string) => {
    calls.push([String(url), String(target), String(features)]);
    return null;
  }) as typeof window.open;
  return { calls, restore: () => void (window.open = original) };
}

describe('<share-popover>', function () {
  this.timeout(60_000);
  let bobPost: PostRow;
  let photoPost: PostRow;
  let nsfwPost: PostRow;
  /** A post no other test opens: its share data is not in the page's cache yet. */
  let freshPost: PostRow;

  before(async () => {
    await resetServer();
    const bob = await dbRows<PostRow>('posts', { blog_name: 'bob' });
    bobPost = bob.find((p) => p.is_nsfw === 0 && p.type !== 'photo')!;
    photoPost = (await dbRows<PostRow>('posts', { type: 'photo', is_nsfw: 0 }))[0]!;
    nsfwPost = (await dbRows<PostRow>('posts', { is_nsfw: 1 }))[0]!;
    freshPost = bob.filter((p) => p.id !== bobPost.id && p.type !== 'photo').at(-1)!;
    expect(bobPost && photoPost && nsfwPost, 'seeded posts').to.be.ok;
  });
  beforeEach(async () => {
    await setupSession('alice');
  });
  afterEach(() => cleanup());

  it('lists the options the post allows, focuses the first, is axe clean; Escape closes and focus returns to the trigger', async () => {
    const host = await mountFor(photoPost);
    const opened = waitForEvent<CustomEvent>(host, 'tl-share-open');
    const trigger = shadowRequired<HTMLButtonElement>(host, '[part="trigger"]');
    trigger.focus();
    await openOptions(host);
    expect((await opened).detail).to.deep.equal({ postId: String(photoPost.id), blogName: photoPost.blog_name, mode: 'share' });
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    // alice can message, the post is a photo (pinnable), not NSFW (embeddable), someone else's (flagging)
    expect(optionNames(host)).to.deep.equal([
      'message',
      'copy-link',
      'email',
      'twitter',
      'facebook',
      'pinterest',
      'reddit',
      'embed',
      'permalink',
      'report',
    ]);
    await waitFor(() => deepActiveElement() === option(host, 'message'), { message: 'focus is not on the first option' });
    await axeCheck(host);

    const closed = waitForEvent(host, 'tl-share-close');
    key(deepActiveElement()!, 'Escape');
    await closed;
    expect(popover(host)).to.equal(null);
    expect(deepActiveElement()).to.equal(trigger);
    expect(trigger.getAttribute('aria-expanded')).to.equal('false');
  });

  it('a press outside closes it; a second press on the trigger closes it too', async () => {
    const host = await mountFor(bobPost);
    await openOptions(host);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await waitFor(() => popover(host) === null, { message: 'an outside press did not close it' });
    await openOptions(host);
    shadowRequired<HTMLButtonElement>(host, '[part="trigger"]').click();
    await waitFor(() => popover(host) === null, { message: 'the trigger did not close it' });
  });

  it('hides what the post or the switches turn off: no pinning without a photo, no embed for NSFW or with the switch off, no reddit with its switch off', async () => {
    let host = await mountFor(bobPost);
    await openOptions(host);
    expect(optionNames(host)).to.not.include('pinterest');
    expect(optionNames(host)).to.include('embed');
    cleanup();

    host = await mountFor(nsfwPost);
    await openOptions(host);
    expect(optionNames(host)).to.not.include('embed');
    cleanup();

    configure({ flags: { ...$session.get().flags, share_embed: false, share_reddit: false } });
    host = await mountFor(bobPost);
    await openOptions(host);
    expect(optionNames(host)).to.not.include('embed');
    expect(optionNames(host)).to.not.include('reddit');
    expect(optionNames(host)).to.include('twitter');
  });

  it('a private post shows no sharing options (and cannot be sent); axe clean', async () => {
    const saved = await savePost(
      updatePayload(createPost('text', { state: 'private', tumblelog: 'alice', title: 'Just for me', body: 'A private note.' }), {
        channelId: 'alice',
      }),
    );
    const host = mount<Host>(`<share-popover post-id="${saved.post.id}" blog-name="alice"></share-popover>`);
    await host.ready;
    await openOptions(host);
    expect(shadowAll(host, '[part~="option"]')).to.have.length(0);
    expect(textOf(shadowRequired(host, '.empty'))).to.equal("This post is private, so it can't be shared.");
    await axeCheck(host);
  });

  it('the device share sheet: "Share via…" where navigator.share and canShare say yes; absent where they do not', async () => {
    const shared: ShareData[] = [];
    const restoreShare = stubNavigator('share', async (data: ShareData) => void shared.push(data));
    const restoreCan = stubNavigator('canShare', (data: ShareData) => typeof data.url === 'string');
    try {
      const host = await mountFor(bobPost);
      await openOptions(host);
      expect(optionNames(host)[1]).to.equal('native');
      expect(textOf(option(host, 'native'))).to.contain('Share via…');
      await axeCheck(host);
      const done = waitForEvent<CustomEvent>(host, 'tl-share');
      option(host, 'native').click();
      expect((await done).detail.network).to.equal('native');
      expect(shared).to.have.length(1);
      expect(shared[0]!.url).to.match(new RegExp(`/post/${bobPost.id}`));
      await waitFor(() => popover(host) === null, { message: 'the popover stayed open after the share sheet' });
      cleanup();

      // The person closes the sheet: nothing is announced and the popover stays.
      (navigator as unknown as { share: () => Promise<void> }).share = () => Promise.reject(new DOMException('cancelled', 'AbortError'));
      const again = await mountFor(bobPost);
      await openOptions(again);
      option(again, 'native').click();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(popover(again)).to.not.equal(null);
    } finally {
      restoreShare();
      restoreCan();
    }
    cleanup();
    const restoreAbsent = stubNavigator('share', undefined);
    try {
      const host = await mountFor(bobPost);
      await openOptions(host);
      expect(optionNames(host)).to.not.include('native');
    } finally {
      restoreAbsent();
    }
  });

  it('Copy link: "Copied", shown and announced, with the clipboard allowed; the link selected for Ctrl+C where it is refused', async () => {
    const written: string[] = [];
    let restore = stubNavigator('clipboard', { writeText: async (text: string) => void written.push(text) });
    try {
      const host = await mountFor(bobPost);
      await openOptions(host);
      option(host, 'copy-link').click();
      await waitFor(() => textOf(shadowRequired(host, '.panel > [role="status"]')) === 'Copied', { message: 'no "Copied"' });
      expect(textOf(option(host, 'copy-link'))).to.contain('Copied');
      expect(written).to.have.length(1);
      expect(written[0]).to.match(new RegExp(`/post/${bobPost.id}`));
      await axeCheck(host);
    } finally {
      restore();
    }
    cleanup();
    restore = stubNavigator('clipboard', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    try {
      const host = await mountFor(bobPost);
      await openOptions(host);
      option(host, 'copy-link').click();
      const field = await waitFor(() => shadow<HTMLInputElement>(host, '.copy--inline input'), { message: 'no field to copy from' });
      expect(field.value).to.match(new RegExp(`/post/${bobPost.id}`));
      await waitFor(() => field.selectionStart === 0 && field.selectionEnd === field.value.length, { message: 'the link is not selected' });
      expect(textOf(shadowRequired(host, '.copy--inline'))).to.match(/Press (Ctrl\+C|⌘C) to copy the link/);
      await axeCheck(host);
    } finally {
      restore();
    }
  });

  it('e-mail: Send stays disabled until the address is valid; Cancel clears a typed address, then goes back; "Sent!", recorded, then it fades out and closes', async () => {
    const host = await mountFor(bobPost);
    await openOptions(host);
    option(host, 'email').click();
    const address = await waitFor(() => shadow<HTMLInputElement>(host, 'input[type="email"]'));
    await waitFor(() => deepActiveElement() === address);
    expect(address.maxLength).to.equal(100);
    expect(shadowRequired<HTMLTextAreaElement>(host, '[part="view"] textarea').maxLength).to.equal(255);
    expect(sendButton(host).disabled).to.equal(true);
    typeInto(address, 'not-an-address');
    await waitFor(() => shadow(host, '.field__error'));
    expect(sendButton(host).disabled).to.equal(true);
    expect(address.getAttribute('aria-invalid')).to.equal('true');
    await axeCheck(host);

    // Cancel: the typed address first, then back to the options (focus on E-mail again).
    const cancel = shadowAll<HTMLButtonElement>(host, '[part="view"] button').find((b) => textOf(b) === 'Cancel')!;
    cancel.click();
    await waitFor(() => address.value === '');
    expect(shadow(host, '[part="view"]')).to.not.equal(null);
    cancel.click();
    await waitFor(() => shadow(host, '[part="options"]'));
    await waitFor(() => deepActiveElement() === option(host, 'email'), { message: 'focus did not return to E-mail' });

    option(host, 'email').click();
    const address2 = await waitFor(() => shadow<HTMLInputElement>(host, 'input[type="email"]'));
    typeInto(address2, 'friend@example.com');
    typeInto(shadowRequired<HTMLTextAreaElement>(host, '[part="view"] textarea'), 'You will like this.');
    const replyTo = shadowRequired<HTMLInputElement>(host, '.switch input');
    replyTo.click(); // off (remembered in the preference cookie)
    await waitFor(() => !sendButton(host).disabled);
    const shared = waitForEvent<CustomEvent>(host, 'tl-share');
    sendButton(host).click();
    await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.sent, { message: 'no "Sent!"' });
    expect((await shared).detail.network).to.equal('email');
    const rows = await sharesOf(bobPost.id);
    expect(rows.map((r) => [r.network, r.email_address, r.message, r.allow_reply_to, r.user_name])).to.deep.equal([
      ['email', 'friend@example.com', 'You will like this.', 0, 'alice'],
    ]);
    expect(document.cookie).to.contain('tl_share_pref=');
    // 1250 ms, then a 150 ms fade, then closed; focus on the trigger
    await waitFor(() => popover(host) === null, { timeout: 5000, message: 'it did not close after "Sent!"' });
    expect(deepActiveElement()).to.equal(shadowRequired(host, '[part="trigger"]'));
    // the switch is remembered
    await openOptions(host);
    option(host, 'email').click();
    await waitFor(() => shadow(host, '.switch input'));
    expect(shadowRequired<HTMLInputElement>(host, '.switch input').checked).to.equal(false);
    shadowRequired<HTMLInputElement>(host, '.switch input').click(); // back on for the next tests
  });

  it('e-mail: a failed send shows "Error!" and enables Send again, keeping what was typed; the next try is "Sent!"', async () => {
    await injectFault('/svc/share/email', 500);
    const host = await mountFor(bobPost);
    await openOptions(host);
    option(host, 'email').click();
    const address = await waitFor(() => shadow<HTMLInputElement>(host, 'input[type="email"]'));
    typeInto(address, 'again@example.com');
    await waitFor(() => !sendButton(host).disabled);
    sendButton(host).click();
    await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.failed, { message: 'no "Error!"' });
    expect(sendButton(host).disabled).to.equal(false);
    expect(address.value).to.equal('again@example.com');
    await axeCheck(host);
    sendButton(host).click();
    await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.sent, { message: 'no "Sent!" on the second try' });
    // Escape after a success closes at once
    key(address, 'Escape');
    await waitFor(() => popover(host) === null);
  });

  it('Twitter with a linked account: the counter ([URL] counts 24), a warning under 10, invalid with all 140 left; Escape goes back', async () => {
    const host = await mountFor(bobPost);
    await openOptions(host);
    option(host, 'twitter').click();
    const box = await waitFor(() => shadow<HTMLTextAreaElement>(host, '[part="view"] textarea'));
    expect(textOf(shadowRequired(host, '.view__title'))).to.equal('Tweet as @alice_tl');
    expect(box.value).to.equal('[URL]');
    const counter = () => shadowRequired(host, '.counter');
    expect(textOf(counter())).to.match(/^116/);
    expect(sendButton(host).disabled).to.equal(false);
    await axeCheck(host);
    typeInto(box, '');
    await waitFor(() => textOf(counter()).startsWith('140'));
    expect(sendButton(host).disabled, 'exactly 140 left is invalid').to.equal(true);
    typeInto(box, `${'x'.repeat(110)} [URL]`); // 110 + 1 + 24 = 135 → 5 left
    await waitFor(() => textOf(counter()).startsWith('5'));
    expect(counter().classList.contains('is-warning')).to.equal(true);
    expect(sendButton(host).disabled).to.equal(false);
    typeInto(box, 'x'.repeat(141));
    await waitFor(() => textOf(counter()).startsWith('-1'));
    expect(sendButton(host).disabled).to.equal(true);
    typeInto(box, 'Worth a look [URL]');
    await waitFor(() => !sendButton(host).disabled);
    sendButton(host).click();
    await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.sent);
    const rows = await sharesOf(bobPost.id);
    expect(rows.some((r) => r.network === 'twitter' && r.message === 'Worth a look [URL]' && r.share_fallback === 0)).to.equal(true);
    cleanup();

    const again = await mountFor(bobPost);
    await openOptions(again);
    option(again, 'twitter').click();
    const box2 = await waitFor(() => shadow<HTMLTextAreaElement>(again, '[part="view"] textarea'));
    key(box2, 'Escape');
    await waitFor(() => shadow(again, '[part="options"]'));
    expect(popover(again)).to.not.equal(null);
  });

  it("without linked accounts (bob): Twitter, Facebook and Reddit open their popups at the spec's sizes and are recorded as fallback shares", async () => {
    await setupSession('bob');
    const windows = stubWindowOpen();
    try {
      for (const [network, size] of [
        ['twitter', 'width=550,height=420'],
        ['facebook', 'width=626,height=436'],
        ['reddit', 'width=860,height=600'],
      ] as const) {
        const host = await mountFor(photoPost);
        await openOptions(host);
        const shared = waitForEvent<CustomEvent>(host, 'tl-share');
        option(host, network).click();
        expect((await shared).detail.network).to.equal(network);
        await waitFor(() => popover(host) === null);
        cleanup();
        const [url, , features] = windows.calls.at(-1)!;
        expect(url).to.contain(`/__demo/share-window/${network}`);
        expect(features).to.contain(size);
        expect(features).to.contain('noopener');
      }
      const host = await mountFor(photoPost);
      await openOptions(host);
      option(host, 'pinterest').click();
      await waitFor(() => popover(host) === null);
      expect(windows.calls.at(-1)![2]).to.contain('width=750,height=550');
      await waitFor(
        async () => (await sharesOf(photoPost.id)).filter((r) => r.user_name === 'bob' && r.share_fallback === 1).length === 4,
        { message: 'the four popup shares were not all recorded' },
      );
    } finally {
      windows.restore();
    }
  });

  it('Facebook with a linked account (found through facebook_status): a message of at most 255, posted', async () => {
    const host = await mountFor(bobPost);
    await openOptions(host);
    option(host, 'facebook').click();
    const box = await waitFor(() => shadow<HTMLTextAreaElement>(host, '[part="view"] textarea'));
    expect(textOf(shadowRequired(host, '.view__title'))).to.equal('Post to Facebook as Alice Liddell');
    await axeCheck(host);
    typeInto(box, 'y'.repeat(256));
    await waitFor(() => sendButton(host).disabled);
    typeInto(box, 'A good one.');
    await waitFor(() => !sendButton(host).disabled);
    sendButton(host).click();
    await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.sent);
    expect((await sharesOf(bobPost.id)).some((r) => r.network === 'facebook' && r.message === 'A good one.')).to.equal(true);
  });

  it('embed code and permalink: each a view with Copy; axe clean', async () => {
    const written: string[] = [];
    const restore = stubNavigator('clipboard', { writeText: async (text: string) => void written.push(text) });
    try {
      const host = await mountFor(bobPost);
      await openOptions(host);
      option(host, 'embed').click();
      const code = await waitFor(() => shadow<HTMLTextAreaElement>(host, '.copy textarea'));
      expect(code.value).to.contain(`/embed/post/${bobPost.blog_name}/${bobPost.id}`);
      await axeCheck(host);
      shadowAll<HTMLButtonElement>(host, '.copy button')[0]!.click();
      await waitFor(() => textOf(shadowRequired(host, '.copy__note')) === 'Copied');
      expect(written.at(-1)).to.equal(code.value);
      key(code, 'Escape');
      await waitFor(() => shadow(host, '[part="options"]'));

      option(host, 'permalink').click();
      const link = await waitFor(() => shadow<HTMLInputElement>(host, '.copy input'));
      expect(link.value).to.match(new RegExp(`/post/${bobPost.id}`));
      await axeCheck(host);
      shadowAll<HTMLButtonElement>(host, '.copy button')[0]!.click();
      await waitFor(() => written.at(-1) === link.value);
    } finally {
      restore();
    }
  });

  it('logged out: e-mail is a mailto link, no "Send as a message", the reporting link shows', async () => {
    await setupSession('anonymous');
    const host = await mountFor(bobPost);
    await openOptions(host);
    expect(optionNames(host)).to.not.include('message');
    const email = option(host, 'email') as unknown as HTMLAnchorElement;
    expect(email.tagName).to.equal('A');
    expect(email.href).to.match(/^mailto:\?subject=/);
    expect(decodeURIComponent(email.href)).to.contain(`/post/${bobPost.id}`);
    expect(optionNames(host)).to.include('report');
    await axeCheck(host);
  });

  it('a blog share (post id "blog"): copy link, e-mail, permalink and report, no "Send as a message"; e-mail goes by form to /svc/email_tumblelog, logged out too; axe clean', async () => {
    const blogShares = () => dbRows<ShareRow>('shares', { network: 'blog-email', blog_name: 'bob' });
    const emailBlog = async (host: Host, address: string, message: string) => {
      option(host, 'email').click();
      typeInto(await waitFor(() => shadow<HTMLInputElement>(host, 'input[type="email"]')), address);
      typeInto(shadowRequired<HTMLTextAreaElement>(host, '[part="view"] textarea'), message);
      await waitFor(() => !sendButton(host).disabled);
      await axeCheck(host);
      const shared = waitForEvent<CustomEvent>(host, 'tl-share');
      sendButton(host).click();
      await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.sent, { message: 'no "Sent!"' });
      expect((await shared).detail).to.deep.equal({ network: 'email', postId: 'blog', blogName: 'bob' });
      await axeCheck(host);
      await waitFor(() => popover(host) === null, { timeout: 5000, message: 'it did not close after "Sent!"' });
    };
    const mountBlogShare = async () => {
      const host = mount<Host>('<share-popover post-id="blog" blog-name="bob"></share-popover>');
      await host.ready;
      await openOptions(host);
      return host;
    };

    const host = await mountBlogShare();
    // Sharing the blog: its address, by e-mail or copied; the networks' share calls are a post's.
    expect(optionNames(host).filter((o) => o !== 'native')).to.deep.equal(['copy-link', 'email', 'permalink', 'report']);
    await axeCheck(host);
    await emailBlog(host, 'pal@example.com', 'Follow bob.');
    expect((await blogShares()).map((r) => [r.post_id, r.email_address, r.message, r.user_name])).to.deep.equal([
      [null, 'pal@example.com', 'Follow bob.', 'alice'],
    ]);

    // Logged out, a blog share is still e-mailed by form (spec §6), without the reply-to switch.
    await cleanup();
    await setupSession('anonymous');
    const anonymous = await mountBlogShare();
    expect(option(anonymous, 'email').tagName).to.equal('BUTTON');
    option(anonymous, 'email').click();
    await waitFor(() => shadow(anonymous, 'input[type="email"]'));
    expect(shadow(anonymous, '.switch input')).to.equal(null);
    shadowAll<HTMLButtonElement>(anonymous, '[part="view"] button')
      .find((b) => textOf(b) === 'Cancel')!
      .click();
    await waitFor(() => shadow(anonymous, '[part="options"]'));
    await emailBlog(anonymous, 'other@example.com', '');
    expect((await blogShares()).map((r) => [r.email_address, r.user_name, r.allow_reply_to])).to.deep.equal([
      ['pal@example.com', 'alice', 1],
      ['other@example.com', 'anonymous', 0],
    ]);
  });

  it('keyboard only: open with Enter, arrows between options, a sub-view and back with Escape, close with Escape, focus on the trigger', async () => {
    const host = await mountFor(bobPost);
    const trigger = shadowRequired<HTMLButtonElement>(host, '[part="trigger"]');
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => shadow(host, '[part="options"]'));
    await waitFor(() => deepActiveElement() === option(host, 'message'));
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => deepActiveElement() === option(host, 'copy-link'));
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => deepActiveElement() === option(host, 'email'));
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    const address = await waitFor(() => shadow<HTMLInputElement>(host, 'input[type="email"]'));
    await waitFor(() => deepActiveElement() === address);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => deepActiveElement() === option(host, 'email'), { message: 'Escape did not go back to the options' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => popover(host) === null);
    expect(deepActiveElement()).to.equal(trigger);
  });

  it('serves page elements marked data-share-post (anchored to them, focus back to them); a malformed mark opens nothing and says why', async () => {
    const page = mount<HTMLDivElement>(
      `<div><button type="button" id="s1" data-share-post="${bobPost.id}" data-share-blog="${bobPost.blog_name}">Share</button>` +
        `<button type="button" id="s2" data-share-post="nope" data-share-blog="bob">Broken</button><share-popover></share-popover></div>`,
    );
    const host = page.querySelector('share-popover') as Host;
    await host.ready;
    const button = page.querySelector<HTMLButtonElement>('#s1')!;
    button.focus();
    button.click();
    await waitFor(() => shadow(host, '[part="options"]'));
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    await settled(host);
    const panel = popover(host)!.getBoundingClientRect();
    expect(panel.left).to.be.at.least(10);
    expect(panel.right).to.be.at.most(window.innerWidth - 10);
    key(option(host, 'email'), 'Escape');
    await waitFor(() => popover(host) === null);
    expect(document.activeElement).to.equal(button);

    const { calls } = await captureConsole('error', async () => {
      page.querySelector<HTMLButtonElement>('#s2')!.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(popover(host)).to.equal(null);
    expect(calls.length).to.equal(1);
  });

  it('the share data failing: "Something went screwy." with Retry ("Retrying..."), then the options', async () => {
    await injectFault(`/svc/post/share/${freshPost.blog_name}/${freshPost.id}`, 500, 1);
    const host = await mountFor(freshPost);
    shadowRequired<HTMLButtonElement>(host, '[part="trigger"]').click();
    const error = await waitFor(() => shadow(host, '[part="error"]'), { message: 'no error state' });
    expect(textOf(error)).to.contain(SHARE_TEXT.screwy);
    await settled(host);
    await axeCheck(host);
    // A timeout fault answers 504 after hold_ms: the retry's load lasts long enough to be seen.
    await injectFault(`/svc/post/share/${freshPost.blog_name}/${freshPost.id}`, 'timeout', 1, { hold_ms: 400 });
    error.querySelector('button')!.click();
    await waitFor(() => shadowAll(host, '[part="error"] button').some((b) => textOf(b) === 'Retrying...'), { message: 'no "Retrying..."' });
    await waitFor(() => shadow(host, '[part="error"] button:not([disabled])'));
    shadowRequired<HTMLButtonElement>(host, '[part="error"] button').click();
    await waitFor(() => shadow(host, '[part="options"]'), { message: 'the options never came' });
  });
});

function clearMessagingStorage(): void {
  for (const k of Object.keys(localStorage)) if (k.startsWith('messaging:')) localStorage.removeItem(k);
}
interface MessageRow {
  conversation_id: string;
  sender_blog: string;
  type: string;
  text: string | null;
  post_id: number | null;
  context: string | null;
}

describe('<share-popover> sending a post as a message', function () {
  this.timeout(60_000);
  let bobPost: PostRow;

  before(async () => {
    await resetServer();
    bobPost = (await dbRows<PostRow>('posts', { blog_name: 'bob' })).find((p) => p.is_nsfw === 0)!;
  });
  beforeEach(async () => {
    clearMessagingStorage();
    resetMessagingState();
    await setupSession('alice');
  });
  afterEach(async () => {
    await cleanup();
    resetMessagingState();
    clearMessagingStorage();
  });

  async function openSend(host: Host): Promise<HTMLInputElement> {
    shadowRequired<HTMLButtonElement>(host, '[part="trigger"]').click();
    const input = await waitFor(() => shadow<HTMLInputElement>(host, '[part="recipient-input"]'), { message: 'no "Message to..." box' });
    await settled(host);
    return input;
  }
  async function pick(host: Host, input: HTMLInputElement, name: string): Promise<void> {
    typeInto(input, name);
    const row = await waitFor(() => shadowAll(host, '[role="option"]').find((o) => textOf(o.querySelector('.tl-picker__name')!) === name), {
      message: `no ${name} in the results`,
    });
    row.click();
    await waitFor(() => shadow(host, '[part="message"]'));
  }

  it('"Message to..." with favourites and the networks; a recipient shows the message box and hides the networks, removing it reverses that; axe clean', async () => {
    const host = await mountFor(bobPost, ' mode="message"');
    const input = await openSend(host);
    expect(input.placeholder).to.equal('Message to...');
    await waitFor(() => deepActiveElement() === input);
    await waitFor(() => shadowAll(host, '[role="option"]').length > 0, { message: 'no favourites' });
    expect(shadow(host, '[part="networks"]')).to.not.equal(null);
    await axeCheck(host);
    await pick(host, input, 'bob');
    expect(shadow(host, '[part="networks"]')).to.equal(null);
    expect(textOf(shadowRequired(host, '.chip'))).to.contain('bob');
    await axeCheck(host);
    shadowRequired<HTMLButtonElement>(host, '.chip__remove').click();
    await waitFor(() => shadow(host, '[part="networks"]') && shadow(host, '[part="recipient-input"]'));
    expect(shadow(host, '[part="message"]')).to.equal(null);
  });

  it('permalink, embed and report always show; with external sharing off the networks row goes and they stay (spec §6)', async () => {
    let host = await mountFor(bobPost, ' mode="message"');
    const input = await openSend(host);
    const extras = () => shadowAll(host, '[part="extras"] [data-extra]').map((e) => e.getAttribute('data-extra'));
    expect(extras()).to.deep.equal(['permalink', 'embed', 'report']);
    expect(shadowRequired<HTMLAnchorElement>(host, '[data-extra="report"]').href).to.match(/^https?:/);
    await pick(host, input, 'bob');
    expect(extras(), 'still there with a recipient').to.deep.equal(['permalink', 'embed', 'report']);
    // Embed opens its view; Back returns to the send view, focus on Embed.
    shadowRequired<HTMLButtonElement>(host, '[data-extra="embed"]').click();
    const code = await waitFor(() => shadow<HTMLTextAreaElement>(host, '[part="view"] textarea'), { message: 'no embed view' });
    expect(code.value).to.contain('<');
    await axeCheck(host);
    shadowAll<HTMLButtonElement>(host, '[part="view"] button')
      .find((b) => textOf(b) === 'Back')!
      .click();
    await waitFor(() => deepActiveElement() === shadow(host, '[data-extra="embed"]'), { message: 'focus did not return to Embed' });
    cleanup();

    configure({ config: { ...$session.get().config, messaging_external_sharing: false } });
    host = await mountFor(bobPost, ' mode="message"');
    await openSend(host);
    expect(shadow(host, '[part="networks"]')).to.equal(null);
    expect(extras()).to.deep.equal(['permalink', 'embed', 'report']);
    await axeCheck(host);
  });

  it("sends the post and the message through the dock's send queue, opens the conversation there, and closes", async () => {
    const dock = mount<Host>('<messaging-dock></messaging-dock>');
    await dock.ready;
    const host = mount<Host>(`<share-popover post-id="${bobPost.id}" blog-name="${bobPost.blog_name}" mode="message"></share-popover>`);
    await host.ready;
    const input = await openSend(host);
    await pick(host, input, 'bob');
    const text = shadowRequired<HTMLTextAreaElement>(host, '[part="message"]');
    await waitFor(() => deepActiveElement() === text);
    typeInto(text, 'This one is for you');
    const shared = waitForEvent<CustomEvent>(host, 'tl-share');
    shadowAll<HTMLButtonElement>(host, '.send__form button')
      .find((b) => b.type === 'submit')!
      .click();
    expect((await shared).detail.network).to.equal('message');
    await waitFor(() => popover(host) === null, { message: 'the popover stayed open' });
    const win = await waitFor(() => shadow(dock, '[part="window"]'), { message: 'no conversation window in the dock' });
    expect(textOf(win.querySelector('.window__title')!)).to.contain('bob');
    const rows = await waitFor(
      async () => {
        const all = await dbRows<MessageRow>('messages', { sender_blog: 'alice' });
        const mine = all.filter((m) => m.post_id === bobPost.id || m.text === 'This one is for you');
        return mine.length === 2 ? mine : null;
      },
      { timeout: 15_000, message: 'the two messages never reached the server' },
    );
    expect(rows.map((r) => r.type)).to.deep.equal(['POSTREF', 'TEXT']);
    expect(rows[0]!.conversation_id).to.equal(rows[1]!.conversation_id);
    expect(rows[0]!.context).to.equal('post-chrome:share');
  });

  it('closing with a typed message asks "Close without sending?": Cancel keeps it, OK closes', async () => {
    const host = await mountFor(bobPost, ' mode="message"');
    const input = await openSend(host);
    await pick(host, input, 'bob');
    typeInto(shadowRequired<HTMLTextAreaElement>(host, '[part="message"]'), 'half a thought');
    key(shadowRequired(host, '[part="message"]'), 'Escape');
    const dialog = await waitFor(() => shadow<HTMLDialogElement>(host, 'dialog[open]'), { message: 'no confirm' });
    expect(textOf(dialog)).to.contain(SHARE_TEXT.closeWithoutSending);
    await axeCheck(host);
    [...dialog.querySelectorAll('button')].find((b) => textOf(b) === 'Cancel')!.click();
    await waitFor(() => shadow(host, 'dialog[open]') === null);
    expect(shadowRequired<HTMLTextAreaElement>(host, '[part="message"]').value).to.equal('half a thought');
    expect(popover(host)).to.not.equal(null);
    key(shadowRequired(host, '[part="message"]'), 'Escape');
    const again = await waitFor(() => shadow<HTMLDialogElement>(host, 'dialog[open]'));
    [...again.querySelectorAll('button')].find((b) => textOf(b) === 'OK')!.click();
    await waitFor(() => popover(host) === null, { message: 'OK did not close it' });
  });

  it('an external share from the networks row: "Post shared!" with confetti, then it closes by itself (3000 ms)', async () => {
    const windows = stubWindowOpen();
    try {
      const host = await mountFor(bobPost, ' mode="message"');
      await openSend(host);
      const reddit = shadowAll<HTMLButtonElement>(host, '[part="networks"] button').find((b) => textOf(b) === 'Reddit')!;
      reddit.click();
      await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.shared, { message: 'no "Post shared!"' });
      // The close is timed from the share's success, not from the end of the checks below.
      const start = performance.now();
      expect(shadow(host, '.tl-confetti')).to.not.equal(null);
      expect(windows.calls.at(-1)![2]).to.contain('width=860,height=600');
      await axeCheck(host);
      await waitFor(() => popover(host) === null, { timeout: 8000, message: 'it did not close after the share' });
      expect(performance.now() - start).to.be.at.least(2000);
    } finally {
      windows.restore();
    }
  });

  it('under reduced motion the external share has no confetti (and no fade), and still closes by itself', async () => {
    const windows = stubWindowOpen();
    const restoreMotion = stubReducedMotion();
    try {
      const host = await mountFor(bobPost, ' mode="message"');
      await openSend(host);
      shadowAll<HTMLButtonElement>(host, '[part="networks"] button')
        .find((b) => textOf(b) === 'Pinterest' || textOf(b) === 'Reddit')!
        .click();
      await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.shared);
      const confetti = shadow(host, '.tl-confetti');
      expect(confetti === null || confetti.childElementCount === 0, 'confetti pieces under reduced motion').to.equal(true);
      await waitFor(() => popover(host) === null, { timeout: 8000 });
    } finally {
      restoreMotion();
      windows.restore();
    }
  });

  it('e-mail from the networks row follows this popover\'s rules: the stricter address pattern, "Sending...", "Something went screwy." then "Post shared!"', async () => {
    const host = await mountFor(bobPost, ' mode="message"');
    await openSend(host);
    shadowAll<HTMLButtonElement>(host, '[part="networks"] button')
      .find((b) => textOf(b) === 'E-mail')!
      .click();
    const address = await waitFor(() => shadow<HTMLInputElement>(host, 'input[type="email"]'));
    typeInto(address, 'a@b.c'); // one-letter ending: fine for the post popover, not for this one
    await waitFor(() => shadow(host, '.field__error'));
    expect(sendButton(host).disabled).to.equal(true);
    typeInto(address, 'pal@example.org');
    await waitFor(() => !sendButton(host).disabled);
    await injectFault('/svc/share/email', 'timeout', 1, { hold_ms: 400 });
    sendButton(host).click();
    await waitFor(() => textOf(sendButton(host)) === SHARE_TEXT.sending, { message: 'no "Sending..."' });
    await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.screwy);
    sendButton(host).click();
    await waitFor(() => textOf(shadowRequired(host, '[part="status"]')) === SHARE_TEXT.shared);
    expect((await sharesOf(bobPost.id)).some((r) => r.email_address === 'pal@example.org')).to.equal(true);
  });
});
