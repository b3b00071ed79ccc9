/**
 * <blog-header section="help">: the mobile help-docs shell behind `responsive_help_docs` — when it
 * shows (mobile, the help section, the flag), its bar (Back, Help, Topics), the topics menu (focus
 * in and back, the live search, Escape, the backdrop, the search's tl-navigate), bad topics data,
 * and no animation under reduced motion. Axe in every state.
 */
import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import './index';
import { configure, $session } from '../../src/session/session';
import { axeCheck } from '../../tests/helpers/axe';
import { captureConsole, cleanup, deepActiveElement, mount, shadow, shadowAll, textOf, typeInto } from '../../tests/helpers/dom';
import { setupSession } from '../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../tests/helpers/wait';

type Host = HTMLElement & { ready: Promise<void> };
/** Reduced motion was emulated (Chromium only): put it back after the test. */
let emulated = false;

/** The test page itself stands for the article of `blocking`: the shell finds its topic by path. */
const TOPICS = () =>
  JSON.stringify([
    { slug: 'messaging', title: 'Messaging', summary: 'Talk privately with another blog.', keywords: ['dm'] },
    { slug: 'blocking', title: 'Blocking a blog', summary: 'Stop a blog from messaging you.', href: `${location.pathname}?from=test` },
    { slug: 'asks', title: 'Asks', summary: 'Ask a blog a question.' },
  ]);

const part = (host: Element, name: string) => shadow<HTMLElement>(host, `[part~="${name}"]`);
const menu = (host: Element) => shadow<HTMLElement>(host, 'dialog[open] [part="help-menu"]');
const listed = (host: Element) => shadowAll(host, '[part="help-topics"] a').map((a) => a.querySelector('.help__topic-title')!.textContent);

function flag(on: boolean) {
  configure({ flags: { ...$session.get().flags, responsive_help_docs: on } });
}

async function header(attributes = `mobile section="help" help-home="/help?mobile=1" help-topics='${TOPICS()}'`): Promise<Host> {
  const host = mount<Host>(`<blog-header ${attributes}></blog-header>`);
  await host.ready;
  await waitFor(() => shadow(host, '.header'));
  return host;
}
/** The mobile header is its own chunk too: wait for its burger past the placeholder bar. */
const burger = (host: Element, message: string) => waitFor(() => part(host, 'burger'), { message });
/** The shell is its own chunk: wait for it past the placeholder bar. */
const shell = (host: Element) => waitFor(() => part(host, 'help-menu-button'), { message: 'the shell never rendered' });

async function openMenu(host: Element): Promise<HTMLElement> {
  part(host, 'help-menu-button')!.click();
  const panel = await waitFor(() => menu(host));
  await waitFor(() => host.shadowRoot!.activeElement?.closest('[part="help-menu"]'));
  return panel;
}

describe('<blog-header section="help"> help-docs shell', () => {
  beforeEach(async () => {
    await setupSession('alice');
    flag(true);
  });
  afterEach(async () => {
    cleanup();
    if (emulated) await emulateMedia({ reducedMotion: 'no-preference' });
    emulated = false;
  });

  it('shows only on mobile, in the help section, with the flag on', async () => {
    flag(false);
    let host = await header();
    await burger(host, 'flag off: the mobile header');
    expect(part(host, 'help-back')).to.equal(null);
    cleanup();

    flag(true);
    host = await header(`section="help" help-topics='${TOPICS()}'`);
    if (!matchMedia('(max-width: 639.98px)').matches) {
      expect(part(host, 'account-button'), 'desktop keeps its header').to.exist;
      expect(part(host, 'help-back')).to.equal(null);
    }
    cleanup();

    host = await header(`mobile section="blog" help-topics='${TOPICS()}'`);
    await burger(host, 'another section: the mobile header');
    cleanup();

    host = await header();
    await shell(host);
    expect(part(host, 'burger')).to.equal(null);
    expect(part(host, 'header')!.dataset.variant).to.equal('help');
  });

  it('the bar: Back, the title Help, Topics; 52 px; axe clean', async () => {
    const host = await header();
    await shell(host);
    expect(part(host, 'help-title')!.textContent).to.equal('Help');
    const back = part(host, 'help-back') as HTMLAnchorElement;
    expect(back.getAttribute('aria-label')).to.equal('Back');
    // This page is the article of `blocking`: up is the help home (the test page has no help referrer).
    expect(back.getAttribute('href')).to.equal('/help?mobile=1');
    const button = part(host, 'help-menu-button')!;
    expect(textOf(button)).to.equal('Topics');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-haspopup')).to.equal('dialog');
    expect(part(host, 'bar')!.getBoundingClientRect().height).to.equal(52);
    await axeCheck(host);
  });

  it('away from the help pages, Back goes to the dashboard', async () => {
    const host = await header(`mobile section="help" help-topics='[{"slug":"asks","title":"Asks"}]'`);
    await shell(host);
    expect(part(host, 'help-back')!.getAttribute('href')).to.equal('/dashboard');
  });

  it('the menu opens on the current topic, lists the rest; Escape closes it and focus returns to Topics; axe clean', async () => {
    const host = await header();
    await shell(host);
    const button = part(host, 'help-menu-button')!;
    button.focus();
    const panel = await openMenu(host);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(button.getAttribute('aria-controls')).to.equal(panel.id);
    expect(listed(host)).to.deep.equal(['Messaging', 'Blocking a blog', 'Asks']);
    const current = shadow<HTMLAnchorElement>(host, '[part="help-topics"] [aria-current="page"]')!;
    expect(current.getAttribute('href')).to.equal(`${location.pathname}?from=test`);
    expect(host.shadowRoot!.activeElement).to.equal(current);
    expect(shadowAll<HTMLAnchorElement>(host, '[part="help-topics"] a')[0]!.getAttribute('href')).to.equal('/help/messaging');
    expect(textOf(shadow(host, '.help__count')!)).to.equal('3 topics');
    const more = shadowAll<HTMLAnchorElement>(host, '.help__more a').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(more).to.deep.equal([
      ['All help topics', '/help?mobile=1'],
      ['Dashboard', '/dashboard'],
    ]);
    await axeCheck(host);

    await sendKeys({ press: 'Escape' });
    await waitFor(() => !menu(host));
    expect(host.shadowRoot!.activeElement).to.equal(button);
    expect(document.activeElement).to.equal(host);
    expect(button.getAttribute('aria-expanded')).to.equal('false');
  });

  it('the search filters as it is typed and says how many it found; Enter goes to the help search', async () => {
    const host = await header();
    await shell(host);
    await openMenu(host);
    const input = shadow<HTMLInputElement>(host, '[part="help-search"] input[name="q"]')!;
    input.focus();
    typeInto(input, 'mess');
    await waitFor(() => listed(host).length === 2);
    expect(listed(host)).to.deep.equal(['Messaging', 'Blocking a blog']);
    expect(textOf(shadow(host, '.help__count')!)).to.equal('2 topics match “mess”');
    expect(shadow(host, '.help__count')!.getAttribute('role')).to.equal('status');
    expect(host.shadowRoot!.activeElement, 'focus stays in the field').to.equal(input);
    await axeCheck(host);

    typeInto(input, 'zebra');
    await waitFor(() => listed(host).length === 0);
    expect(textOf(shadow(host, '.help__count')!)).to.equal('No topic matches “zebra”.');
    await axeCheck(host);

    typeInto(input, ' dm ');
    await waitFor(() => listed(host).length === 1);
    const navigate = waitForEvent<CustomEvent>(host, 'tl-navigate');
    host.addEventListener('tl-navigate', (e) => e.preventDefault(), { once: true });
    (part(host, 'help-search') as HTMLFormElement).requestSubmit();
    expect((await navigate).detail.url).to.equal('/help?mobile=1&q=dm');
  });

  it('the close button and the backdrop close it, focus back on Topics', async () => {
    const host = await header();
    await shell(host);
    const button = part(host, 'help-menu-button')!;
    button.focus();
    await openMenu(host);
    shadow<HTMLButtonElement>(host, 'button[aria-label="Close topics"]')!.click();
    await waitFor(() => !menu(host));
    expect(host.shadowRoot!.activeElement).to.equal(button);

    await openMenu(host);
    const dialog = shadow<HTMLDialogElement>(host, 'dialog.drawer--end')!;
    dialog.dispatchEvent(new MouseEvent('click', { bubbles: true })); // a click on the backdrop targets the <dialog> itself
    await waitFor(() => !menu(host));
    expect(deepActiveElement()).to.equal(button);
  });

  it('on the help home nothing in the list is current: focus goes to the first topic', async () => {
    const host = await header(
      `mobile section="help" help-home="${location.pathname}" help-topics='[{"slug":"asks","title":"Asks"},{"slug":"messaging","title":"Messaging"}]'`,
    );
    await shell(host);
    expect(part(host, 'help-back')!.getAttribute('href')).to.equal('/dashboard');
    await openMenu(host);
    expect(shadow(host, '[part="help-topics"] [aria-current]')).to.equal(null);
    expect(host.shadowRoot!.activeElement?.textContent).to.equal('Asks');
    expect(shadow(host, '.help__more [aria-current="page"]')!.textContent).to.equal('All help topics');
  });

  it('bad help-topics: one console warning naming the attribute, and the shell with no topics', async () => {
    const { result: host, text } = await captureConsole('warn', async () => {
      const h = await header(`mobile section="help" help-topics='[{"slug":'`);
      await shell(h);
      return h;
    });
    expect(text).to.contain('blog-header').and.contain('help-topics');
    await openMenu(host);
    expect(listed(host)).to.deep.equal([]);
    expect(textOf(shadow(host, '.help__count')!)).to.equal('0 topics');
    // with nothing to focus in the list, the search field has it
    expect(host.shadowRoot!.activeElement).to.equal(shadow(host, 'input[name="q"]'));
  });

  it('the menu slides in from the right, and not at all under reduced motion', async () => {
    const host = await header();
    await shell(host);
    await openMenu(host);
    expect(getComputedStyle(shadow(host, 'dialog.drawer--end')!).animationName).to.equal('drawer-in-end');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !menu(host));
    try {
      await emulateMedia({ reducedMotion: 'reduce' });
      emulated = true;
    } catch {
      return; // Firefox and WebKitGTK run without CDP here: the rule is the same CSS block
    }
    await openMenu(host);
    expect(getComputedStyle(shadow(host, 'dialog.drawer--end')!).animationName).to.equal('none');
  });
});
