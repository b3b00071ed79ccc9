/**
 * HLS through hls.js, for a browser without native HLS (source.ts decides): one chunk with hls.js
 * itself, which a page that plays MP4, or has native HLS, never downloads.
 */
import Hls from 'hls.js';

/** hls.js fatal error types → MediaError-like codes (network 2, media/decode 3, else custom). */
function hlsErrorCode(type: string): number | null {
  if (type === 'networkError') return 2;
  if (type === 'mediaError') return 3;
  if (type === 'keySystemError') return 5;
  return null;
}

/** Attaches `url`; without hls.js support, `fallback` (the MP4, when there is one) plays instead. */
export function attachHls(
  video: HTMLVideoElement,
  url: string,
  fallback: () => { destroy(): void } | null,
  onFatal: (code: number | null) => void,
): { destroy(): void } {
  if (!Hls.isSupported()) {
    const plain = fallback();
    if (plain) return plain;
    onFatal(4);
    return { destroy() {} };
  }
  video.removeAttribute('src');
  // No worker: hls.js builds it from a blob: URL, which a strict CSP (worker-src) and Trusted Types
  // (new Worker takes only a TrustedScriptURL) both refuse — it would fall back to the main thread
  // anyway, after a violation report. Transmuxing a short clip on the main thread is cheap.
  // A video nobody has started loads its playlist only: its segments wait for a play or a seek, as
  // `preload="metadata"` keeps an MP4's. hls.js would otherwise buffer half a minute of video at
  // once, so that every visitor of a theme page with a video downloads it, and the page's main
  // thread transmuxes it while the page loads. An autoplaying video (`preload="auto"`) starts at once,
  // and so does one whose play was pressed before this chunk came (its `play` event has passed, and
  // attaching aborts that play: the player plays again once the media can play, which needs segments).
  const eager = video.preload === 'auto' || !video.paused;
  const hls = new Hls({ enableWorker: false, lowLatencyMode: false, autoStartLoad: eager });
  const waiting = new AbortController();
  if (!eager) {
    const startLoad = () => {
      waiting.abort();
      hls.startLoad(video.currentTime);
    };
    video.addEventListener('play', startLoad, { signal: waiting.signal });
    video.addEventListener('seeking', startLoad, { signal: waiting.signal });
  }
  let recoveredMedia = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // One recovery attempt for a media error (as hls.js recommends), then give up.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
      recoveredMedia = true;
      hls.recoverMediaError();
      return;
    }
    onFatal(hlsErrorCode(data.type));
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    destroy: () => {
      waiting.abort();
      hls.destroy();
    },
  };
}
