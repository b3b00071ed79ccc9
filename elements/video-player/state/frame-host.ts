/**
 * The page's side of the message bridge (model/message-bridge.ts): embedded players in <iframe>s
 * of the page (the player page `/video/embed/{post}`, frame-bridge.ts inside it) ask it to give
 * their frame the video's shape (`size`), and to dock the frame into the page's gutter (`dock`,
 * `undock`); the page plays and pauses them (`play`, `pause`), and tells them when they leave the
 * gutter (`docked`). Its own chunk: state/frame-listener.ts, installed once per page by the first
 * <video-player> module loaded, brings it with the first message that may be a frame's.
 *
 * Who is heard: a message whose sender is the window of an <iframe> on this page, whose origin is
 * both the frame's own (its `src`) and this page's. The embedded player is served by the same
 * host as the page that uses these elements; a frame from anywhere else (another site, a
 * sandboxed frame with an opaque origin, the page itself posting to itself) is dropped, with one
 * console warning per page.
 */
import { PAGE_METHODS, createEndpoint, dockedFrameHeight, originOf, type Endpoint } from '../model/message-bridge';
import { $dockedVideo } from './docked';
import { dockFrame, endDockedView } from './gutter';
import { bridgeMessage, dropMessage } from './window-bridge';
import styles from '../styles.css';

/** The dock bar inside a docked frame (styles.css `.dock-bar`). */
const DOCK_BAR_PX = 36;

interface Frame {
  frame: HTMLIFrameElement;
  endpoint: Endpoint;
  id: string;
  /** The video's own size, once the frame said it. */
  video: { width: number; height: number } | null;
}

const frames = new Map<Window, Frame>();
let count = 0;

/** The <iframe> of this page whose window is `source` (light DOM: where pages put their frames). */
function frameOf(source: MessageEventSource | null): HTMLIFrameElement | null {
  if (!source) return null;
  for (const frame of document.querySelectorAll('iframe')) if (frame.contentWindow === source) return frame;
  return null;
}

/**
 * Whether the sender of `event`, which is no <iframe> of this page now, was one a moment ago: a
 * frame taken out of the page (a post removed, a test's cleanup) whose last messages arrive after.
 * Chromium still gives its window (closed, or one that connected); Firefox and WebKit give no
 * sender at all, and then a message of this page's own origin is taken for one: nothing but this
 * site's own pages can post with it. Its entry goes.
 */
function leftThePage(event: MessageEvent): boolean {
  const { source } = event;
  if (!source) return event.origin === location.origin;
  if (!('closed' in source)) return false;
  const known = frames.get(source);
  if (!known && !source.closed) return false;
  known?.endpoint.close();
  frames.delete(source);
  return true;
}

/** Why a message is not heard, null when it is, undefined when it is the embedded player's (below). */
function refusal(event: MessageEvent): string | null | undefined {
  // In a frame, what the parent posts is for the embedded player's side (frame-bridge.ts).
  if (event.source !== null && event.source === window.parent && window.parent !== window) return undefined;
  const frame = frameOf(event.source);
  // Not warned about: the one warning is kept for a real stranger.
  if (!frame) return leftThePage(event) ? undefined : 'not from a frame of this page';
  if (event.origin !== location.origin) return 'from an origin this page does not embed players from';
  if (originOf(frame.src, location.href) !== event.origin) return 'not from the address its frame loaded';
  return null;
}

/** The frame's width stays the page's; its height follows the video's shape. */
function applyShape({ frame, video }: Frame): void {
  if (!video) return;
  frame.style.aspectRatio = `${video.width} / ${video.height}`;
  frame.style.height = 'auto';
}

function connect(frame: HTMLIFrameElement, source: Window, origin: string): Frame {
  const known = frames.get(source);
  if (known && known.frame === frame) return known;
  known?.endpoint.close();
  count += 1;
  const entry: Frame = {
    frame,
    id: `frame-${count}`,
    video: null,
    endpoint: createEndpoint({
      // Only to the origin it came from: a frame navigated elsewhere meanwhile hears nothing.
      send: (text) => source.postMessage(text, origin),
      handlers: {
        connect: () => ({ dock: true }),
        size: (width, height) => {
          entry.video = { width: width as number, height: height as number };
          // Docked, the gutter's style rules; the shape applies when it is back in its post.
          if (!frame.hasAttribute('data-tl-docked')) applyShape(entry);
          return { ok: true };
        },
        dock: () => {
          const decision = dockFrame({
            frame,
            id: entry.id,
            heightAt: (width) => dockedFrameHeight(width, entry.video, DOCK_BAR_PX),
            styles,
            onRestored: () => applyShape(entry),
            onUndock: (_reason, pause) => {
              // The frame shows its bar no more; paused unless it went back to its post (Return).
              entry.endpoint.notify('docked', [false]);
              if (pause) entry.endpoint.call('pause').catch(() => undefined);
            },
          });
          return { docked: decision.kind === 'dock' || decision.kind === 'already-docked' };
        },
        undock: (reason) => {
          if ($dockedVideo.get()?.host === frame) endDockedView(reason === 'return' ? 'return' : 'close');
          return { ok: true };
        },
      },
    }),
  };
  frames.set(source, entry);
  return entry;
}

/**
 * One message the page heard (state/frame-listener.ts listens, and loads this module for the first
 * message that may be ours): answered when it is a player frame's, dropped otherwise.
 */
export function hearPlayerFrame(event: MessageEvent): void {
  const message = bridgeMessage(event, PAGE_METHODS, refusal);
  if (!message) return;
  const frame = frameOf(event.source)!;
  if (!connect(frame, event.source as Window, event.origin).endpoint.receive(message))
    dropMessage('an answer to nothing asked', event.origin);
}

/** Plays or pauses the embedded player in `frame`; resolves with its state, rejects when it does not answer. */
export function commandPlayerFrame(frame: HTMLIFrameElement, command: 'play' | 'pause'): Promise<{ paused: boolean; currentTime: number }> {
  const window = frame.contentWindow;
  const entry = window ? frames.get(window) : undefined;
  if (!entry) return Promise.reject(new Error('No embedded player has connected from this frame'));
  return entry.endpoint.call(command) as Promise<{ paused: boolean; currentTime: number }>;
}
