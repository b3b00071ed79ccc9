/**
 * Puts a source on the <video>: MP4 (or native HLS) straight into `src`; HLS in a browser
 * without native HLS through hls.js, imported here and only here with a dynamic import() so a
 * page that plays MP4 never downloads it. Without MediaSource either, the MP4 fallback plays.
 */
export interface AttachedSource {
  destroy(): void;
}

export const HLS_MIME = 'application/vnd.apple.mpegurl';

export function canPlayHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_MIME) !== '';
}

/** hls.js fatal error types → MediaError-like codes (network 2, media/decode 3, else custom). */
function hlsErrorCode(type: string): number | null {
  if (type === 'networkError') return 2;
  if (type === 'mediaError') return 3;
  if (type === 'keySystemError') return 5;
  return null;
}

export async function attachSource(
  video: HTMLVideoElement,
  source: { url: string; hls: boolean },
  mp4Fallback: string | null,
  onFatal: (code: number | null) => void,
): Promise<AttachedSource> {
  const plain = (url: string): AttachedSource => {
    video.src = url;
    video.load();
    return {
      destroy() {
        /* the next source replaces src; removing it would fire an error */
      },
    };
  };
  if (!source.hls || canPlayHlsNatively(video)) return plain(source.url);
  const hasMse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  if (!hasMse) {
    if (mp4Fallback) return plain(mp4Fallback);
    onFatal(4);
    return { destroy() {} };
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    if (mp4Fallback) return plain(mp4Fallback);
    onFatal(4);
    return { destroy() {} };
  }
  video.removeAttribute('src');
  // No worker: hls.js builds it from a blob: URL, which a strict CSP (worker-src) and Trusted Types
  // (new Worker takes only a TrustedScriptURL) both refuse — it would fall back to the main thread
  // anyway, after a violation report. Transmuxing a short clip on the main thread is cheap.
  const hls = new Hls({ enableWorker: false, lowLatencyMode: false });
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
  hls.loadSource(source.url);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}
