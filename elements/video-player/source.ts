/**
 * Puts a source on the <video>: MP4 (or native HLS) straight into `src`; HLS in a browser
 * without native HLS through hls.js (hls-attach.ts, one chunk with it, imported only here with a
 * dynamic import() so a page that plays MP4 never downloads it). Without MediaSource either, the
 * MP4 fallback plays.
 */
export interface AttachedSource {
  destroy(): void;
}

export const HLS_MIME = 'application/vnd.apple.mpegurl';

export function canPlayHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_MIME) !== '';
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
  const { attachHls } = await import('./hls-attach');
  return attachHls(video, source.url, () => (mp4Fallback ? plain(mp4Fallback) : null), onFatal);
}
