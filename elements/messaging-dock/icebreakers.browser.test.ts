/**
 * <messaging-dock>'s conversation intro card (spec §2 Conversation intro card, §4 the extra
 * participant info after the last page, §5 the readable-colour rule): an existing conversation
 * shows the relationship line and the description, a new one the blog's tags; in the blog's
 * colours, readable (axe). The card waits for the whole conversation: none while older pages exist,
 * and it shows once scrolling up has brought the oldest page in.
 */
import { expect } from '@open-wc/testing';
import './index';
import { waitFor } from '../../tests/helpers/wait';
import { axe, dock, loadedWindow, openByName, text, dockGone, freshDock } from './dock.test-helpers';

const card = (win: Element) => win.querySelector<HTMLElement>('[part~="intro-card"]');

describe('<messaging-dock> intro card (icebreakers)', () => {
  beforeEach(() => freshDock());

  afterEach(dockGone);

  it('an existing conversation opens with the avatar, the linked name, the description and the relationship line', async () => {
    const host = await dock();
    openByName('chatty-bot');
    const win = await loadedWindow(host, 'chatty-bot');
    const intro = await waitFor(() => card(win), { message: 'no intro card' });
    expect(intro.getAttribute('aria-label')).to.equal('About chatty-bot');
    expect(intro.querySelector('a.intro__name')!.getAttribute('href')).to.contain('chatty-bot');
    // alice and chatty-bot follow each other
    expect(text(intro.querySelector('[part~="intro-relationship"]'))).to.match(
      /^You follow each other (for \d+ (day|week|month|year)s?|since today)$/,
    );
    expect(intro.querySelector('[part~="intro-tags"]')).to.equal(null);
    // the card comes first, before the messages
    const scroller = win.querySelector('[part~="messages"]')!;
    expect([...scroller.querySelectorAll('[data-index]')][0]!.contains(intro)).to.equal(true);
    await axe(host);
  });

  it('a new conversation shows the blog’s tags', async () => {
    const host = await dock();
    openByName('quiet-corner');
    const win = await waitFor(() => host.shadowRoot!.querySelector<HTMLElement>('[part~="window"]'));
    const intro = await waitFor(() => card(win), { message: 'no intro card for a new conversation' });
    const tags = [...intro.querySelectorAll<HTMLAnchorElement>('[part~="intro-tags"] a')];
    expect(tags.length).to.be.greaterThan(0);
    expect(tags.every((a) => /^#\S+$/.test(text(a)) && a.getAttribute('href')!.startsWith('/tagged/'))).to.equal(true);
    expect(intro.querySelector('[part~="intro-relationship"]')).to.equal(null);
    expect(text(win)).to.not.contain('No messages yet');
    await axe(host);
  });

  it('shows once the oldest page has come in by scrolling up (bob: 30 messages, more than one page)', async () => {
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    const list = win.querySelector<HTMLElement>('[part~="messages"]')!;
    // Up, as a wheel does it, until the card heads the list (older pages load on the way).
    const intro = await waitFor(
      () => {
        list.scrollTop = 0;
        list.dispatchEvent(new Event('scroll'));
        return card(win);
      },
      { message: 'no intro card once every page was in' },
    );
    expect(intro.getAttribute('aria-label')).to.equal('About bob');
  });

  it('waits while older messages exist (bob: 30 messages, more than one page)', async () => {
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(card(win)).to.equal(null);
  });
});
