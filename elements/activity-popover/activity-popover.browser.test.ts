/**
 * <activity-popover> against the in-process reference server: every
 * notification type, day groups, blog switching, empty state, the 'Woops :('
 * alert on failure, the blog selector's keyboard, axe in each state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { $session, updateUser } from '../../src/session/session';
import { ACTIVITY_EMPTY_TEXT, calendarDay, relativeDayLabel } from '../../src/models/activity';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, mount, shadow, shadowAll } from '../../tests/helpers/dom';
import { injectFault, resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';

type Host = HTMLElement & { ready: Promise<void> };

const rows = (host: Element) => shadowAll(host, '.row');
const key = (target: Element, k: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, cancelable: true }));

async function inlinePanel(): Promise<Host> {
  const host = mount<Host>('<activity-popover inline></activity-popover>');
  await host.ready;
  await waitFor(() => rows(host).length > 0 || shadow(host, '.panel__empty') || shadow(host, '[part="error"]'));
  return host;
}

describe('<activity-popover>', () => {
  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
  });
  afterEach(() => cleanup());

  it('renders every notification type grouped by day, with badges and quotes', async () => {
    const host = await inlinePanel();
    // Each group holds the rows of one local calendar day, labelled by its distance from today.
    const groups = shadowAll(host, '.group');
    expect(groups.length).to.be.at.least(3);
    const today = Date.parse(`${calendarDay(Date.now())}T00:00:00Z`);
    let previous = -1;
    for (const group of groups) {
      const days = [...group.querySelectorAll('time')].map((t) => calendarDay(Date.parse(t.getAttribute('datetime')!)));
      expect(new Set(days).size, 'one day per group').to.equal(1);
      const daysAgo = Math.round((today - Date.parse(`${days[0]}T00:00:00Z`)) / 86_400_000);
      expect(daysAgo).to.be.greaterThan(previous);
      previous = daysAgo;
      expect(group.querySelector('.group__label')?.textContent).to.equal(relativeDayLabel(daysAgo));
      expect(group.querySelector('.group__date')?.textContent).to.match(/^\w+day, \w+ \d{1,2}$/);
    }
    const types = new Set(rows(host).map((r) => [...r.classList].find((c) => c.startsWith('row--'))));
    for (const type of ['like', 'reblog', 'follower', 'user_mention', 'reply', 'answer', 'ask', 'postcard'])
      expect(types, type).to.include(`row--${type}`);
    const reply = shadow(host, '.row--reply')!;
    expect(reply.querySelector('.row__what')?.textContent).to.match(/^replied to your (\w+ )?post$/);
    expect(reply.querySelector('.row__quote')?.textContent).to.match(/^“.+”$/);
    expect(shadow(host, '.row--reblog .row__quote')).to.exist;
    expect(shadow(host, '.row--postcard .row__what')?.textContent).to.equal('sent you fan mail');
    expect(shadow(host, '.row--postcard .row__badge-label')?.textContent).to.equal('Fan mail');
    const follower = shadowAll(host, '.row--follower').find((r) => r.querySelector('.row__follow'));
    if (follower) expect(follower.querySelector('.row__follow')!.getAttribute('href')).to.match(/^\/follow\/[a-z0-9-]+$/);
    expect(shadow(host, '.panel__sparkline svg')).to.exist;
    expect(shadow(host, '[part="see-everything"]')?.getAttribute('href')).to.equal('/blog/alice/activity');
    // Each row's blog name is wrapped in a blog card.
    expect(shadow(host, '.row blog-card[blog-name] a.row__name')).to.exist;
    await axeCheck(host);
  });

  it('switches blog from the selector, refetches, and sets the current blog for the page', async () => {
    const host = await inlinePanel();
    const before = rows(host).length;
    const button = shadow<HTMLButtonElement>(host, '.tl-blog-selector__button')!;
    // its name is its text (WCAG 2.5.3: the visible name is part of the accessible one)
    expect(button.hasAttribute('aria-label')).to.equal(false);
    expect(button.textContent).to.match(/^Show activity for: alice\s*▾$/);
    button.focus();
    key(button, 'ArrowDown');
    const list = await waitFor(() => shadow(host, '[role="listbox"]'));
    await waitFor(() => deepActiveElement() === list);
    key(list, 'ArrowDown');
    await waitFor(() => list.getAttribute('aria-activedescendant')?.endsWith('-opt-1'));
    key(list, 'Enter');
    await waitFor(() => !shadow(host, '[role="listbox"]'));
    expect($session.get().currentChannel).to.equal('alice-sketches');
    await waitFor(
      () =>
        shadow(host, '.panel')?.getAttribute('aria-label') === 'Activity for alice-sketches' &&
        rows(host).length > 0 &&
        rows(host).length !== before,
    );
    expect(deepActiveElement()).to.equal(button);
    await axeCheck(host);
  });

  it('selector keyboard: Home/End, type-ahead, Escape returns focus without changing', async () => {
    const host = await inlinePanel();
    const button = shadow<HTMLButtonElement>(host, '.tl-blog-selector__button')!;
    button.focus();
    key(button, 'ArrowDown');
    const list = await waitFor(() => shadow(host, '[role="listbox"]'));
    await waitFor(() => deepActiveElement() === list);
    const active = () => list.getAttribute('aria-activedescendant') ?? '';
    key(list, 'End');
    await waitFor(() => active().endsWith('-opt-1'));
    key(list, 'Home');
    await waitFor(() => active().endsWith('-opt-0'));
    key(list, 'a');
    await waitFor(() => active().endsWith('-opt-1'));
    expect(shadowAll(host, '[role="option"]').map((o) => o.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
    await axeCheck(host);
    key(list, 'Escape');
    await waitFor(() => !shadow(host, '[role="listbox"]'));
    expect(deepActiveElement()).to.equal(button);
    expect($session.get().currentChannel).to.equal('alice');
  });

  it('shows the empty message, and no selector or sparkline, for a one-blog user with no activity', async () => {
    await setupSession('carol');
    const host = await inlinePanel();
    expect(shadow(host, '.panel__empty')?.textContent).to.equal(ACTIVITY_EMPTY_TEXT);
    expect(shadow(host, '.tl-blog-selector__button')).to.equal(null);
    expect(shadow(host, '.panel__sparkline')).to.equal(null);
    expect(shadow(host, '[part="see-everything"]')).to.equal(null);
    await axeCheck(host);
  });

  it("alerts 'Woops :(' through the confirm queue when loading fails, then Retry loads", async () => {
    await injectFault('/svc/data/tumblelog', 500, 1);
    const host = mount<Host>('<activity-popover inline></activity-popover>');
    const dialog = await waitFor(() => shadow(host, 'dialog[open]'));
    expect(dialog.getAttribute('role')).to.equal('alertdialog');
    expect(dialog.textContent).to.contain('Woops :(');
    await axeCheck(dialog);
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'OK')!.click();
    await waitFor(() => !shadow(host, 'dialog[open]'));
    expect(shadow(host, '[part="error"]')?.textContent).to.contain("Couldn't load activity for alice.");
    await axeCheck(host);
    shadowAll<HTMLButtonElement>(host, '[part="error"] button')[0]!.click();
    await waitFor(() => rows(host).length > 0);
  });

  it("the trigger's intent makes the list's date formatters in idle time: the click that opens it makes none", async () => {
    // A language no earlier test used, so its formatters are not made yet on this page.
    updateUser({ language: 'fr_CA' });
    const made: string[] = [];
    const Original = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.push(String(args[0]));
        return Reflect.construct(target, args) as Intl.DateTimeFormat;
      },
    });
    try {
      const host = mount<Host>('<activity-popover></activity-popover>');
      await host.ready;
      const trigger = shadow<HTMLButtonElement>(host, '[part="trigger"]')!;
      trigger.focus();
      // The day's full date and the time of day, in the user's language (the day key is en-CA's, made earlier).
      await waitFor(() => made.filter((l) => l === 'fr-CA').length === 2, { message: 'intent made no formatters' });
      const before = made.length;
      trigger.click();
      await waitFor(() => shadow(host, '[part="popover"] .row'));
      expect(made.length, 'formatters made by the click that opened the list').to.equal(before);
      expect(shadow(host, '.group__date')?.textContent, 'the dates in the user’s language').to.match(/^\p{Ll}+ \d{1,2} \p{Ll}+$/u);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it('button mode opens the panel in a popover; logged out renders nothing', async () => {
    const host = mount<Host>('<activity-popover></activity-popover>');
    await host.ready;
    const trigger = shadow<HTMLButtonElement>(host, '[part="trigger"]')!;
    expect(trigger.getAttribute('aria-expanded')).to.equal('false');
    trigger.click();
    await waitFor(() => shadow(host, '[part="popover"] .row'));
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    await axeCheck(host);
    cleanup();
    await setupSession('anonymous');
    const anon = mount<Host>('<activity-popover></activity-popover>');
    await anon.ready;
    expect(anon.shadowRoot!.querySelector('button, section')).to.equal(null);
  });
});
