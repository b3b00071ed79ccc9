/**
 * Focus never falls out (#24): while a popover, dialog or drawer of ours is open, the focus is
 * never on <body> — sampled at every focus change and every frame through each flow (open, act,
 * scroll, close) — and on close it returns to what opened it. Real keys (sendKeys) where the
 * browser's own handling is part of the flow: Escape on a modal <dialog>, Tab.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/activity-popover/index';
import '../../elements/ask-form/index';
import '../../elements/blog-card/index';
import '../../elements/gif-search/index';
import '../../elements/peepr-drawer/index';
import '../../elements/share-popover/index';
import '../../elements/video-player/index';
import '../../elements/blog-header/index';
import '../../elements/fast-compose/index';
import '../../elements/post-composer/index';
import '../../elements/messaging-dock/index';
import { dockGone, freshDock, part, rows, windows } from '../../elements/messaging-dock/dock.test-helpers';
import { closeComposer } from '../stores/composer';
import { cleanup, deepActiveElement, mount, shadow, shadowAll, typeInto } from '../../tests/helpers/dom';
import { dbRows, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

type Host = HTMLElement & { ready: Promise<void> };

/** Records every moment the focus sat on <body> (or nowhere) while `isOpen()` said ours was open. */
function watchFocus(isOpen: () => boolean): { falls: string[]; stop: () => void; step: (name: string) => void } {
  const falls: string[] = [];
  let running = true;
  let frame = 0;
  /** The step of the flow now running, named in each fall (one fall per step is enough to say where). */
  let current = 'opening';
  const check = (when: string) => {
    const active = document.activeElement;
    if (isOpen() && (active === null || active === document.body) && !falls.some((f) => f.startsWith(`${current}:`)))
      falls.push(`${current}: ${when}`);
  };
  // focusout's relatedTarget null is the browser saying the focus is going nowhere.
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget === null) queueMicrotask(() => check('after a focusout'));
  };
  const tick = () => {
    if (!running) return;
    check('at a frame');
    frame = requestAnimationFrame(tick);
  };
  document.addEventListener('focusout', onFocusOut, true);
  frame = requestAnimationFrame(tick);
  return {
    falls,
    step(name: string) {
      current = name;
    },
    stop() {
      running = false;
      cancelAnimationFrame(frame);
      document.removeEventListener('focusout', onFocusOut, true);
    },
  };
}

const frames = (n = 2) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
    step(n);
  });

/** Escape (a real key) closes what is open; the focus goes back to what opened it; it never fell. */
async function escapeCloses(watch: ReturnType<typeof watchFocus>, isClosed: () => boolean, opener: Element, what: string) {
  await sendKeys({ press: 'Escape' });
  await waitFor(isClosed, { message: `Escape did not close ${what}` });
  await waitFor(() => deepActiveElement() === opener, { message: `the focus did not return to what opened ${what}` });
  watch.stop();
  expect(watch.falls, watch.falls.join(', ')).to.deep.equal([]);
}

/**
 * Mounts `html`, starts watching the focus while `openSelector` is in its shadow root, and opens it
 * from its trigger with the keyboard (focus, Enter). `close` is Escape and the checks after it.
 */
async function openByKeyboard(html: string, triggerSelector: string, openSelector: string, what: string) {
  const host = mount<Host>(html);
  await host.ready;
  const trigger = await waitFor(() => shadow<HTMLButtonElement>(host, triggerSelector));
  const watch = watchFocus(() => Boolean(shadow(host, openSelector)));
  trigger.focus();
  await sendKeys({ press: 'Enter' });
  return { host, close: () => escapeCloses(watch, () => !shadow(host, openSelector), trigger, what) };
}

describe('focus never falls to <body> while ours is open, and returns on close', function () {
  this.timeout(60_000);
  let bobPost = '';
  before(async () => {
    await resetServer();
    bobPost = String((await dbRows<{ id: number }>('posts', { blog_name: 'bob' }))[0]!.id);
  });
  beforeEach(() => setupSession('alice'));
  afterEach(() => cleanup());

  it('<ask-form>: open, type, Escape', async () => {
    const { host, close } = await openByKeyboard('<ask-form blog-name="bob"></ask-form>', '[part="trigger"]', 'dialog[open]', 'the form');
    const box = await waitFor(() => shadow<HTMLTextAreaElement>(host, 'dialog textarea'));
    await waitFor(() => deepActiveElement() === box, { message: 'the question box did not take the focus' });
    await sendKeys({ type: 'Why wood?' });
    await frames();
    await close();
  });

  it('<gif-search>: open, search, scroll the results, Escape', async () => {
    const { host, close } = await openByKeyboard('<gif-search></gif-search>', '[part="trigger"]', '.gif', 'the search');
    const box = await waitFor(() => shadow<HTMLInputElement>(host, 'input[role="combobox"]'));
    await waitFor(() => deepActiveElement() === box);
    typeInto(box, 'cat');
    await waitFor(() => shadowAll(host, '[role="gridcell"]').length > 0, { message: 'no results', timeout: 8000 });
    const scroller = shadow<HTMLElement>(host, '[part="results"]')!;
    scroller.scrollTop = scroller.scrollHeight;
    scroller.dispatchEvent(new Event('scroll'));
    await frames(4);
    await close();
  });

  it('<share-popover>: open, move through the options, Escape', async () => {
    const { host, close } = await openByKeyboard(
      `<share-popover post-id="${bobPost}" blog-name="bob"></share-popover>`,
      '[part="trigger"]',
      '[part="popover"]',
      'the popover',
    );
    await waitFor(() => shadow(host, '[part="options"]') && host.shadowRoot!.contains(deepActiveElement()), {
      message: 'the options did not take the focus',
      timeout: 8000,
    });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await frames();
    await close();
  });

  it('<share-popover> at the end of the page: Tab past its last option closes it onto its trigger, not <body>', async () => {
    const host = mount<Host>(`<share-popover post-id="${bobPost}" blog-name="bob"></share-popover>`);
    await host.ready;
    const trigger = await waitFor(() => shadow<HTMLButtonElement>(host, '[part="trigger"]'));
    const watch = watchFocus(() => Boolean(shadow(host, '[part="popover"]')));
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => shadow(host, '[part="options"]') && host.shadowRoot!.contains(deepActiveElement()), {
      message: 'the options did not take the focus',
      timeout: 8000,
    });
    for (let i = 0; i < 30 && shadow(host, '[part="popover"]'); i++) await sendKeys({ press: 'Tab' });
    await waitFor(() => !shadow(host, '[part="popover"]'), { message: 'Tab past the last option did not close the popover' });
    await waitFor(() => deepActiveElement() === trigger, { message: 'the focus did not return to the trigger' });
    watch.stop();
    expect(watch.falls, watch.falls.join(', ')).to.deep.equal([]);
  });

  it('<activity-popover>: open, Tab through the panel, Escape', async () => {
    const { host, close } = await openByKeyboard(
      '<activity-popover></activity-popover>',
      '[part="trigger"]',
      '[part="popover"]',
      'the popover',
    );
    await waitFor(() => shadowAll(host, '[part="row"]').length > 0 || shadow(host, '[part="empty"]'), {
      message: 'no activity showed',
      timeout: 8000,
    });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await frames();
    await close();
  });

  it('<video-player>: the speed menu by keyboard, an arrow, Escape', async () => {
    const { host, close } = await openByKeyboard(
      '<video-player src="/assets/media/sd.mp4" post-id="7" blog-name="bob"></video-player>',
      '[part~="playback-rate-button"]',
      '[part="playback-rate-menu"]',
      'the speed menu',
    );
    await waitFor(() => host.shadowRoot!.querySelector('[part="playback-rate-menu"]')?.contains(deepActiveElement()), {
      message: 'the menu did not take the focus',
    });
    await sendKeys({ press: 'ArrowDown' });
    await frames();
    await close();
  });

  it('<blog-card>: opened by focus, Tab into it, Escape', async () => {
    const host = mount<Host>('<blog-card blog-name="bob"><a href="/blog/bob">bob</a></blog-card>');
    await host.ready;
    const link = host.querySelector('a')!;
    const watch = watchFocus(() => Boolean(shadow(host, '.card')));
    link.focus();
    await waitFor(() => shadow(host, '.card .body'), { message: 'the card did not open on focus', timeout: 8000 });
    await sendKeys({ press: 'Tab' });
    await waitFor(() => host.shadowRoot!.contains(deepActiveElement()), { message: 'Tab did not enter the card' });
    await escapeCloses(watch, () => !shadow(host, '.card'), link, 'the card');
  });

  it('<peepr-drawer>: open from a mark, j twice, scroll the list away, j, Escape', async () => {
    const stopNavigation = (event: Event) => event.preventDefault();
    document.addEventListener('tl-navigate', stopNavigation);
    try {
      const mark = mount<HTMLAnchorElement>('<a href="/blog/long-archive" data-peepr="long-archive">long-archive</a>');
      const host = mount<Host>('<peepr-drawer></peepr-drawer>');
      await host.ready;
      const watch = watchFocus(() => Boolean(shadow(host, 'dialog[open]')));
      mark.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => shadowAll(host, 'article.post').length > 0, { message: 'the drawer showed no post', timeout: 8000 });
      await waitFor(() => host.shadowRoot!.contains(deepActiveElement()), { message: 'the focus did not enter the drawer' });
      await sendKeys({ press: 'j' });
      await sendKeys({ press: 'j' });
      // The second post: the first j's focus is only a step on the way (seen alone, the second j's
      // focus would still be to come, after the scroll below).
      await waitFor(() => deepActiveElement()?.matches('article.post[aria-posinset="2"]') === true, {
        message: 'j twice did not focus the second post',
      });
      const focused = deepActiveElement();
      const scroller = shadow<HTMLElement>(host, '.scroller')!;
      scroller.scrollTop = scroller.scrollHeight;
      scroller.dispatchEvent(new Event('scroll'));
      await frames(4);
      expect(deepActiveElement() === focused, 'the focused post kept the focus while scrolled away').to.equal(true);
      await sendKeys({ press: 'j' });
      await waitFor(() => deepActiveElement() !== focused && deepActiveElement()?.matches('article.post') === true, {
        message: 'j after the scroll did nothing',
      });
      await escapeCloses(watch, () => !shadow(host, 'dialog[open]'), mark, 'the drawer');
    } finally {
      document.removeEventListener('tl-navigate', stopNavigation);
    }
  });

  describe('what opens from the header: its menus, fast compose, the post form', () => {
    afterEach(() => closeComposer());

    it('<blog-header>: the account menu by keyboard, an arrow, Escape', async () => {
      const { host, close } = await openByKeyboard(
        '<blog-header></blog-header>',
        '[part="account-button"]',
        '[role="menu"]',
        'the account menu',
      );
      await waitFor(() => shadow(host, '[role="menu"]')?.contains(deepActiveElement()), { message: 'the menu did not take the focus' });
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      await frames();
      expect(deepActiveElement()?.getAttribute('role')).to.equal('menuitem');
      await close();
    });

    it('<blog-header>: the activity panel by keyboard (its own chunk: the trigger keeps the focus until it is there), Escape', async () => {
      // Watched from the press on, while the panel's code may still be on its way.
      const { host, close } = await openByKeyboard(
        '<blog-header></blog-header>',
        '[part="activity-button"]',
        '[part="activity-button"][aria-expanded="true"]',
        'the activity panel',
      );
      await waitFor(() => shadow(host, '.activity-body') === deepActiveElement(), { message: 'the panel did not take the focus' });
      await frames();
      await close();
    });

    it('<fast-compose> from the header compose button: Tab through the types, Escape; again, Enter opens the post form, Escape closes it', async () => {
      const header = mount<Host>('<blog-header></blog-header>');
      const fast = mount<Host>('<fast-compose></fast-compose>');
      const composer = mount<Host>('<post-composer update-url="false"></post-composer>');
      await Promise.all([header.ready, fast.ready, composer.ready]);
      const trigger = await waitFor(() => shadow<HTMLButtonElement>(header, '[part="compose-button"]'));
      const overlayOpen = () => Boolean(shadow(fast, 'dialog[open]'));
      const formOpen = () => Boolean(shadow(composer, 'dialog[open]'));
      const watch = watchFocus(() => overlayOpen() || formOpen());
      trigger.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => fast.shadowRoot!.contains(deepActiveElement()), { message: 'the overlay did not take the focus' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      await frames();
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !overlayOpen(), { message: 'Escape did not close the overlay' });
      await waitFor(() => deepActiveElement() === trigger, { message: 'the focus did not return to the compose button' });

      await sendKeys({ press: 'Enter' });
      await waitFor(() => deepActiveElement()?.getAttribute('data-type') === 'text', { message: 'the overlay did not reopen on Text' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => formOpen() && composer.shadowRoot!.contains(deepActiveElement()), {
        message: 'the post form did not open with the focus in it',
        timeout: 15_000,
      });
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !formOpen(), { message: 'Escape did not close the empty form' });
      await waitFor(() => deepActiveElement() === trigger, { message: 'the focus did not return to the compose button after the form' });
      watch.stop();
      expect(watch.falls, watch.falls.join(', ')).to.deep.equal([]);
    });
  });

  describe('<messaging-dock> windows', () => {
    beforeEach(() => freshDock());
    afterEach(() => dockGone());

    it('inbox by keyboard, a conversation opened from it, typed in, minimized, restored and closed: the focus lands on the dock each time', async () => {
      const host = mount<Host>('<messaging-dock></messaging-dock>');
      await host.ready;
      const trigger = await waitFor(() => part<HTMLButtonElement>(host, 'trigger'));
      const watch = watchFocus(() => Boolean(part(host, 'inbox-panel')) || windows(host).length > 0);
      trigger.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => rows(host).length > 0, { message: 'the inbox showed no conversation', timeout: 8000 });
      const link = rows(host)[0]!.querySelector<HTMLAnchorElement>('a')!;
      watch.step('opening a conversation');
      link.focus();
      await sendKeys({ press: 'Enter' });
      const box = await waitFor(() => windows(host)[0]?.querySelector<HTMLTextAreaElement>('[part~="compose-input"]:not(:disabled)'), {
        message: 'no window with a compose box',
        timeout: 8000,
      });
      await waitFor(() => deepActiveElement() === box, { message: 'the compose box did not take the focus' });
      // No second space: WebKitGTK's WebDriver drops the space in "half a thought" (no keydown at all).
      await sendKeys({ type: 'half-typed thought' });
      watch.step('minimizing');
      // minimize: the focus goes to the tab that stands for the window
      windows(host)[0]!.querySelector<HTMLButtonElement>('[part="minimize"]')!.focus();
      await sendKeys({ press: 'Enter' });
      const tab = await waitFor(() => part<HTMLButtonElement>(host, 'minimized-tab'), { message: 'no tab for the minimized window' });
      await waitFor(() => deepActiveElement() === tab, { message: 'the focus did not go to the tab' });
      watch.step('restoring');
      await sendKeys({ press: 'Enter' });
      const again = await waitFor(() => windows(host)[0]?.querySelector<HTMLTextAreaElement>('[part~="compose-input"]'), {
        message: 'the window did not come back',
      });
      expect(again.value, 'the draft survived').to.equal('half-typed thought');
      watch.step('closing');
      windows(host)[0]!.querySelector<HTMLButtonElement>('[part="close"]')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => windows(host).length === 0, { message: 'the window did not close' });
      await waitFor(() => host.shadowRoot!.contains(deepActiveElement()) || deepActiveElement() === trigger, {
        message: 'the focus did not land on the dock',
      });
      watch.stop();
      expect(watch.falls, watch.falls.join(', ')).to.deep.equal([]);
    });
  });
});
