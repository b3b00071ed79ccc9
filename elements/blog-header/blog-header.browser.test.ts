/**
 * <blog-header>: desktop parts, the badge cap, inbox/compose stores, explore logging, the account
 * and activity menus, hiding while the post form is open, the logged-out reduction, the mobile
 * drawer states, search, title vs logo, sticky scrolling, and the tutorial (dismiss order,
 * removal, fade on scroll, appearance edit) — axe in each state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { announce } from '../../src/core/announce';
import { configure, $session } from '../../src/session/session';
import { $composer } from '../../src/stores/composer';
import { $inboxOpen } from '../../src/stores/inbox';
import { $fastComposeOpen, registerFastCompose } from '../../src/stores/fast-compose';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, mount, shadow, shadowAll, textOf } from '../../tests/helpers/dom';
import { setupSession } from '../../tests/helpers/server';
import { nextTick, waitFor, waitForEvent } from '../../tests/helpers/wait';

type Host = HTMLElement & { ready: Promise<void> };

async function header(html = '<blog-header></blog-header>'): Promise<Host> {
  const host = mount<Host>(html);
  await host.ready;
  // The bar itself: the mobile one is its own chunk, with a placeholder bar (no part) until it comes.
  await waitFor(() => shadow(host, '[part~="bar"]'));
  return host;
}
const part = (host: Element, name: string) => shadow<HTMLElement>(host, `[part~="${name}"]`);
function withUnread(counts: number[]) {
  const s = $session.get();
  configure({ user: s.user, channels: s.channels.map((c, i) => ({ ...c, unread_count: counts[i] ?? 0 })) });
}
async function settle(host: Element) {
  await waitFor(() =>
    [...host.shadowRoot!.querySelectorAll('*')].every((el) => el.getAnimations().every((a) => a.playState !== 'running')),
  );
}
/** A page tall enough to scroll. */
function spacer(): HTMLElement {
  const el = document.createElement('div');
  el.style.height = '4000px';
  document.body.append(el);
  return el;
}

describe('<blog-header> desktop', () => {
  beforeEach(async () => {
    await setupSession('alice');
    $inboxOpen.set(false);
    $composer.set({ open: false, type: null, source: '' });
    $fastComposeOpen.set(false);
  });
  afterEach(() => cleanup());

  it('has the logo, Dashboard, Explore, inbox, activity, account and compose at 52 px; axe clean', async () => {
    const host = await header();
    for (const name of ['logo', 'explore', 'inbox-button', 'activity-button', 'account-button', 'compose-button'])
      expect(part(host, name), name).to.exist;
    expect(part(host, 'bar')!.getBoundingClientRect().height).to.equal(52);
    expect(part(host, 'login')).to.equal(null);
    await axeCheck(host);
  });

  it('shows the unread sum on the inbox badge: hidden at 0, the count, 99+ above 99', async () => {
    const host = await header();
    withUnread([0, 0]);
    await waitFor(() => !part(host, 'badge'));
    expect(part(host, 'inbox-button')!.getAttribute('aria-label')).to.equal('Inbox');
    withUnread([3, 4]);
    await waitFor(() => part(host, 'badge')?.textContent === '7');
    expect(part(host, 'inbox-button')!.getAttribute('aria-label')).to.equal('Inbox, 7 unread');
    withUnread([99, 0]);
    await waitFor(() => part(host, 'badge')?.textContent === '99');
    withUnread([60, 45]);
    await waitFor(() => part(host, 'badge')?.textContent === '99+');
    expect(part(host, 'inbox-button')!.getAttribute('aria-label')).to.equal('Inbox, more than 99 unread');
    await axeCheck(host);
  });

  it('the inbox button toggles $inboxOpen (what <messaging-dock> reads)', async () => {
    const host = await header();
    const button = part(host, 'inbox-button')!;
    const toggled = waitForEvent<CustomEvent>(host, 'tl-inbox-toggle');
    button.click();
    expect((await toggled).detail).to.deep.equal({ open: true });
    expect($inboxOpen.get()).to.equal(true);
    await waitFor(() => button.getAttribute('aria-expanded') === 'true');
    button.click();
    expect($inboxOpen.get()).to.equal(false);
  });

  it('the compose button opens <fast-compose> when there is one, else asks $composer for a text post', async () => {
    const host = await header();
    const compose = waitForEvent<CustomEvent>(host, 'tl-compose');
    part(host, 'compose-button')!.click();
    expect((await compose).detail).to.deep.equal({ type: 'text', source: 'header' });
    expect($composer.get()).to.deep.include({ open: true, type: 'text' });
    const unregister = registerFastCompose();
    try {
      part(host, 'compose-button')!.click();
      expect($fastComposeOpen.get()).to.equal(true);
    } finally {
      unregister();
    }
  });

  it('logs an Explore click through the bus', async () => {
    const host = await header();
    const keepPage = (e: Event) => e.preventDefault();
    host.addEventListener('click', keepPage);
    const logged = waitForEvent<CustomEvent>(document, 'tl:log', { filter: (e) => (e as CustomEvent).detail?.event === 'click' });
    part(host, 'explore')!.click();
    expect((await logged).detail).to.deep.equal({ event: 'click', data: { source: 'app_header', target: 'explore' } });
    host.removeEventListener('click', keepPage);
  });

  it('the account menu lists the blogs and settings links (menu-button pattern); axe clean open', async () => {
    const host = await header();
    part(host, 'account-button')!.click();
    const menu = await waitFor(() => shadow(host, '[role="menu"]'));
    const items = [...menu.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent);
    expect(items[0]).to.match(/^alice/);
    expect(items[1]).to.match(/^alice-sketches/);
    expect(items).to.include.members(['Settings', 'Help']);
    await waitFor(() => host.shadowRoot!.activeElement === menu.querySelector('[role="menuitem"]'));
    await axeCheck(host);
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !shadow(host, '[role="menu"]'));
    expect(host.shadowRoot!.activeElement).to.equal(part(host, 'account-button'));
  });

  it('the activity trigger opens a popover hosting <activity-popover>; Escape closes it', async () => {
    const host = await header();
    const trigger = part(host, 'activity-button')!;
    trigger.click();
    const panel = await waitFor(() => part(host, 'activity'));
    expect(panel.querySelector('activity-popover')?.getAttribute('blog-name')).to.equal('alice');
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    await settle(host);
    await axeCheck(host);
    panel.querySelector('.activity-body')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => !part(host, 'activity'));
    expect(host.shadowRoot!.activeElement).to.equal(trigger);
  });

  it('hides while the post form is open and shows again when it closes', async () => {
    const host = await header();
    announce(document, 'tl-composer-open', { type: 'text', mode: 'new' });
    await waitFor(() => part(host, 'header')!.classList.contains('is-hidden'));
    expect(part(host, 'header')!.hasAttribute('inert')).to.equal(true);
    announce(document, 'tl-composer-close', { saved: false });
    await waitFor(() => !part(host, 'header')!.classList.contains('is-hidden'));
  });

  it('logged out: no account, activity, inbox or compose — Explore, Log in and Sign up instead; axe clean', async () => {
    await setupSession('anonymous');
    const host = await header();
    for (const name of ['account-button', 'activity-button', 'inbox-button', 'compose-button'])
      expect(part(host, name), name).to.equal(null);
    expect(part(host, 'login')!.getAttribute('href')).to.equal('/login');
    expect(part(host, 'signup')!.getAttribute('href')).to.equal('/register');
    expect(part(host, 'explore')).to.exist;
    await axeCheck(host);
  });
});

describe('<blog-header mobile>', () => {
  beforeEach(() => setupSession('alice'));
  afterEach(() => {
    cleanup();
    window.scrollTo(0, 0);
  });

  const drawer = (host: Element) => shadow<HTMLElement>(host, 'dialog[open] [part="drawer"]');

  it('drawer: burger opens; Settings opens the subnav; the burger closes the subnav first, then the drawer', async () => {
    const host = await header('<blog-header mobile page-title="Dashboard"></blog-header>');
    expect(drawer(host)).to.equal(null);
    part(host, 'burger')!.click();
    const panel = await waitFor(() => drawer(host));
    expect(panel.dataset.state).to.equal('open');
    const nav = textOf(part(host, 'drawer-nav')!);
    expect(nav).to.contain('Dashboard').and.contain('Likes').and.contain('Following').and.contain('Settings').and.contain('Create a post');
    expect(shadowAll(host, '[part="drawer-blogs"] li').length).to.equal(2);
    await settle(host);
    await axeCheck(host);
    [...panel.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Settings'))!.click();
    await waitFor(() => drawer(host)?.dataset.state === 'subnav');
    const subnav = part(host, 'drawer-subnav')!;
    expect(subnav.hidden).to.equal(false);
    const links = [...subnav.querySelectorAll('a')];
    expect(links.map((a) => a.firstChild?.textContent)).to.deep.equal([
      'Change Password',
      'Two Factor Authentication',
      'Help',
      'Account',
      'Notifications',
      'Apps',
    ]);
    expect(links.map((a) => a.target)).to.deep.equal(['', '', '', '_blank', '_blank', '_blank']);
    expect(links[3]!.textContent).to.contain('Desktop site');
    await axeCheck(host);
    part(host, 'drawer-burger')!.click();
    await waitFor(() => drawer(host)?.dataset.state === 'open');
    part(host, 'drawer-burger')!.click();
    await waitFor(() => !drawer(host));
  });

  it('drawer: Likes shows its count only above 0; the overlay closes it', async () => {
    const s = $session.get();
    configure({ user: { ...s.user!, liked_post_count: 0 }, channels: s.channels });
    const host = await header('<blog-header mobile></blog-header>');
    part(host, 'burger')!.click();
    await waitFor(() => drawer(host));
    const likes = [...part(host, 'drawer-nav')!.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Likes'))!;
    expect(likes.textContent).to.equal('Likes');
    const dialog = shadow<HTMLDialogElement>(host, 'dialog.drawer')!;
    dialog.dispatchEvent(new MouseEvent('click', { bubbles: true })); // a click on the backdrop targets the <dialog> itself
    await waitFor(() => !drawer(host));
  });

  it('search: the icon closes the drawer and reveals the form; submit shows the loader bar and navigates to /search', async () => {
    const host = await header('<blog-header mobile></blog-header>');
    part(host, 'burger')!.click();
    await waitFor(() => drawer(host));
    part(host, 'drawer-search-button')!.click();
    await waitFor(() => !drawer(host));
    const form = part(host, 'search') as HTMLFormElement;
    await waitFor(() => !form.hidden);
    const q = form.querySelector<HTMLInputElement>('input[name="q"]')!;
    await waitFor(() => host.shadowRoot!.activeElement === q);
    expect(form.querySelector<HTMLSelectElement>('select[name="sort"]')!.value).to.equal('top');
    expect(form.querySelector<HTMLSelectElement>('select[name="filter_post_type"]')!.value).to.equal('any');
    expect(form.querySelector<HTMLInputElement>('input[name="filter_nsfw"]')!.checked).to.equal(true);
    await axeCheck(host);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(q, 'cats');
    q.dispatchEvent(new Event('input', { bubbles: true }));
    const navigate = waitForEvent<CustomEvent>(host, 'tl-navigate');
    host.addEventListener('tl-navigate', (e) => e.preventDefault(), { once: true });
    form.requestSubmit();
    expect((await navigate).detail.url).to.equal('/search?q=cats&filter_nsfw=true&sort=top&filter_post_type=any');
    await waitFor(() => form.querySelector('[role="progressbar"]'));
  });

  it('shows the page title with the page-titles flag, logged in and no search term; otherwise the logo', async () => {
    const host = await header('<blog-header mobile page-title="Dashboard"></blog-header>');
    expect($session.get().flags.page_titles).to.equal(true);
    expect(part(host, 'page-title')?.textContent).to.equal('Dashboard');
    host.setAttribute('search-term', 'cats');
    await waitFor(() => !part(host, 'page-title') && part(host, 'logo'));
    host.removeAttribute('search-term');
    await waitFor(() => part(host, 'page-title'));
    configure({ flags: { ...$session.get().flags, page_titles: false } });
    await waitFor(() => !part(host, 'page-title') && part(host, 'logo'));
  });

  it('sticks after 45 px (after its delay) and hides the nav when scrolling down', async () => {
    const tall = spacer();
    try {
      const host = await header('<blog-header mobile></blog-header>');
      const wrapper = part(host, 'mobile')!;
      window.scrollTo(0, 30);
      await waitFor(() => window.scrollY === 30);
      await nextTick();
      expect(wrapper.classList.contains('is-sticky')).to.equal(false);
      window.scrollTo(0, 200);
      await waitFor(() => window.scrollY === 200);
      await nextTick();
      expect(wrapper.classList.contains('is-sticky'), 'sticky before the delay').to.equal(false);
      await waitFor(() => wrapper.classList.contains('is-sticky'), { message: 'never became sticky' });
      expect(wrapper.classList.contains('is-nav-hidden')).to.equal(false);
      window.scrollTo(0, 600);
      await waitFor(() => wrapper.classList.contains('is-nav-hidden'), { message: 'scrolling down did not hide the nav' });
      window.scrollTo(0, 500);
      await waitFor(() => !wrapper.classList.contains('is-nav-hidden'), { message: 'scrolling up did not show the nav' });
      window.scrollTo(0, 0);
      await waitFor(() => !wrapper.classList.contains('is-sticky'));
    } finally {
      tall.remove();
    }
  });

  it('logged out: the drawer is the splash (Log in, Get started, Get the app, featured credit); axe clean', async () => {
    await setupSession('anonymous');
    const host = await header(
      `<blog-header mobile app-url="/app" featured-post='{"blog_name":"sea-glass","post_url":"/blog/sea-glass/post/1","image_url":"/assets/post/1.svg"}'></blog-header>`,
    );
    expect(part(host, 'inbox-button')).to.equal(null);
    part(host, 'burger')!.click();
    await waitFor(() => drawer(host));
    const splash = part(host, 'splash')!;
    const links = [...splash.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).to.deep.include.members([
      ['Log in', '/login'],
      ['Get started', '/register'],
      ['Get the app', '/app'],
      ['sea-glass', '/blog/sea-glass/post/1'],
    ]);
    expect(textOf(part(host, 'splash-credit')!)).to.equal('Posted by sea-glass');
    expect(part(host, 'drawer-nav')).to.equal(null);
    await settle(host);
    await axeCheck(host);
  });
});

describe('<blog-header> tutorial', () => {
  beforeEach(() => setupSession('alice'));
  afterEach(() => {
    cleanup();
    window.scrollTo(0, 0);
  });
  const config = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({ name: 'intro', title: 'Post something', content: 'Press the pencil.', pinnedTarget: 'compose', ...extra });
  const overlay = (host: Element) => shadow<HTMLElement>(host, '.tl-tutorial');

  it('highlights its target; OK fires dismiss, then hides, then removes it after the animation', async () => {
    const host = await header(`<blog-header tutorial='${config()}'></blog-header>`);
    const panel = await waitFor(() => shadow(host, '.tl-tutorial__panel[data-position="bottom"]'));
    expect(shadow(host, '.tl-tutorial__ring')).to.exist;
    const ok = [...panel.querySelectorAll('button')].find((b) => b.textContent === 'OK')!;
    await waitFor(() => host.shadowRoot!.activeElement === ok);
    await settle(host);
    await axeCheck(host);
    const order: string[] = [];
    host.addEventListener('tl-tutorial-dismiss', () => order.push(`dismiss:${overlay(host)?.dataset.phase}`));
    const removed = waitForEvent(host, 'tl-tutorial-removed');
    ok.click();
    await waitFor(() => overlay(host)?.dataset.phase === 'hiding');
    order.push('hiding');
    await removed;
    expect(order).to.deep.equal(['dismiss:open', 'hiding']);
    await waitFor(() => !overlay(host));
  });

  it('a click on the overlay hides it without the dismiss event', async () => {
    const host = await header(`<blog-header tutorial='${config()}'></blog-header>`);
    await waitFor(() => overlay(host));
    let dismissed = false;
    host.addEventListener('tl-tutorial-dismiss', () => (dismissed = true));
    const removed = waitForEvent(host, 'tl-tutorial-removed');
    shadow<HTMLElement>(host, '.tl-tutorial__dim')!.click();
    await removed;
    expect(dismissed).to.equal(false);
  });

  it('fades as the page scrolls away from where it opened, and hides at zero', async () => {
    const tall = spacer();
    try {
      const host = await header(`<blog-header tutorial='${config({ position: 'center' })}'></blog-header>`);
      const el = await waitFor(() => overlay(host));
      await settle(host);
      expect(Number(el.style.opacity)).to.equal(1);
      const removed = waitForEvent(host, 'tl-tutorial-removed');
      window.scrollTo(0, 100); // half the 200 px fade distance
      await waitFor(() => Number(el.style.opacity) === 0.5, { message: `opacity is ${el.style.opacity}` });
      window.scrollTo(0, 400);
      await removed;
      await waitFor(() => !overlay(host));
    } finally {
      tall.remove();
    }
  });

  it('does not fade when isFadeOnScroll is false', async () => {
    const tall = spacer();
    try {
      const host = await header(`<blog-header tutorial='${config({ isFadeOnScroll: false, position: 'center' })}'></blog-header>`);
      const el = await waitFor(() => overlay(host));
      window.scrollTo(0, 400);
      await waitFor(() => window.scrollY === 400);
      await nextTick();
      await nextTick();
      expect(el.dataset.phase).to.equal('open');
      expect(Number(el.style.opacity)).to.equal(1);
    } finally {
      tall.remove();
    }
  });

  it('appearance variant: the edit button goes to /settings/blog/{name}', async () => {
    const appearance = config({
      template: 'appearance',
      glass: true,
      appearance_data: { name: 'alice', title: 'Alice in Dataland', global_theme_params: { background_color: '#f6f0e8' } },
    });
    const host = await header(`<blog-header tutorial='${appearance}'></blog-header>`);
    await waitFor(() => shadow(host, '.tl-tutorial--glass .tl-tutorial__blog'));
    expect(textOf(shadow(host, '.tl-tutorial__blog')!)).to.contain('Alice in Dataland');
    await settle(host);
    await axeCheck(host);
    const navigate = waitForEvent<CustomEvent>(host, 'tl-navigate');
    host.addEventListener('tl-navigate', (e) => e.preventDefault(), { once: true });
    [...shadowAll<HTMLButtonElement>(host, '.tl-tutorial button')].find((b) => b.textContent === 'Edit appearance')!.click();
    expect((await navigate).detail.url).to.equal('/settings/blog/alice');
  });
});
