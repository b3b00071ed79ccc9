/**
 * The docked-media gutter of <video-player> (state/gutter.ts, model/gutter.ts) in each engine,
 * playing the reference server's sample media: docking keeps the same <video> playing (MP4 and
 * HLS), one docked view at a time, Close / Return / Escape, a post that left the page (the drawer
 * closed), keyboard and focus, the width transition and reduced motion, axe. Waits on state.
 */
import { expect } from '@open-wc/testing';
import './index';
import { $postViewer } from '../../src/stores/post-viewer';
import { sendKeys } from '@web/test-runner-commands';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, deepActiveElement, mount, shadow, shadowRequired, stubReducedMotion } from '../../tests/helpers/dom';
import { resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { VOLUME_STORAGE_KEY } from './preferences';
import { $dockedVideo } from './state/docked';
import { endDockedView } from './state/gutter';

type PlayerHost = HTMLElement & { ready: Promise<void> };

const SD = '/assets/media/sd.mp4';
const HLS = '/assets/media/hls/index.m3u8';

const video = (host: Element) => shadowRequired<HTMLVideoElement>(host, 'video');
const player = (host: Element) => shadowRequired<HTMLElement>(host, '[part="player"]');
const states = (host: Element) => (shadow(host, '[part="player"]')?.dataset.state ?? '').split(' ');
const part = (host: Element, name: string) => shadowRequired<HTMLButtonElement>(host, `[part~="${name}"]`);
const placeholders = () => [...document.querySelectorAll<HTMLElement>('[data-tl-docked-placeholder]')];
const placeholderButton = (placeholder: Element) => shadowRequired<HTMLButtonElement>(placeholder, 'button');

async function inState(host: Element, name: string): Promise<void> {
  await waitFor(() => states(host).includes(name), {
    timeout: 10_000,
    message: `<video-player> never reached "${name}" (states: ${states(host).join(' ')})`,
  });
}

/** Mounts `count` players (in a page-like post each, with a page rule that sizes video-player). */
async function players(count: number, attrs = `src="${SD}"`): Promise<PlayerHost[]> {
  const posts = mount(
    `<div class="posts"><style>.post video-player { display: block; width: 100%; min-height: 120px; }</style>${Array.from(
      { length: count },
      (_, i) =>
        `<div class="post" style="width: 480px"><a href="#p${i}">Post ${i}</a><video-player ${attrs} post-id="${i + 1}" blog-name="bob"></video-player></div>`,
    ).join('')}</div>`,
  );
  const hosts = [...posts.querySelectorAll<PlayerHost>('video-player')];
  await Promise.all(hosts.map((h) => h.ready));
  return hosts;
}

/**
 * Presses Dock. Docking is its own chunk, which the control's intent (a pointer over it, focus on
 * it) loads before a viewer's press; a script's click comes without one: docked once it is here.
 */
async function pressDock(host: PlayerHost): Promise<void> {
  part(host, 'dock-button').click();
  await waitFor(() => host.hasAttribute('docked'), { message: `post ${host.getAttribute('post-id')} docked` });
}

async function play(host: PlayerHost): Promise<void> {
  shadowRequired(host, '[part="big-play-button"]').click();
  await inState(host, 'playing');
  // Its announcement too, so a later one is not overwritten by this one's late effect.
  await waitFor(() => shadowRequired(host, '.tl-live-region').textContent === 'Playing', { message: 'announced Playing' });
}

/** The media plays on: its clock moves on by `by` seconds from now (after the task of the move is long over). */
async function keepsPlaying(host: Element, by = 0.5): Promise<void> {
  const el = video(host);
  const from = el.currentTime;
  await waitFor(() => !el.paused && el.currentTime > from + by, {
    timeout: 10_000,
    message: `the video of post ${host.getAttribute('post-id')} plays on (paused ${el.paused}, ${from} → ${el.currentTime}, docked ${host.getAttribute('docked')}, ${JSON.stringify(host.getBoundingClientRect())})`,
  });
}

const dockedWidth = (host: Element) => Math.round(host.getBoundingClientRect().width);

describe('<video-player> docked gutter', function () {
  this.timeout(60_000);

  before(async function () {
    this.timeout(120_000);
    // The first request makes the sample media (ffmpeg, a few seconds).
    expect((await fetch(SD, { method: 'HEAD' })).status).to.equal(200);
  });

  beforeEach(async () => {
    await resetServer();
    await setupSession('alice');
    localStorage.removeItem(VOLUME_STORAGE_KEY);
  });
  afterEach(() => {
    endDockedView('close');
    for (const host of document.querySelectorAll('body > video-player')) host.remove();
    cleanup();
    document.documentElement.style.removeProperty('--tl-right-column');
  });

  it('docks: the same <video> plays on at the page’s right side, 300 wide, 17 px in, its width moving over 990 ms', async () => {
    const [host] = (await players(1)) as [PlayerHost];
    const post = host.parentElement!;
    const before = host.getBoundingClientRect();
    await play(host);
    const media = video(host);
    const events: CustomEvent[] = [];
    const listen = (e: Event) => events.push(e as CustomEvent);
    document.addEventListener('tl-video-dock', listen);

    const mediaEvents: string[] = [];
    for (const type of ['pause', 'play', 'playing', 'waiting', 'emptied', 'abort', 'suspend'])
      media.addEventListener(type, () => mediaEvents.push(type));
    await pressDock(host);
    document.removeEventListener('tl-video-dock', listen);

    // Moved, not copied: the element, its <video> and its state are the same.
    expect(host.parentElement).to.equal(document.body);
    expect(video(host)).to.equal(media);
    // Its width in the post was its style for a moment (the transition's start); now it is docked,
    // and its width is on the way to 300.
    expect(host.getAttribute('docked')).to.equal('');
    const widthTransition = host.getAnimations().find((a) => (a as CSSTransition).transitionProperty === 'width');
    expect(widthTransition, 'a width transition runs').to.be.instanceOf(Animation);
    expect(widthTransition!.effect!.getComputedTiming().duration).to.equal(990);
    expect(events.map((e) => e.detail)).to.deep.equal([
      { docked: true, reason: 'dock', postId: '1', playerId: events[0]!.detail.playerId },
    ]);
    // The post keeps the player's box.
    const [placeholder] = placeholders();
    expect(placeholder!.parentElement).to.equal(post);
    const box = placeholder!.getBoundingClientRect();
    expect(Math.round(box.width)).to.equal(Math.round(before.width));
    expect(Math.round(box.height)).to.equal(Math.round(before.height));
    await waitFor(() => placeholder!.shadowRoot!.textContent?.includes('Playing in the docked player'), {
      message: 'the placeholder says where the video went',
    });

    await keepsPlaying(host);
    const style = getComputedStyle(host);
    expect(style.position).to.equal('fixed');
    expect(style.right).to.equal('17px');
    expect(style.transitionProperty).to.equal('width');
    expect(style.transitionDuration).to.equal('0.99s');
    // From the post's 480 to 300 (wait on the end of the transition, not on time).
    await waitFor(() => dockedWidth(host) === 300, { timeout: 5_000, message: `300 wide (now ${dockedWidth(host)})` });
    const rect = host.getBoundingClientRect();
    expect(Math.round(document.documentElement.clientWidth - rect.right)).to.equal(17);
    // The title bar names the video; Return and Close are there; the Dock control is not.
    expect(shadowRequired(host, '[part="dock-bar"]').textContent).to.contain('Video from bob');
    expect(part(host, 'return-button').getAttribute('aria-label')).to.equal('Return video to its post');
    expect(part(host, 'dock-close-button').getAttribute('aria-label')).to.equal('Close docked video');
    expect(shadow(host, '[part~="dock-button"]')).to.equal(null);
    expect(host.getAttribute('role')).to.equal('region');
    expect(host.getAttribute('aria-label')).to.equal('Docked video');
    await waitFor(() => shadowRequired(host, '.tl-live-region').textContent === 'Docked to the side of the page', {
      message: `docking announced (${shadowRequired(host, '.tl-live-region').textContent}; media events ${mediaEvents.join(',')}; states ${states(host).join(' ')})`,
    });
  });

  it('keeps an HLS source (hls.js or native) playing through the move', async () => {
    const [host] = (await players(1, `hls-service="${HLS}" src="${SD}"`)) as [PlayerHost];
    await play(host);
    await keepsPlaying(host, 0.3);
    const src = video(host).currentSrc;
    await pressDock(host);
    expect(host.parentElement).to.equal(document.body);
    await keepsPlaying(host);
    expect(video(host).currentSrc).to.equal(src);
    expect(states(host)).to.not.include('error');
  });

  it('with no right column (--tl-right-column: none) the gutter is at -65 px: its 235 px on screen, against the edge', async () => {
    document.documentElement.style.setProperty('--tl-right-column', 'none');
    const stop = stubReducedMotion(); // the box at once, no transition to wait for
    try {
      const [host] = (await players(1)) as [PlayerHost];
      await pressDock(host);
      expect(getComputedStyle(host).right).to.equal('0px');
      expect(dockedWidth(host)).to.equal(235);
      // The page can change its mind (a media query): a resize reads it again.
      document.documentElement.style.removeProperty('--tl-right-column');
      window.dispatchEvent(new Event('resize'));
      expect(getComputedStyle(host).right).to.equal('17px');
      expect(dockedWidth(host)).to.equal(300);
    } finally {
      stop();
    }
  });

  it('one docked view at a time: a new dock sends the old one back to its post, paused', async () => {
    const [a, b] = (await players(2)) as [PlayerHost, PlayerHost];
    const postA = a.parentElement!;
    await play(a);
    await pressDock(a);
    await keepsPlaying(a);
    await play(b);
    const events: CustomEvent[] = [];
    const listen = (e: Event) => events.push(e as CustomEvent);
    document.addEventListener('tl-video-dock', listen);
    await pressDock(b);
    document.removeEventListener('tl-video-dock', listen);

    expect(a.parentElement, 'A back in its post').to.equal(postA);
    expect(a.hasAttribute('docked')).to.equal(false);
    expect(b.parentElement).to.equal(document.body);
    expect(document.querySelectorAll('video-player[docked]').length).to.equal(1);
    expect(placeholders().length, 'only B’s placeholder').to.equal(1);
    expect(events.map((e) => [(e.target as Element) === a ? 'a' : 'b', e.detail.docked, e.detail.reason])).to.deep.equal([
      ['a', false, 'evicted'],
      ['b', true, 'dock'],
    ]);
    await inState(a, 'paused');
    expect(video(a).paused).to.equal(true);
    // A box of its own again (the page's rule, 480 wide), and a Dock control.
    expect(getComputedStyle(a).position).to.not.equal('fixed');
    expect(Math.round(a.getBoundingClientRect().width)).to.equal(480);
    expect(part(a, 'dock-button')).to.be.instanceOf(HTMLButtonElement);
    await keepsPlaying(b);
  });

  it('Close pauses it and puts it back; Return puts it back playing', async () => {
    const [host] = (await players(1)) as [PlayerHost];
    const post = host.parentElement!;
    await play(host);
    await pressDock(host);
    (await waitFor(() => shadow<HTMLButtonElement>(host, '[part~="return-button"]'), { message: 'Return shows' })).click();
    expect(host.parentElement).to.equal(post);
    expect(placeholders().length).to.equal(0);
    expect($dockedVideo.get()).to.equal(null);
    await keepsPlaying(host);

    await pressDock(host);
    await keepsPlaying(host);
    (await waitFor(() => shadow<HTMLButtonElement>(host, '[part~="dock-close-button"]'), { message: 'Close shows' })).click();
    expect(host.parentElement).to.equal(post);
    await inState(host, 'paused');
    expect(video(host).paused).to.equal(true);
  });

  it('the placeholder’s Return video here brings it back', async () => {
    const [host] = (await players(1)) as [PlayerHost];
    const post = host.parentElement!;
    await pressDock(host);
    const [placeholder] = placeholders();
    await waitFor(() => shadow(placeholder!, 'button'), { message: 'the placeholder renders its button' });
    expect(placeholderButton(placeholder!).textContent).to.equal('Return video here');
    placeholderButton(placeholder!).click();
    expect(host.parentElement).to.equal(post);
    expect(placeholder!.isConnected).to.equal(false);
  });

  it('a player docked from a drawer plays on after the drawer unmounts its posts; Close then takes it off the page', async () => {
    // A drawer: a modal-less stand-in whose posts sit in a shadow root and go away when it closes.
    const drawer = mount('<aside class="drawer"></aside>');
    const root = drawer.attachShadow({ mode: 'open' });
    root.innerHTML = `<div class="list"><article><video-player src="${SD}" post-id="9" blog-name="carol" style="width: 400px"></video-player></article></div><button type="button" id="in-drawer">Like</button>`;
    const host = root.querySelector<PlayerHost>('video-player')!;
    await host.ready;
    const media = video(host);
    const opener = mount('<button type="button">Open the drawer</button>');
    // The viewer opens the drawer: players outside it pause, the drawer's own play on.
    $postViewer.set(drawer);
    await play(host);
    await pressDock(host);
    expect(host.parentElement).to.equal(document.body);
    // The drawer closes: its posts are gone, and so is the placeholder.
    root.querySelector('.list')!.remove();
    $postViewer.set(null);
    drawer.remove();
    await keepsPlaying(host, 1);
    expect(states(host)).to.include('playing');
    // Nowhere to return to: no Return button, Close only.
    await waitFor(() => shadow(host, '[part~="return-button"]') === null, { message: 'Return goes with the post' });
    opener.focus();
    part(host, 'dock-close-button').focus();
    part(host, 'dock-close-button').click();
    expect(host.isConnected, 'taken off the page').to.equal(false);
    expect($dockedVideo.get()).to.equal(null);
    expect(media.paused).to.equal(true);
    // Focus goes back to where the viewer was before the gutter, not to <body>.
    expect(deepActiveElement()).to.equal(opener);
  });

  it('plays on while the post viewer opens; an undocked player pauses', async () => {
    const [docked, other] = (await players(2)) as [PlayerHost, PlayerHost];
    await play(docked);
    await pressDock(docked);
    await play(other);
    const viewer = mount('<aside></aside>');
    $postViewer.set(viewer);
    await inState(other, 'paused');
    await keepsPlaying(docked);
    $postViewer.set(null);
  });

  it('keyboard: Dock by Enter, focus stays at the post, Tab reaches the gutter, Escape closes it and nothing else', async () => {
    const [host] = (await players(1)) as [PlayerHost];
    const post = host.parentElement!;
    const dockButton = part(host, 'dock-button');
    dockButton.focus();
    await sendKeys({ press: 'Enter' });
    // Focus on Dock loaded the docking chunk; the Enter docks once it is here.
    await waitFor(() => host.parentElement === document.body, { message: 'docked by Enter' });
    const [placeholder] = placeholders();
    // Focus went with the viewer's place, not with the player (and not to <body>).
    await waitFor(() => deepActiveElement() === shadow(placeholder!, 'button'), {
      message: `focus on Return video here (now ${deepActiveElement()?.outerHTML.slice(0, 80)})`,
    });

    // Tab reaches the gutter's buttons (it is the last thing on the page).
    const inGutter = () => host.shadowRoot!.contains(deepActiveElement());
    for (let i = 0; i < 30 && !inGutter(); i++) await sendKeys({ press: 'Tab' });
    expect(inGutter(), 'Tab reaches the docked player').to.equal(true);
    for (let i = 0; i < 30 && deepActiveElement() !== part(host, 'dock-close-button'); i++) await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(part(host, 'dock-close-button'));

    // Escape closes the docked view; a page listener for Escape (a drawer, a menu) never hears it.
    let pageHeard = 0;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && pageHeard++;
    document.addEventListener('keydown', onKey);
    await sendKeys({ press: 'Escape' });
    document.removeEventListener('keydown', onKey);
    expect(pageHeard).to.equal(0);
    expect(host.parentElement).to.equal(post);
    // Focus followed the player back into its post.
    expect(deepActiveElement()).to.equal(player(host));
  });

  it('no transition under reduced motion: 300 wide at once', async () => {
    const restore = stubReducedMotion();
    try {
      const [host] = (await players(1)) as [PlayerHost];
      await pressDock(host);
      expect(host.getAttribute('docked')).to.equal('');
      const style = getComputedStyle(host);
      expect(style.transitionDuration).to.equal('0s');
      expect(dockedWidth(host)).to.equal(300);
      expect(host.getAnimations().length).to.equal(0);
    } finally {
      restore();
    }
  });

  it('axe: the docked player and the placeholder in its post', async () => {
    const [host] = (await players(1)) as [PlayerHost];
    await play(host);
    await pressDock(host);
    const [placeholder] = placeholders();
    await waitFor(() => shadow(placeholder!, 'button'), { message: 'the placeholder renders' });
    await waitFor(() => dockedWidth(host) === 300, { message: 'the gutter has opened' });
    await axeCheck(host);
    await axeCheck(placeholder!);
    // Paused, the controls show: check them too.
    part(host, 'play-button').click();
    await inState(host, 'paused');
    await axeCheck(host);
  });
});
