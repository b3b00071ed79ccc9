/**
 * The embedded player's side of the message bridge (model/message-bridge.ts; the page's side is
 * state/frame-host.ts). A <video-player> with `iframe-post-data` in a frame connects to the page
 * around it: it sends the video's size once known, docks through the page (a gutter inside a
 * frame would be a box in a box), and answers the page's play and pause.
 *
 * Heard: only messages from the parent window, with this frame's own origin (the page embedding
 * tumblelog's player is served by the same host; state/frame-host.ts says why). Sent: only to that
 * origin, so a page from anywhere else learns nothing. With no page bridge (no answer to
 * `connect`), the player simply has no Dock button.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { BRIDGE, FRAME_METHODS, createEndpoint, type Endpoint } from './model/message-bridge';
import { bridgeMessage, dropMessage } from './state/window-bridge';

export interface FrameBridge {
  /** The page answered: it can dock this frame. */
  canDock: boolean;
  /** The page has docked this frame into its gutter. */
  docked: boolean;
  dock(): void;
  undock(reason: 'return' | 'close'): void;
}

/** Whether this document is in a frame. */
export function inFrame(): boolean {
  return typeof window !== 'undefined' && window.parent !== window;
}

/** How long a play or pause waits for the media before answering with the state it has. */
const SETTLE_MS = 3000;

function settled(video: HTMLVideoElement, paused: boolean): Promise<{ paused: boolean; currentTime: number }> {
  const state = () => ({ paused: video.paused, currentTime: video.currentTime });
  if (video.paused === paused) return Promise.resolve(state());
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      video.removeEventListener(paused ? 'pause' : 'play', done);
      resolve(state());
    };
    const timer = setTimeout(done, SETTLE_MS);
    video.addEventListener(paused ? 'pause' : 'play', done);
  });
}

export function useFrameBridge(options: {
  enabled: boolean;
  post: { post_id?: string; blog?: string };
  video: RefObject<HTMLVideoElement | null>;
  /** Plays or pauses through the player's state machine, as its own button would. */
  command(type: 'play' | 'pause'): void;
}): FrameBridge {
  const [canDock, setCanDock] = useState(false);
  const [docked, setDocked] = useState(false);
  const endpoint = useRef<Endpoint | null>(null);
  const commandRef = useRef(options.command);
  commandRef.current = options.command;
  const { enabled, video } = options;
  const postKey = JSON.stringify(options.post);

  useEffect(() => {
    if (!enabled || !inFrame()) return;
    const origin = location.origin;
    const page = createEndpoint({
      send: (text) => window.parent.postMessage(text, origin),
      handlers: {
        play: () => {
          const media = video.current;
          if (!media) throw new Error('The player has no video');
          commandRef.current('play');
          return settled(media, false);
        },
        pause: () => {
          const media = video.current;
          if (!media) throw new Error('The player has no video');
          commandRef.current('pause');
          return settled(media, true);
        },
        docked: (value) => setDocked(value === true),
      },
    });
    endpoint.current = page;
    const onMessage = (event: MessageEvent) => {
      // What is not from the parent is the page side's to judge (state/frame-host.ts).
      const message = bridgeMessage(event, FRAME_METHODS, (e) =>
        e.source !== window.parent ? undefined : e.origin !== origin ? 'from an origin this player does not talk to' : null,
      );
      if (message && !page.receive(message)) dropMessage('an answer to nothing asked', event.origin);
    };
    window.addEventListener('message', onMessage);
    const sendSize = () => {
      const media = video.current;
      if (media && media.videoWidth > 0 && media.videoHeight > 0) page.notify('size', [media.videoWidth, media.videoHeight]);
    };
    let media: HTMLVideoElement | null = null;
    let tries = 0;
    const connect = () => {
      tries += 1;
      page.call('connect', [JSON.parse(postKey) as unknown], BRIDGE.connectTimeoutMs).then(
        (result) => {
          if (endpoint.current !== page) return;
          setCanDock((result as { dock?: unknown } | null)?.dock === true);
          media = video.current;
          // `resize` too: WebKit may know the picture's size only after loadedmetadata.
          media?.addEventListener('loadedmetadata', sendSize);
          media?.addEventListener('resize', sendSize);
          sendSize();
        },
        // No answer yet: the page's side may not listen yet (model/message-bridge.ts). After the
        // last try, a page that embeds the player without these elements: nothing to do.
        () => {
          if (endpoint.current === page && tries < BRIDGE.connectTries) connect();
        },
      );
    };
    connect();
    return () => {
      window.removeEventListener('message', onMessage);
      media?.removeEventListener('loadedmetadata', sendSize);
      media?.removeEventListener('resize', sendSize);
      page.close();
      if (endpoint.current === page) endpoint.current = null;
    };
  }, [enabled, postKey, video]);

  return {
    canDock,
    docked,
    dock: () => {
      endpoint.current?.call('dock').then(
        (result) => setDocked((result as { docked?: unknown } | null)?.docked === true),
        () => undefined,
      );
    },
    undock: (reason) => {
      endpoint.current?.call('undock', [reason]).then(
        () => setDocked(false),
        () => undefined,
      );
    },
  };
}
