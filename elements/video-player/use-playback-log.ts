/**
 * Playback logging for one player (playback-logger.ts, its own chunk: loaded as the player mounts,
 * beside its first render, not before it). What the player asks of the log before the chunk is
 * here (a play at once, an autoplay) is kept, in order, and done once it is.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { VideoLogKind } from './model/playback-log';
import type { PlaybackLog, PlaybackLogRefs } from './playback-logger';

/** The calls made before the log's chunk is here, to make on it once it is. */
class EarlyCalls implements PlaybackLog {
  running = false;
  readonly calls: ((log: PlaybackLog) => void)[] = [];
  start() {
    this.running = true;
    this.calls.push((log) => log.start());
  }
  stop() {
    this.running = false;
    this.calls.push((log) => log.stop());
  }
  resetPosition() {
    this.calls.push((log) => log.resetPosition());
  }
  log(kind: VideoLogKind, extra?: Record<string, unknown>) {
    this.calls.push((log) => log.log(kind, extra));
  }
  playing() {
    this.calls.push((log) => log.playing());
  }
}

/** Returns the current log (null while there is no <video>). */
export function usePlaybackLog(refs: PlaybackLogRefs, instanceId: string, hasSource: boolean): RefObject<PlaybackLog | null> {
  const loggerRef = useRef<PlaybackLog | null>(null);
  const sent = useRef({ tracked: false, conversion: false });
  useEffect(() => {
    const video = refs.video.current;
    if (!video) return;
    const early = new EarlyCalls();
    loggerRef.current = early;
    let logger: (PlaybackLog & { dispose(): void }) | null = null;
    let ended = false;
    import('./playback-logger').then(
      (m) => {
        if (ended) return;
        const created = m.createPlaybackLog(video, refs, instanceId, sent);
        logger = created;
        loggerRef.current = created;
        for (const call of early.calls) call(created);
      },
      (error: unknown) => console.error('<video-player>: playback logging could not load: nothing is logged', error),
    );
    return () => {
      ended = true;
      if (logger?.running) logger.log('stop');
      logger?.dispose();
      loggerRef.current = null;
    };
    // The refs are stable; a new <video> (a source appearing) gets a new log.
  }, [instanceId, hasSource]);
  return loggerRef;
}
