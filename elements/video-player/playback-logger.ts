/**
 * Playback logging for one player, its own chunk (use-playback-log.ts loads it as the player
 * mounts, beside its first render): a PlaybackAccumulator (model/playback-log.ts) polls the
 * <video> and sends its entries to the logging sink as `video_<kind>`, with the ids of the post
 * the player shows (its attributes, or an embedded player's `iframe-post-data`); and the
 * conversion log, once per player.
 */
import type { RefObject } from 'react';
import { logEvent } from '../../src/bus/log';
import { sendTrackerEvent } from '../../src/api/log';
import { $session } from '../../src/session/session';
import { logConversion } from './api';
import { PlaybackAccumulator, conversionLog, shouldLogConversion, type VideoLogEntry, type VideoLogKind } from './model/playback-log';
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

export interface PlaybackLogRefs {
  video: RefObject<HTMLVideoElement | null>;
  state: RefObject<PlayerState>;
  props: RefObject<LoggedProps>;
  /** True while the element waits for data (the buffering log). */
  waiting: RefObject<boolean>;
}

/** What the player tells the log (model/playback-log.ts's PlaybackAccumulator, and the conversion log). */
export interface PlaybackLog {
  readonly running: boolean;
  start(): void;
  stop(): void;
  resetPosition(): void;
  log(kind: VideoLogKind, extra?: Record<string, unknown>): void;
  /** The media is playing: the conversion log goes, once per player, for a logged-in viewer. */
  playing(): void;
}

export function createPlaybackLog(
  video: HTMLVideoElement,
  refs: PlaybackLogRefs,
  instanceId: string,
  /** Once per player (not per <video>): the tracker's first play, the conversion log. */
  sent: RefObject<{ tracked: boolean; conversion: boolean }>,
): PlaybackLog & { dispose(): void } {
  const postIds = () => {
    const p = refs.props.current;
    const data = parseIframePostData(p.iframePostData);
    return { id: p.postId?.trim() || data.post_id, blog: p.blogName?.trim() || data.blog };
  };
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
      if ((entry.event === 'play' && !sent.current.tracked) || entry.event === 'ended') {
        sent.current.tracked = true;
        sendTrackerEvent('video', entry.event, { ...entry.payload, player_id: instanceId });
      }
    },
    () => {
      const p = refs.props.current;
      const { id, blog } = postIds();
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
  return Object.assign(logger, {
    playing(): void {
      if (!shouldLogConversion(sent.current.conversion, $session.get().user !== null)) return;
      sent.current.conversion = true;
      logConversion(conversionLog(postIds().id)).catch((error: unknown) =>
        console.warn('<video-player>: the conversion log was not sent', error),
      );
    },
  });
}
