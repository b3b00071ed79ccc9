/**
 * Playback logging (spec authoring-and-media §3 "Video logging payload", §9 video constants):
 * the position is polled every 150 ms and the time actually watched accumulates; a jump
 * under 0.3 s between two polls counts as elapsed time, a bigger one (or going back) is a
 * seek and does not. A poll that comes late (a busy page delays timers) widens that window by
 * the delay: the media played on meanwhile, and that is no seek. Buffering is polled every 100 ms; a wait under 2000 ms is not logged.
 * Pure logic with injectable timers (unit-tested with fake timers). No DOM.
 */

export const VIDEO_TIME_POLL_MS = 150;
export const VIDEO_SEEK_THRESHOLD_S = 0.3;
export const VIDEO_BUFFER_POLL_MS = 100;
export const VIDEO_MIN_LOGGED_WAIT_MS = 2000;

export interface VideoLogPayload {
  post_id: string;
  root_post_id: string;
  blog_uuid: string;
  vendor: string;
  /** Seconds (0 when unknown, e.g. a livestream). */
  duration: number;
  /** Seconds watched since the player was created. */
  time_elapsed: number;
  /** Seconds into the video. */
  position: number;
  type: 'video' | 'replay' | 'live';
  platform: 'web';
}

export type VideoLogKind = 'play' | 'pause' | 'ended' | 'loop' | 'seek' | 'buffer' | 'error' | 'hd' | 'unmute' | 'fullscreen' | 'stop';

export interface VideoLogEntry {
  event: VideoLogKind;
  payload: VideoLogPayload;
  /** Event-specific fields: wait_ms for buffer, error_code/error_name for error, hd for hd … */
  extra?: Record<string, unknown>;
}

/** What the accumulator reads from the media element. */
export interface MediaProbe {
  currentTime(): number;
  duration(): number;
  paused(): boolean;
  playbackRate(): number;
  /** True while the element cannot advance for lack of data (readyState < HAVE_FUTURE_DATA, seeking…). */
  waiting(): boolean;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  now(): number;
}

export const realTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

export interface LogIds {
  post_id?: string;
  root_post_id?: string;
  blog_uuid?: string;
  vendor?: string;
}

const round = (n: number, digits = 3) => {
  const f = 10 ** digits;
  return Math.round((Number.isFinite(n) ? n : 0) * f) / f;
};

export class PlaybackAccumulator {
  /** Seconds watched. */
  elapsed = 0;
  private lastTime: number | null = null;
  private lastPollAt = 0;
  private timePoll: unknown = null;
  private bufferPoll: unknown = null;
  private waitStartedAt: number | null = null;
  private lastBufferTime: number | null = null;

  constructor(
    private readonly probe: MediaProbe,
    private readonly onLog: (entry: VideoLogEntry) => void,
    private readonly describe: () => { ids: LogIds; type: VideoLogPayload['type'] },
    private readonly timers: Timers = realTimers,
  ) {}

  get running(): boolean {
    return this.timePoll !== null;
  }

  /** Playback started: poll the position (150 ms) and for buffering (100 ms). */
  start(): void {
    if (this.timePoll !== null) return;
    this.lastTime = this.probe.currentTime();
    this.lastPollAt = this.timers.now();
    this.lastBufferTime = this.lastTime;
    this.timePoll = this.timers.setInterval(() => this.pollTime(), VIDEO_TIME_POLL_MS);
    this.bufferPoll = this.timers.setInterval(() => this.pollBuffer(), VIDEO_BUFFER_POLL_MS);
  }

  /** Playback stopped (pause, end, error): take the last reading and stop polling. */
  stop(): void {
    if (this.timePoll === null) return;
    this.pollTime();
    this.finishWait();
    this.timers.clearInterval(this.timePoll);
    this.timers.clearInterval(this.bufferPoll);
    this.timePoll = this.bufferPoll = null;
  }

  /** A restart from 0 (loop, replay) or a seek made by the player itself: not elapsed time. */
  resetPosition(): void {
    this.lastTime = this.probe.currentTime();
    this.lastPollAt = this.timers.now();
    this.lastBufferTime = this.lastTime;
  }

  pollTime(): void {
    const now = this.probe.currentTime();
    const at = this.timers.now();
    if (this.lastTime !== null) {
      const delta = now - this.lastTime;
      // At a faster rate a normal 150 ms step is longer; scale the seek threshold with it. A late
      // poll adds its lateness (the media kept playing while the timer waited).
      const rate = Math.max(1, this.probe.playbackRate() || 1);
      const late = Math.max(0, (at - this.lastPollAt) / 1000 - VIDEO_TIME_POLL_MS / 1000);
      const threshold = (VIDEO_SEEK_THRESHOLD_S + late) * rate;
      if (delta > 0 && delta < threshold) this.elapsed += delta;
    }
    this.lastTime = now;
    this.lastPollAt = at;
  }

  pollBuffer(): void {
    const time = this.probe.currentTime();
    const stuck = !this.probe.paused() && (this.probe.waiting() || time === this.lastBufferTime);
    this.lastBufferTime = time;
    if (stuck) {
      this.waitStartedAt ??= this.timers.now();
    } else {
      this.finishWait();
    }
  }

  private finishWait(): void {
    if (this.waitStartedAt === null) return;
    const wait = this.timers.now() - this.waitStartedAt;
    this.waitStartedAt = null;
    if (wait >= VIDEO_MIN_LOGGED_WAIT_MS) this.log('buffer', { wait_ms: Math.round(wait) });
  }

  payload(): VideoLogPayload {
    const { ids, type } = this.describe();
    const duration = this.probe.duration();
    return {
      post_id: ids.post_id ?? '',
      root_post_id: ids.root_post_id ?? ids.post_id ?? '',
      blog_uuid: ids.blog_uuid ?? '',
      vendor: ids.vendor ?? 'tumblelog',
      duration: round(Number.isFinite(duration) ? duration : 0),
      time_elapsed: round(this.elapsed),
      position: round(this.probe.currentTime()),
      type,
      platform: 'web',
    };
  }

  log(event: VideoLogKind, extra?: Record<string, unknown>): VideoLogEntry {
    if (this.running) this.pollTime(); // time_elapsed up to this moment
    const entry: VideoLogEntry = { event, payload: this.payload(), ...(extra ? { extra } : {}) };
    this.onLog(entry);
    return entry;
  }

  dispose(): void {
    this.stop();
  }
}

/** The conversion log (POST /svc/log/conversion): once per player, logged-in users only. */
export const CONVERSION_NAME = 'video-play';
export const PLAYER_NAME = 'tumblelog-video-player';
export const PLAYER_VERSION = 2;

export function conversionLog(postId?: string): { name: string; extra: Record<string, unknown> } {
  return {
    name: CONVERSION_NAME,
    extra: { player_name: PLAYER_NAME, player_version: PLAYER_VERSION, ...(postId ? { post_id: postId } : {}) },
  };
}

/** Once per player, and only when someone is logged in. */
export function shouldLogConversion(alreadySent: boolean, loggedIn: boolean): boolean {
  return !alreadySent && loggedIn;
}
