/**
 * The page listens for its embedded players (state/frame-host.ts answers them) from the first
 * <video-player> module loaded on, but loads the answering side only with the first message that
 * may be one of theirs: a page without player frames never does. Messages are handled in the order
 * they came, the first ones once the chunk is here.
 */
type FrameHost = typeof import('./frame-host');

let listening = false;

export function listenForPlayerFrames(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  let host: Promise<FrameHost> | null = null;
  window.addEventListener('message', (event) => {
    // The bridge's messages are JSON text (model/message-bridge.ts); in a frame, what the parent
    // posts is the embedded player's own side's (frame-bridge.ts). Neither loads anything.
    if (typeof event.data !== 'string') return;
    if (event.source !== null && event.source === window.parent && window.parent !== window) return;
    host ??= import('./frame-host');
    host.then(
      (m) => m.hearPlayerFrame(event),
      (error: unknown) => {
        host = null; // a later message tries again (back online)
        console.error('[tumblelog] the video bridge could not load: embedded players are not answered', error);
      },
    );
  });
}
