/**
 * <messaging-dock> keeping a conversation safe (spec §2 Conversation actions and Message
 * controls popovers, §4 Blurred images and the possible-spam flag, §6, §8): revealing blurred
 * images from a blog alice does not follow, the spam flow, the message controls' visibility
 * rules and their Delete — each against the reference server. An axe check in every state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { resetMessagingState } from './state/lifecycle';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, shadow, shadowAll } from '../../tests/helpers/dom';
import { dbRows } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import {
  axe,
  dock,
  inboxWithRows,
  loadedWindow,
  messageRows,
  openByName,
  rowFor,
  text,
  windowFor,
  type Host,
  dockGone,
  freshDock,
} from './dock.test-helpers';

// Spec strings, written out so a wrong constant in the product fails here.
const BLURRED = "Blurred because you don't follow this Tumblr yet. Click to reveal.";
const SPAM_CONFIRM = 'glitch-art-daily will be blocked and reported. And any trace of this conversation will disappear from your inbox.';
const DELETE_MESSAGE = 'Are you sure you want to delete this?';

const dialog = (host: Element) => shadow<HTMLElement>(host, 'dialog[open]');
const dialogButton = (host: Element, label: string) =>
  shadowAll<HTMLButtonElement>(host, 'dialog[open] button').find((b) => text(b) === label);
const menuItems = (host: Element) => shadowAll<HTMLElement>(host, '[role="menu"] [role="menuitem"]');

/** Opens a row's message controls and returns the item labels. */
/** The newest message in the window that the other participant sent. */
const lastFromOthers = (win: Element) =>
  messageRows(win)
    .filter((r) => !r.classList.contains('is-mine'))
    .at(-1)!;

async function openControls(host: Host, row: Element): Promise<string[]> {
  row.querySelector<HTMLButtonElement>('[part~="message-controls"]')!.click();
  await waitFor(() => menuItems(host).length > 0, { message: 'the message controls never opened' });
  return menuItems(host).map((i) => text(i));
}

async function confirmShown(host: Host, message: string): Promise<HTMLElement> {
  const d = await waitFor(() => dialog(host), { message: `no confirmation "${message}"` });
  expect(text(d)).to.contain(message);
  return d;
}

describe('<messaging-dock> blur, spam and message controls', () => {
  beforeEach(() => freshDock());

  afterEach(dockGone);

  it('blurs the images of a blog alice does not follow; one reveal unblurs them all and tells the server (unblur)', async () => {
    const host = await dock();
    openByName('sea-glass');
    const win = await loadedWindow(host, 'sea-glass');
    const images = await waitFor(
      () => {
        const found = [...win.querySelectorAll<HTMLElement>('.bubble--media')];
        return found.length === 2 ? found : null;
      },
      { message: "sea-glass's two images are not shown" },
    );
    for (const image of images) {
      expect(image.classList.contains('is-blurred')).to.equal(true);
      expect(getComputedStyle(image.querySelector('img')!).filter).to.contain('blur');
      expect(text(image.querySelector('[part~="reveal"]'))).to.equal(BLURRED);
    }
    expect(win.querySelector('[part~="spam-notice"]'), 'sea-glass is not spam').to.equal(null);
    await axe(host);

    images[0]!.querySelector<HTMLButtonElement>('[part~="reveal"]')!.click();
    await waitFor(() => win.querySelectorAll('[part~="reveal"]').length === 0, { message: 'revealing one did not unblur all' });
    expect(win.querySelectorAll('.bubble--media.is-blurred')).to.have.length(0);
    await waitFor(
      async () =>
        (
          await dbRows<{ images_unblurred: number }>('conversation_participants', {
            conversation_id: 'alice-sea-glass',
            blog_name: 'alice',
          })
        )[0]?.images_unblurred === 1,
      {
        message: 'the server was not told (unblur)',
      },
    );
    await axe(host);

    // a reload keeps them revealed: the server says so now (the window itself comes back from storage)
    await cleanup();
    resetMessagingState();
    const again = await dock();
    const win2 = await loadedWindow(again, 'sea-glass');
    await waitFor(() => win2.querySelectorAll('.bubble--media').length === 2);
    expect(win2.querySelectorAll('[part~="reveal"]')).to.have.length(0);
  });

  it("the possible-spam footer offers 'Mark as spam'; 'Nevermind' keeps the conversation, 'Mark it spam' removes it at once, blocked and reported", async () => {
    const host = await dock();
    openByName('glitch-art-daily');
    const win = await loadedWindow(host, 'glitch-art-daily');
    const notice = await waitFor(() => win.querySelector<HTMLElement>('[part~="spam-notice"]'), { message: 'no possible-spam footer' });
    const button = [...notice.querySelectorAll('button')].find((b) => text(b) === 'Mark as spam')!;
    expect(button).to.exist;
    expect(text(notice).replace('Mark as spam', '').trim()).to.match(/\?$/);
    await axe(host);

    button.click();
    const d = await confirmShown(host, SPAM_CONFIRM);
    expect(dialogButton(host, 'Mark it spam')).to.exist;
    await axeCheck(d);
    dialogButton(host, 'Nevermind')!.click();
    await waitFor(() => dialog(host) === null);
    expect(windowFor(host, 'glitch-art-daily')).to.exist;

    button.click();
    await confirmShown(host, SPAM_CONFIRM);
    dialogButton(host, 'Mark it spam')!.click();
    await waitFor(() => windowFor(host, 'glitch-art-daily') === undefined, { message: 'the conversation stayed' });
    await waitFor(async () => (await dbRows('blocks', { blocker_blog: 'alice', blocked_blog: 'glitch-art-daily' })).length === 1, {
      message: 'glitch-art-daily was not blocked',
    });
    await inboxWithRows(host);
    expect(rowFor(host, 'glitch-art-daily'), 'still in the inbox').to.equal(undefined);
  });

  it("message controls: Block and Report only on bob's messages, Delete on every one; Delete asks, then removes the message for alice", async () => {
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    const fromBob = lastFromOthers(win);
    const mine = messageRows(win)
      .filter((r) => r.classList.contains('is-mine'))
      .at(-1)!;
    expect(await openControls(host, fromBob)).to.deep.equal(['Block bob', 'Report', 'Delete']);
    await axe(host);
    shadowAll<HTMLElement>(host, '[role="menu"]')[0]!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    await waitFor(() => menuItems(host).length === 0, { message: 'Escape did not close the controls' });
    expect(await openControls(host, mine)).to.deep.equal(['Delete']);

    const id = mine.dataset.id!;
    expect(id).to.match(/^\d+$/);
    menuItems(host)[0]!.click();
    const d = await confirmShown(host, DELETE_MESSAGE);
    await axeCheck(d);
    dialogButton(host, 'Delete')!.click();
    await waitFor(() => !messageRows(win).some((r) => r.dataset.id === id), { message: 'the message stayed' });
    const hidden = await waitFor(async () => (await dbRows<{ message_id: number }>('hidden_messages', { blog_name: 'alice' }))[0], {
      message: 'the server did not record the delete',
    });
    expect(String(hidden.message_id)).to.equal(id);
  });

  it("a message's 'Block bob' is the sender's block: 'Block messages from this sender?' with the IP-address note; Block closes the conversation and blocks bob", async () => {
    const host = await dock();
    openByName('bob');
    const win = await loadedWindow(host, 'bob');
    const fromBob = lastFromOthers(win);
    await openControls(host, fromBob);
    menuItems(host)
      .find((i) => text(i) === 'Block bob')!
      .click();
    const d = await confirmShown(host, 'Block messages from this sender?');
    expect(text(d)).to.contain("Further messages from their IP address will be blocked too. This can't be undone.");
    await axeCheck(d);
    dialogButton(host, 'Block')!.click();
    await waitFor(async () => (await dbRows('blocks', { blocker_blog: 'alice', blocked_blog: 'bob' })).length === 1, {
      message: 'bob was not blocked',
    });
    await waitFor(() => !windowFor(host, 'bob'), { message: 'the conversation stayed open' });
  });
});
