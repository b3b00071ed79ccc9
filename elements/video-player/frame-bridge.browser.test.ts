/**
 * The cross-window message bridge, both sides for real in each engine: this test page is the page
 * (state/frame-host.ts), and an <iframe> of the same origin runs a <video-player> with
 * `iframe-post-data` (frame-bridge.ts). The frame's document is a blob: page importing this
 * very bundle, which then only defines the element (the tests below register in the top window).
 * Size, dock and undock asked by the frame; play and pause asked by the page; eviction by a page
 * player; messages from other senders or of the wrong shape dropped with one warning; axe.
 */
import { expect } from '@open-wc/testing';
import './index';
import { axeCheck } from '../../tests/helpers/axe';
import { cleanup, mount, shadow, shadowRequired } from '../../tests/helpers/dom';
import { resetServer, setupSession } from '../../tests/helpers/server';
import { waitFor } from '../../tests/helpers/wait';
import { commandPlayerFrame } from './state/frame-host';
import { $dockedVideo } from './state/docked';
import { endDockedView } from './state/gutter';

const SD = '/assets/media/sd.mp4';
const IN_TEST_FRAME = window.parent !== window;

type PlayerHost = HTMLElement & { ready: Promise<void> };

/**
 * Imports this bundle into the frame. Every test bundle also carries the runner's progress hooks
 * (tests/helpers/progress.ts calls afterEach at load): in the frame they are no-ops. A failed
 * import is kept for the test's message.
 */
const FRAME_LOADER = `for (const name of ['describe', 'it', 'before', 'after', 'beforeEach', 'afterEach']) window[name] = () => {};
window.__loadError = null;
import(${JSON.stringify(import.meta.url)}).catch((error) => { window.__loadError = String((error && error.stack) || error); });`;

/** The frame's document: this bundle (it defines <video-player>) and one embedded player. */
function frameDocument(): string {
  // Absolute: a blob: document has no base for a path.
  const player = `<video-player iframe-post-data='{"post_id":"41","blog":"bob"}' src="${new URL(SD, location.href).href}" width="640" height="360"></video-player>`;
  const html = `<!doctype html><html lang="en"><head><title>Embedded player</title><style>html,body{margin:0;height:100%;overflow:hidden}video-player{display:block;width:100%;height:100%}</style>
<script type="module">${FRAME_LOADER}</script></head><body>${player}</body></html>`;
  return URL.createObjectURL(new Blob([html], { type: 'text/html' }));
}

async function embed(): Promise<{ frame: HTMLIFrameElement; host: () => PlayerHost }> {
  const wrapper = mount(`<div class="post" style="width: 480px"><iframe title="Video from bob" width="480" height="200"></iframe></div>`);
  const frame = wrapper.querySelector('iframe')!;
  frame.src = frameDocument();
  const host = () => frame.contentDocument!.querySelector<PlayerHost>('video-player')!;
  await waitFor(() => frame.contentDocument?.querySelector('video-player')?.shadowRoot?.querySelector('[part="player"]'), {
    timeout: 15_000,
    message: `the embedded player rendered in its frame (${String((frame.contentWindow as { __loadError?: string } | null)?.__loadError ?? 'no load error')})`,
  });
  return { frame, host };
}

const framePart = (host: Element, name: string) => shadow<HTMLButtonElement>(host, `[part~="${name}"]`);
const frameVideo = (host: Element) => shadowRequired<HTMLVideoElement>(host, 'video');

/** Runs `code` as a script of the frame's own document (so the message's sender is the frame). */
function runInFrame(frame: HTMLIFrameElement, code: string): void {
  const script = frame.contentDocument!.createElement('script');
  script.textContent = code;
  frame.contentDocument!.body.append(script);
}

/** Console warnings of the top window while the tests run. */
const warnings: string[] = [];

if (!IN_TEST_FRAME) {
  describe('<video-player> message bridge (page ↔ embedded player)', function () {
    this.timeout(60_000);
    const originalWarn = console.warn;

    before(async () => {
      await resetServer();
      await setupSession('alice');
      console.warn = (...args: unknown[]) => {
        warnings.push(args.map(String).join(' '));
      };
    });
    after(() => {
      console.warn = originalWarn;
    });
    afterEach(() => {
      endDockedView('close');
      cleanup();
    });

    it('connects: the frame gets a Dock button and takes the video’s shape', async () => {
      const { frame, host } = await embed();
      await waitFor(() => framePart(host(), 'dock-button'), { message: 'the embedded player offers Dock once the page answered connect' });
      // sd.mp4 is 640×360: the frame's height follows its width at that shape.
      await waitFor(() => frame.style.aspectRatio.replace(/\s/g, '') === '640/360', {
        timeout: 10_000,
        message: 'the frame took the video’s shape',
      });
      expect(frame.clientHeight).to.be.closeTo((frame.clientWidth * 360) / 640, 1);
    });

    it('plays and pauses the embedded player from the page, answered by callback id', async () => {
      const { frame, host } = await embed();
      await waitFor(() => framePart(host(), 'dock-button'));
      const played = await commandPlayerFrame(frame, 'play');
      expect(played.paused).to.equal(false);
      expect(frameVideo(host()).paused).to.equal(false);
      const paused = await commandPlayerFrame(frame, 'pause');
      expect(paused.paused).to.equal(true);
      expect(frameVideo(host()).paused).to.equal(true);
    });

    it('docks the frame in place when its player asks, and Return puts it back playing', async () => {
      const { frame, host } = await embed();
      await waitFor(() => framePart(host(), 'dock-button'));
      await waitFor(() => frame.style.aspectRatio !== '', { timeout: 10_000, message: 'the frame took the video’s shape' });
      await commandPlayerFrame(frame, 'play');
      const before = frame.getBoundingClientRect();
      framePart(host(), 'dock-button')!.click();
      await waitFor(() => frame.hasAttribute('data-tl-docked'), { message: 'the page docked the frame' });
      expect($dockedVideo.get()?.host).to.equal(frame);
      // Still the same frame (not reloaded): its player is the one that was playing.
      expect(frameVideo(host()).paused).to.equal(false);
      await waitFor(() => Math.round(frame.getBoundingClientRect().width) === 300, { timeout: 5000, message: 'the gutter is 300 px wide' });
      expect(getComputedStyle(frame).position).to.equal('fixed');
      // Its height: the video's shape at 300 px plus the player's own dock bar.
      expect(Math.round(frame.getBoundingClientRect().height)).to.equal(169 + 36);
      const placeholder = document.querySelector<HTMLElement>('[data-tl-docked-placeholder]')!;
      expect(Math.round(placeholder.getBoundingClientRect().height)).to.equal(Math.round(before.height));
      await waitFor(() => framePart(host(), 'return-button'), { message: 'the player shows its dock bar in the frame' });
      await axeCheck(document);

      framePart(host(), 'return-button')!.click();
      await waitFor(() => !frame.hasAttribute('data-tl-docked'), { message: 'Return took the frame out of the gutter' });
      expect(document.querySelector('[data-tl-docked-placeholder]')).to.equal(null);
      expect(getComputedStyle(frame).position).to.equal('static');
      await waitFor(() => !framePart(host(), 'return-button'), { message: 'the dock bar went' });
      expect(frameVideo(host()).paused, 'Return keeps it playing').to.equal(false);
      // Back in its post with the video's shape.
      expect(frame.style.aspectRatio.replace(/\s/g, '')).to.equal('640/360');
      expect(frame.clientHeight).to.be.closeTo((frame.clientWidth * 360) / 640, 1);
    });

    it('pauses a docked frame closed from its bar, or evicted by a page player', async () => {
      const { frame, host } = await embed();
      await waitFor(() => framePart(host(), 'dock-button'));
      await commandPlayerFrame(frame, 'play');
      framePart(host(), 'dock-button')!.click();
      await waitFor(() => framePart(host(), 'dock-close-button'));
      framePart(host(), 'dock-close-button')!.click();
      await waitFor(() => !frame.hasAttribute('data-tl-docked') && frameVideo(host()).paused, { message: 'Close undocked and paused it' });

      // Docked again, then a player of the page docks: one docked view at a time. The frame learns it
      // was undocked from the page's `docked` notice, a message after the page's own state changed.
      await commandPlayerFrame(frame, 'play');
      const dockAgain = await waitFor(() => framePart(host(), 'dock-button'), {
        message: 'the frame offers Dock again once told it is undocked',
      });
      dockAgain.click();
      await waitFor(() => frame.hasAttribute('data-tl-docked'));
      const own = mount<HTMLElement>(
        `<div style="width: 480px"><video-player src="${SD}" post-id="7" blog-name="bob"></video-player></div>`,
      ).querySelector<PlayerHost>('video-player')!;
      await own.ready;
      shadowRequired<HTMLButtonElement>(own, '[part~="dock-button"]').click();
      await waitFor(() => $dockedVideo.get()?.host === own, { message: 'the page’s player docked' });
      await waitFor(() => !frame.hasAttribute('data-tl-docked') && frameVideo(host()).paused, { message: 'the frame was evicted, paused' });
      await waitFor(() => !framePart(host(), 'return-button'), { message: 'its dock bar went' });
    });

    it('a frame taken out of the page while its messages are on the way is not warned about', async () => {
      const { frame, host } = await embed();
      await waitFor(() => framePart(host(), 'dock-button'));
      const before = warnings.length;
      // Posted by the frame, then the frame removed in the same task: the page hears it after.
      runInFrame(frame, `parent.postMessage(JSON.stringify({ method: 'size', args: [640, 360] }), location.origin);`);
      frame.remove();
      // Messages to this window arrive in the order they were posted: once this one is here, so is the frame's.
      await new Promise<void>((resolve) => {
        const token = `probe-${Math.random()}`;
        const heard = (e: MessageEvent) => {
          if (e.data !== token) return;
          removeEventListener('message', heard);
          resolve();
        };
        addEventListener('message', heard);
        postMessage(token, location.origin);
      });
      expect(warnings.slice(before), 'a removed player frame is not a stranger').to.deep.equal([]);
    });

    it('drops what comes from elsewhere or in the wrong shape, with one warning on each side', async () => {
      const { frame, host } = await embed();
      await waitFor(() => framePart(host(), 'dock-button'));
      await waitFor(() => frame.style.aspectRatio !== '', { timeout: 10_000, message: 'the frame took the video’s shape' });
      expect(warnings, 'nothing was dropped before').to.deep.equal([]);

      // The frame's side drops what its page posts in the wrong shape (its one warning).
      const frameWarnings: string[] = [];
      (frame.contentWindow as unknown as typeof globalThis).console.warn = (...args: unknown[]) =>
        void frameWarnings.push(args.map(String).join(' '));
      frame.contentWindow!.postMessage(JSON.stringify({ method: 'play', args: ['now'], callback_id: 'x1' }), location.origin);
      await waitFor(() => frameWarnings.length > 0, { message: 'the frame warned' });
      expect(frameWarnings[0]).to.match(/video bridge: dropped a message .*wrong arguments for play/);
      expect(frameVideo(host()).paused, 'the malformed play did not play').to.equal(true);

      // A sandboxed frame (an opaque origin) asks to dock: the page's one warning.
      const stranger = mount<HTMLIFrameElement>(
        `<iframe sandbox="allow-scripts" title="stranger" srcdoc="<script>parent.postMessage(JSON.stringify({method:'dock',args:[],callback_id:'s1'}),'*')</script>"></iframe>`,
      );
      await waitFor(() => warnings.length > 0, { timeout: 10_000, message: 'the stranger’s call was warned' });
      expect(warnings[0]).to.match(/video bridge: dropped a message from null \(from an origin this page does not embed players from\)/);

      // Then, quietly: the page posting to itself, the real frame posting an unknown method and a size
      // of the wrong shape; and other scripts' messages (objects, texts, JSON of their own) are theirs.
      window.postMessage(JSON.stringify({ method: 'dock', args: [] }), '*');
      window.postMessage({ method: 'dock', args: [] }, '*');
      window.postMessage('{"method":', '*');
      window.postMessage(JSON.stringify({ event: 'infoDelivery' }), '*');
      // The frame's messages arrive in order: its last call is answered once the others are handled.
      runInFrame(
        frame,
        `parent.postMessage(JSON.stringify({ method: 'eval', args: ['1'] }), '*');
parent.postMessage(JSON.stringify({ method: 'size', args: [-1, 'x'] }), '*');
addEventListener('message', (event) => { if (String(event.data).includes('"callback_id":"probe"')) window.__probe = event.data; });
parent.postMessage(JSON.stringify({ method: 'undock', args: ['close'], callback_id: 'probe' }), location.origin);`,
      );
      await waitFor(() => (frame.contentWindow as unknown as { __probe?: string }).__probe, { message: 'the page answered the probe' });
      expect(warnings, warnings.join('\n')).to.have.length(1);
      expect(frame.style.aspectRatio.replace(/\s/g, ''), 'the bad size changed nothing').to.equal('640/360');
      expect(frame.hasAttribute('data-tl-docked') || stranger.hasAttribute('data-tl-docked')).to.equal(false);
      expect($dockedVideo.get()).to.equal(null);
    });
  });
}
