/**
 * <messaging-dock> posts sent as messages (spec §3 Post message content, §5 safe mode, §8 the
 * unavailable post, §9 sizes and the 60 % rule): slow-cinema's conversation holds a post of every
 * kind from the reference server; each renders by its kind, the one no longer available says so,
 * and the NSFW one hides behind 'This may be NSFW' while both safe-mode switches are on.
 */
import { expect } from '@open-wc/testing';
import './index';
import { $session, configure } from '../../src/session/session';
import { waitFor } from '../../tests/helpers/wait';
import { axe, dock, inboxWithRows, messageRows, rowFor, text, type Host, dockGone, freshDock } from './dock.test-helpers';

interface Seen {
  kind: string | null;
  text: string;
  full: boolean;
  images: number;
  nsfwLink: string | null;
}

/** Every message row of the list, scrolled through from the top (the list is virtualized). */
async function everyRow(win: HTMLElement): Promise<Map<string, Seen>> {
  const list = win.querySelector<HTMLElement>('[part~="messages"]')!;
  const seen = new Map<string, Seen>();
  const collect = () => {
    for (const row of messageRows(win)) {
      const bubble = row.querySelector<HTMLElement>('[part~="message"]');
      if (!bubble || !row.dataset.id) continue;
      seen.set(row.dataset.id, {
        kind: bubble.dataset.kind ?? null,
        text: text(bubble),
        full: bubble.classList.contains('is-full'),
        images: bubble.querySelectorAll('img').length,
        nsfwLink: bubble.querySelector('a[href="/settings/account"]') ? '/settings/account' : null,
      });
    }
  };
  list.scrollTop = 0;
  for (let guard = 0; guard < 50; guard++) {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    collect();
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) break;
    list.scrollTop += Math.max(50, list.clientHeight / 2);
  }
  return seen;
}

async function slowCinema(): Promise<{ host: Host; win: HTMLElement }> {
  const host = await dock();
  // slow-cinema takes no messages (so it cannot be opened by name): the inbox row opens it
  await inboxWithRows(host);
  const row = await waitFor(() => rowFor(host, 'slow-cinema'), { message: 'no inbox row for slow-cinema' });
  row.querySelector<HTMLElement>('button, a')!.click();
  const win = await waitFor(
    () => {
      const w = host.shadowRoot!.querySelector<HTMLElement>('[part~="window"]');
      return w && messageRows(w).length > 0 ? w : null;
    },
    { message: "slow-cinema's conversation never loaded" },
  );
  return { host, win };
}

describe('<messaging-dock> sent posts', () => {
  beforeEach(() => freshDock());

  afterEach(dockGone);

  it('renders photo, photoset, link, quote, audio, video and chat posts by kind; a gone post and an NSFW one in safe mode say so', async () => {
    const { host, win } = await slowCinema();
    const rows = [...(await everyRow(win)).values()];
    expect(rows).to.have.length(9);
    const kinds = rows.map((r) => r.kind);
    expect(kinds.filter((k) => k !== null).sort()).to.deep.equal(['audio', 'chat', 'link', 'photo', 'photoset', 'quote', 'video']);
    const byKind = (k: string) => rows.find((r) => r.kind === k)!;
    expect(byKind('photoset').images).to.be.greaterThan(1);
    expect(byKind('photo').images).to.equal(1);
    expect(byKind('video').images).to.equal(1);
    expect(byKind('quote').images).to.equal(0);
    expect(byKind('quote').text).to.match(/“.+”/);
    // a 210 px picture is over 60 % of a 320 px window's list: full width; a quote is not
    expect(byKind('photo').full).to.equal(true);
    expect(byKind('quote').full).to.equal(false);
    expect(rows.filter((r) => r.text === "slow-cinema sent a post that's no longer available")).to.have.length(1);
    const nsfw = rows.filter((r) => r.text.startsWith('This may be NSFW'));
    expect(nsfw).to.have.length(1);
    expect(nsfw[0]!.nsfwLink).to.equal('/settings/account');
    await axe(host);
  });

  it('shows the NSFW post when either safe-mode switch is off', async () => {
    configure({ user: { ...$session.get().user!, safe_mode: false } });
    const { win } = await slowCinema();
    const rows = [...(await everyRow(win)).values()];
    expect(rows.filter((r) => r.text.startsWith('This may be NSFW'))).to.have.length(0);
    expect(rows.filter((r) => r.kind !== null)).to.have.length(8);
  });
});
