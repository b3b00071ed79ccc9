/**
 * Playback logging for one player: a PlaybackAccumulator (elements/video-player/model/playback-log.ts) polls the
 * <video> and sends its entries to the logging sink as `video_<kind>`, with the ids of the post
 * the player shows (its attributes, or an embedded player's `iframe-post-data`).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { logEvent } from '../../src/bus/log';
import { sendTrackerEvent } from '../../src/api/log';
import { $session } from '../../src/session/session';
import { PlaybackAccumulator, type VideoLogEntry } from './model/playback-log';
import { parseIframePostData, playbackType, type PlayerState } from './model/state-machine';

/** The player's attributes the log reads (its post's ids). */
interface LoggedProps {
  postId?: string | undefined;
  rootPostId?: string | undefined;
  blogUuid?: string | undefined;
  blogName?: string | undefined;
  vendor?: string | undefined;
  iframePostData?: unknown;
}

interface PlaybackLogRefs {
  video: RefObject<HTMLVideoElement | null>;
  state: RefObject<PlayerState>;
  props: RefObject<LoggedProps>;
  /** True while the element waits for data (the buffering log). */
  waiting: RefObject<boolean>;
}

/** Returns the current accumulator (null while there is no <video>). */
export function usePlaybackLog(refs: PlaybackLogRefs, instanceId: string, hasSource: boolean): RefObject<PlaybackAccumulator | null> {
  const loggerRef = useRef<PlaybackAccumulator | null>(null);
  const tracked = useRef(false);
  useEffect(() => {
    const video = refs.video.current;
    if (!video) return;
    const logger = new PlaybackAccumulator(
      {
        currentTime: () => video.currentTime,
        duration: () => (Number.isFinite(video.duration) ? video.duration : (refs.state.current.duration ?? 0)),
        paused: () => video.paused,
        playbackRate: () => video.playbackRate,
        waiting: () => refs.waiting.current || video.seeking || video.readyState < 3,
      },
      (entry: VideoLogEntry) => {
        logEvent(`video_${entry.event}`, { ...entry.payload, ...(entry.extra ?? {}), player_id: instanceId });
        // The tracker hears a player's first play and each end (the behaviour log hears everything).
        if ((entry.event === 'play' && !tracked.current) || entry.event === 'ended') {
          tracked.current = true;
          sendTrackerEvent('video', entry.event, { ...entry.payload, player_id: instanceId });
        }
      },
      () => {
        const p = refs.props.current;
        const data = parseIframePostData(p.iframePostData);
        const id = p.postId?.trim() || data.post_id;
        const blog = p.blogName?.trim() || data.blog;
        const channel = blog ? $session.get().channels.find((c) => c.name === blog) : undefined;
        return {
          ids: {
            ...(id ? { post_id: id } : {}),
            ...(p.rootPostId?.trim() || id ? { root_post_id: p.rootPostId?.trim() || id } : {}),
            ...(p.blogUuid?.trim() || channel?.uuid ? { blog_uuid: p.blogUuid?.trim() || channel?.uuid } : {}),
            ...(p.vendor?.trim() ? { vendor: p.vendor.trim() } : {}),
          },
          type: playbackType(refs.state.current),
        };
      },
    );
    loggerRef.current = logger;
    return () => {
      if (logger.running) logger.log('stop');
      logger.dispose();
      loggerRef.current = null;
    };
    // The refs are stable; a new <video> (a source appearing) gets a new accumulator.
  }, [instanceId, hasSource]);
  return loggerRef;
}
