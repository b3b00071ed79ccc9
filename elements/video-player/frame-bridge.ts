/**
 * The embedded player's side of the message bridge (model/message-bridge.ts; the page's side is
 * state/frame-host.ts), its own chunk: only a player with `iframe-post-data` in a frame loads it
 * (VideoPlayer.tsx renders FrameLink then). Until the page answers, the player has no Dock button,
 * as with a page that has no bridge at all. It connects to the page around it: it sends the video's size once known,
 * docks through the page (a gutter inside a frame would be a box in a box), and answers the page's
 * play and pause.
 *
 * Heard: only messages from the parent window, with this frame's own origin (the page embedding
 * tumblelog's player is served by the same host; state/frame-host.ts says why). Sent: only to that
 * origin, so a page from anywhere else learns nothing. With no page bridge (no answer to
 * `connect`), the player simply has no Dock button.
 */
import { useEffect, type RefObject } from 'react';
import { BRIDGE, FRAME_METHODS, createEndpoint } from './model/message-bridge';
import { bridgeMessage, dropMessage } from './state/window-bridge';

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

/** The connection to the page: what the player's Dock bar asks of it, and its end. */
export interface PageLink {
  dock(): void;
  undock(reason: 'return' | 'close'): void;
  close(): void;
}

export function connectToPage(options: {
  post: { post_id?: string; blog?: string };
  video: RefObject<HTMLVideoElement | null>;
  /** Plays or pauses through the player's state machine, as its own button would. */
  dispatch: RefObject<(event: { type: 'play' | 'pause' }) => void>;
  /** The page answered: whether it can dock this frame. */
  onCanDock(can: boolean): void;
  /** Whether the page has docked this frame into its gutter. */
  onDocked(docked: boolean): void;
}): PageLink {
  const { video, dispatch, onCanDock, onDocked } = options;
  const origin = location.origin;
  let open = true;
  const page = createEndpoint({
    send: (text) => window.parent.postMessage(text, origin),
    handlers: {
      play: () => {
        const media = video.current;
        if (!media) throw new Error('The player has no video');
        dispatch.current({ type: 'play' });
        return settled(media, false);
      },
      pause: () => {
        const media = video.current;
        if (!media) throw new Error('The player has no video');
        dispatch.current({ type: 'pause' });
        return settled(media, true);
      },
      docked: (value) => onDocked(value === true),
    },
  });
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
    page.call('connect', [options.post], BRIDGE.connectTimeoutMs).then(
      (result) => {
        if (!open) return;
        onCanDock((result as { dock?: unknown } | null)?.dock === true);
        media = video.current;
        // `resize` too: WebKit may know the picture's size only after loadedmetadata.
        media?.addEventListener('loadedmetadata', sendSize);
        media?.addEventListener('resize', sendSize);
        sendSize();
      },
      // No answer yet: the page's side may not listen yet (model/message-bridge.ts). After the
      // last try, a page that embeds the player without these elements: nothing to do.
      () => {
        if (open && tries < BRIDGE.connectTries) connect();
      },
    );
  };
  connect();
  return {
    dock: () => {
      page.call('dock').then(
        (result) => onDocked((result as { docked?: unknown } | null)?.docked === true),
        () => undefined,
      );
    },
    undock: (reason) => {
      page.call('undock', [reason]).then(
        () => onDocked(false),
        () => undefined,
      );
    },
    close: () => {
      open = false;
      window.removeEventListener('message', onMessage);
      media?.removeEventListener('loadedmetadata', sendSize);
      media?.removeEventListener('resize', sendSize);
      page.close();
    },
  };
}

export interface FrameLinkProps {
  post: { post_id?: string; blog?: string };
  video: RefObject<HTMLVideoElement | null>;
  dispatch: RefObject<(event: { type: 'play' | 'pause' }) => void>;
  /** What the player shows of the link: Dock while the page can dock it, its bar while docked. */
  onState(state: { canDock: boolean; docked: boolean }): void;
  /** The link while it is up: the player's Dock control and bar ask it. */
  link: RefObject<PageLink | null>;
}

/** The link as long as the player is an embedded one (rendered for that only). */
export function FrameLink({ post, video, dispatch, onState, link }: FrameLinkProps): null {
  const postKey = JSON.stringify(post);
  useEffect(() => {
    let state = { canDock: false, docked: false };
    const set = (patch: Partial<typeof state>) => {
      state = { ...state, ...patch };
      onState(state);
    };
    const current = connectToPage({
      post: JSON.parse(postKey) as FrameLinkProps['post'],
      video,
      dispatch,
      onCanDock: (canDock) => set({ canDock }),
      onDocked: (docked) => set({ docked }),
    });
    link.current = current;
    return () => {
      current.close();
      if (link.current === current) link.current = null;
      onState({ canDock: false, docked: false });
    };
    // onState and the refs are the player's own, stable; a new post is a new link.
  }, [postKey, video]);
  return null;
}
