/**
 * <messaging-dock>'s first-time tutorial (spec §2 Messaging tutorial, §7 tutorial_seen, §9
 * confetti): dora has not seen it, so it points at the dock's balloon with confetti; 'Send a
 * message' opens the inbox; once removed the server records it and it never shows again, even
 * with this browser's own record gone. alice has seen it: nothing. An axe check in every state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { resetMessagingState } from './state/lifecycle';
import { $inboxOpen, setInboxOpen } from '../../src/stores/inbox';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, shadow, shadowAll } from '../../tests/helpers/dom';
import { dbRows, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { clearMessagingStorage, dock, expectEvent, part, text, type Host, dockGone, freshDock } from './dock.test-helpers';

const tutorial = (host: Element) => shadow<HTMLElement>(host, '[part="tutorial"]');
const panel = (host: Element) => shadow<HTMLElement>(host, '[part="tutorial"] [role="dialog"]');

async function shown(host: Host): Promise<HTMLElement> {
  const p = await waitFor(
    () => {
      const el = panel(host);
      // placed, and its fade-in over
      return el && el.style.visibility !== 'hidden' && el.getAnimations().every((a) => a.playState !== 'running') ? el : null;
    },
    { message: 'the tutorial never showed' },
  );
  return p;
}

async function seenOnServer(user: string): Promise<boolean> {
  return (await dbRows<{ tutorial_seen: number }>('messaging_users', { user_name: user }))[0]?.tutorial_seen === 1;
}

describe('<messaging-dock> tutorial', () => {
  beforeEach(() => freshDock(null));
  afterEach(dockGone);

  it("shows 'Talk to a Tumblr' once with confetti; 'Send a message' opens the inbox and it never shows again", async () => {
    await setupSession('dora');
    const host = await dock();
    const p = await shown(host);
    expect(text(p.querySelector('h2'))).to.equal('Talk to a Tumblr');
    expect(text(p.querySelector('p'))).to.equal("Just tap this balloon, type the Tumblr's name, and start a conversation.");
    const ok = [...p.querySelectorAll('button')].find((b) => text(b) === 'Send a message')!;
    expect(ok).to.exist;
    expect(shadowAll(host, '[part="tutorial"] .tl-confetti__piece')).to.have.length(50);
    // it points at the dock's own balloon
    const trigger = part(host, 'trigger')!.getBoundingClientRect();
    expect(p.getBoundingClientRect().bottom).to.be.at.most(trigger.top + 1);
    await axeCheck(p);
    expect(await seenOnServer('dora')).to.equal(false);

    // Waited for from the click: the dock's inbox code loading meanwhile (the tutorial is intent
    // to open it) must not eat into the event's time.
    const removed = expectEvent(document, 'tl-tutorial-removed');
    ok.click();
    await waitFor(() => $inboxOpen.get() === true, { message: "'Send a message' did not open the inbox" });
    expect((await removed).detail).to.deep.equal({ name: 'messaging' });
    await waitFor(() => tutorial(host) === null, { message: 'the tutorial stayed' });
    await waitFor(() => seenOnServer('dora'), { message: 'tutorial_seen was not recorded' });

    // a reload, and this browser's own record gone: the server's word is enough
    await cleanup();
    resetMessagingState();
    setInboxOpen(false);
    clearMessagingStorage();
    await setupSession('dora');
    const again = await dock();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tutorial(again)).to.equal(null);
  });

  it('Escape closes it without opening the inbox, and it counts as seen', async () => {
    await setupSession('dora');
    const host = await dock();
    await shown(host);
    await waitFor(() => host.shadowRoot!.activeElement?.textContent === 'Send a message', { message: 'the OK button was not focused' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => tutorial(host) === null, { message: 'Escape did not close it' });
    expect($inboxOpen.get()).to.equal(false);
    await waitFor(() => seenOnServer('dora'), { message: 'tutorial_seen was not recorded' });
  });

  it('does not show for alice, who has seen it, nor twice with two docks', async () => {
    await setupSession('alice');
    const host = await dock();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tutorial(host)).to.equal(null);

    await cleanup();
    resetMessagingState();
    await setupSession('dora');
    const first = await dock();
    const second = await dock();
    await shown(first);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tutorial(second)).to.equal(null);
  });
});
