/**
 * <blog-card>'s staff toggles (authoring spec §6, §7) against the in-process reference server, as
 * the seeded staff member: each toggle's state, the call and the database, the suspend
 * confirmation, failures that show the old state again with the reason, the marks everyone sees,
 * and no toggles for anyone else. Axe in every state.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './index';
import { $staffFlags } from './state/staff-flags';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, mount, shadow, shadowAll } from '../../tests/helpers/dom';
import { clearFaults, dbRows, injectFault, releaseHeldRequests, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor, waitForEvent } from '../../tests/helpers/wait';

type CardHost = HTMLElement & { ready: Promise<void> };
interface BlogRow {
  is_spam: number;
  is_nsfw: number;
  is_adult: number;
  is_uniblocked: number;
  is_suspended: number;
}

const toggles = (host: Element) => shadowAll<HTMLButtonElement>(host, '.card [part="staff"] button');
const toggle = (host: Element, label: string) => toggles(host).find((b) => b.textContent?.replace('✓', '').trim() === label);
const pressed = (host: Element, label: string) => toggle(host, label)?.getAttribute('aria-pressed');
const notice = (host: Element) => shadow(host, '.notice')?.textContent ?? '';
const marks = (host: Element) => shadowAll(host, '[part="marks"] li').map((li) => li.textContent);
const dialogButton = (host: Element, text: string) =>
  shadowAll<HTMLButtonElement>(host, 'dialog[open] button').find((b) => b.textContent === text);

async function blogRow(name: string): Promise<BlogRow> {
  const [row] = await dbRows<BlogRow>('blogs', { name });
  if (!row) throw new Error(`no blog ${name}`);
  return row;
}

/** The card for `blog`, open and still (axe must see final colours). */
async function openCard(blog: string): Promise<CardHost> {
  const host = mount<CardHost>(`<blog-card blog-name="${blog}"><a href="/blog/${blog}">${blog}</a></blog-card>`);
  await host.ready;
  host.setAttribute('open', '');
  await waitFor(() => shadow(host, '.card .body'), { message: 'the card body never rendered' });
  await waitFor(() =>
    shadow(host, '.card')!
      .getAnimations({ subtree: true })
      .every((a) => a.playState !== 'running'),
  );
  return host;
}

describe('<blog-card> staff toggles', function () {
  this.timeout(30_000);

  beforeEach(async () => {
    await resetServer();
    $staffFlags.set({});
    await setupSession('staff');
  });
  afterEach(async () => {
    cleanup();
    await clearFaults();
  });

  // Each test opens a blog no other test in this file opens: a card loaded in the last minute comes from the page's cache.
  it('shows the five toggles with their state; a press flips the flag in the database, and again flips it back', async () => {
    const host = await openCard('bob');
    expect(toggles(host).map((b) => b.textContent?.replace('✓', ''))).to.deep.equal(['Spam', 'NSFW', 'Adult', 'Uniblock', 'Suspended']);
    expect(toggles(host).map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['false', 'false', 'false', 'false', 'false']);
    expect(shadow(host, '[part="staff"]')!.getAttribute('aria-labelledby')).to.be.a('string');
    expect(shadow(host, '[part="staff"] h3')!.textContent).to.equal('Staff toggles for bob');
    await axeCheck(host);

    const changed = waitForEvent<CustomEvent>(host, 'tl-staff-flag-change');
    toggle(host, 'Spam')!.click();
    expect((await changed).detail).to.deep.equal({ blogName: 'bob', flag: 'spam', on: true });
    expect(pressed(host, 'Spam')).to.equal('true');
    expect(notice(host)).to.equal('Spam is on for bob.');
    expect((await blogRow('bob')).is_spam).to.equal(1);
    await axeCheck(host);

    toggle(host, 'Spam')!.click();
    await waitFor(() => notice(host) === 'Spam is off for bob.');
    expect(pressed(host, 'Spam')).to.equal('false');
    expect((await blogRow('bob')).is_spam).to.equal(0);
  });

  it('NSFW and Adult add the marks everyone sees, at once; the card remembers them when it opens again', async () => {
    const host = await openCard('carol');
    expect(marks(host)).to.deep.equal([]);
    toggle(host, 'NSFW')!.click();
    await waitFor(() => notice(host) === 'NSFW is on for carol.');
    toggle(host, 'Adult')!.click();
    await waitFor(() => notice(host) === 'Adult is on for carol.');
    expect(marks(host)).to.deep.equal(['Sensitive content', 'Adult content']);
    const row = await blogRow('carol');
    expect([row.is_nsfw, row.is_adult]).to.deep.equal([1, 1]);
    await axeCheck(host);
    // Closed and opened again within the cache's minute: the toggled state, not the first load's.
    host.removeAttribute('open');
    await waitFor(() => !shadow(host, '.card'));
    host.setAttribute('open', '');
    await waitFor(() => pressed(host, 'NSFW') === 'true' && pressed(host, 'Adult') === 'true', { message: 'the card forgot the flags' });
  });

  it('Suspended asks first: Nevermind changes nothing; Suspend suspends', async () => {
    const host = await openCard('sea-glass');
    toggle(host, 'Suspended')!.click();
    const dialog = await waitFor(() => shadow(host, 'dialog[open]'));
    expect(dialog.textContent).to.contain('Suspend sea-glass?');
    expect(dialog.textContent).to.contain('Its blog page will say it is suspended and show no posts until staff lift the suspension.');
    // The safe choice has focus.
    await waitFor(() => deepActiveElement()?.textContent === 'Nevermind');
    await axeCheck(dialog); // the card behind a modal is inert; axe would measure it through the backdrop
    dialogButton(host, 'Nevermind')!.click();
    await waitFor(() => !shadow(host, 'dialog[open]'));
    expect(pressed(host, 'Suspended')).to.equal('false');
    expect((await blogRow('sea-glass')).is_suspended).to.equal(0);
    expect(shadow(host, '.card'), 'the card closed under the dialog').to.exist;

    toggle(host, 'Suspended')!.click();
    await waitFor(() => dialogButton(host, 'Suspend'));
    dialogButton(host, 'Suspend')!.click();
    await waitFor(() => notice(host) === 'Suspended is on for sea-glass.');
    expect(pressed(host, 'Suspended')).to.equal('true');
    expect(marks(host)).to.deep.equal(['Suspended']);
    expect((await blogRow('sea-glass')).is_suspended).to.equal(1);
    await axeCheck(host);

    // Lifting a suspension asks nothing.
    toggle(host, 'Suspended')!.click();
    await waitFor(() => notice(host) === 'Suspended is off for sea-glass.');
    expect(shadow(host, 'dialog[open]')).to.equal(null);
    expect(marks(host)).to.deep.equal([]);
  });

  it('shows the new state while the call runs; a failure shows the old state again and says so', async () => {
    const host = await openCard('slow-cinema');
    await injectFault('/uniblock/toggle', 'timeout', 1, { hold_ms: 20_000 });
    toggle(host, 'Uniblock')!.click();
    await waitFor(() => pressed(host, 'Uniblock') === 'true' && toggle(host, 'Uniblock')!.getAttribute('aria-busy') === 'true');
    // A second press while it runs does nothing.
    toggle(host, 'Uniblock')!.click();
    expect(pressed(host, 'Uniblock')).to.equal('true');
    await axeCheck(host);
    await releaseHeldRequests();
    await waitFor(() => notice(host) === "Couldn't turn Uniblock on for slow-cinema. Try again.");
    expect(pressed(host, 'Uniblock')).to.equal('false');
    expect(toggle(host, 'Uniblock')!.hasAttribute('aria-busy')).to.equal(false);
    expect((await blogRow('slow-cinema')).is_uniblocked).to.equal(0);
    await axeCheck(host);

    // A malformed answer is a failure too: nothing shows a state the server did not confirm.
    await injectFault('/adult/toggle', 'malformed', 1);
    toggle(host, 'Adult')!.click();
    await waitFor(() => notice(host) === "Couldn't turn Adult on for slow-cinema. Try again.");
    expect(pressed(host, 'Adult')).to.equal('false');
  });

  it('a 403 says only staff can change it', async () => {
    const host = await openCard('one-hit-wonder');
    await injectFault('/spam/toggle', 403, 1);
    toggle(host, 'Spam')!.click();
    await waitFor(() => notice(host) === "Couldn't turn Spam on for one-hit-wonder. Only staff can change it.");
    expect(pressed(host, 'Spam')).to.equal('false');
    await axeCheck(host);
  });

  it('works from the keyboard: Space or Enter presses a toggle, Tab moves to the next', async () => {
    const host = await openCard('moss-and-stone');
    toggle(host, 'NSFW')!.focus();
    await sendKeys({ type: ' ' }); // Firefox's sendKeys has no "Space" key name
    await waitFor(() => notice(host) === 'NSFW is on for moss-and-stone.');
    expect(pressed(host, 'NSFW')).to.equal('true');
    expect(deepActiveElement()).to.equal(toggle(host, 'NSFW'));
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(toggle(host, 'Adult'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => notice(host) === 'Adult is on for moss-and-stone.');
  });

  it('nobody but staff sees them; everyone sees the marks', async () => {
    await setupSession('alice');
    const host = await openCard('glitch-art-daily');
    expect(shadow(host, '[part="staff"]')).to.equal(null);
    expect(marks(host)).to.deep.equal(['Sensitive content']);
    await axeCheck(host);
    cleanup();
    await setupSession('anonymous');
    const visitor = await openCard('pixel-garden');
    expect(shadow(visitor, '[part="staff"]')).to.equal(null);
  });
});
