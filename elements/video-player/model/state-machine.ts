/**
 * The video player's rules (spec authoring-and-media §4 "Video player", §8 video errors,
 * §9 video constants; messaging-and-browsing §9 autoplay max loop). Pure: no DOM, no React.
 *
 * `transition(state, event)` returns the next state and the effects the component must
 * carry out on the <video> element (play, pause, restart, mute …). The component reports
 * what the media element did (`playing`, `paused`, `ended`, `error`) back as events.
 */

export const VIDEO_MIN_LOOP_DURATION_S = 1;
export const VIDEO_LIVESTREAM_MIN_LOOP_DURATION_S = 60;
export const VIDEO_DEFAULT_VOLUME = 0.8;
export const VIDEO_HD_SWAP_DELAY_MS = 300;
export const VIDEO_AUTOPLAY_MAX_LOOPS = 10;
/** Seconds a keyboard seek moves: ←/→ 5 s, j/l 10 s (as media players do it). */
export const VIDEO_SEEK_STEP_S = 5;
export const VIDEO_SEEK_LONG_STEP_S = 10;
export const VIDEO_VOLUME_STEP = 0.1;
/**
 * How long playback may sit on the last frame without an `ended` event before the player treats
 * it as the end. WebKitGTK (GStreamer) was traced, with no load on the machine, reaching the last
 * frame after a seek near the end and then firing nothing more: `paused` false, `ended` false, the
 * clock stopped — in 3 of 4 tries. A viewer would see a player stuck "playing" on its last frame.
 */
export const VIDEO_END_STALL_MS = 600;
/** Whether a position counts as the end of the media (within one frame at 24 fps). */
export function atMediaEnd(currentTime: number, duration: number): boolean {
  return Number.isFinite(duration) && duration > 0 && currentTime >= duration - 0.04;
}
export const VIDEO_PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export type VideoErrorName = 'aborted' | 'network' | 'decode' | 'source_not_supported' | 'encrypted' | 'custom';

/** MediaError codes 1–5 (5 = MEDIA_ERR_ENCRYPTED, from EME) → the logged name; anything else is custom. */
export function videoErrorName(code: unknown): VideoErrorName {
  switch (code) {
    case 1:
      return 'aborted';
    case 2:
      return 'network';
    case 3:
      return 'decode';
    case 4:
      return 'source_not_supported';
    case 5:
      return 'encrypted';
    default:
      return 'custom';
  }
}

/** The error overlay's title and line for each error (our wording; the spec only names the codes). */
export function videoErrorText(name: VideoErrorName): { title: string; detail: string } {
  switch (name) {
    case 'aborted':
      return { title: 'Playback stopped', detail: 'Loading the video was interrupted.' };
    case 'network':
      return { title: 'Network error', detail: 'The video stopped loading. Check your connection and try again.' };
    case 'decode':
      return { title: 'Video can’t be played', detail: 'The video file seems to be damaged.' };
    case 'source_not_supported':
      return { title: 'Video not available', detail: 'This video could not be found, or its format is not supported by this browser.' };
    case 'encrypted':
      return { title: 'Protected video', detail: 'This video is encrypted and can’t be played here.' };
    default:
      return { title: 'Something went wrong', detail: 'The video could not be played.' };
  }
}

export type PlaybackStatus = 'idle' | 'playing' | 'paused' | 'ended' | 'error';
export type PauseReason = 'user' | 'viewport' | 'bus' | 'media';

export interface PlayerOptions {
  autoplay?: boolean;
  loop?: boolean;
  /** undefined = the spec's default (muted). */
  muted?: boolean;
  livestream?: boolean;
  /** Seconds; overrides the default minimum loop duration (1 s, 60 s for a livestream). */
  minLoopDuration?: number;
  /** Known duration in seconds (the `duration` option), replaced by the media's own once loaded. */
  duration?: number;
  /** A remembered volume (0–1); default 0.8. */
  volume?: number;
  /** Handsets never autoplay. */
  isMobile?: boolean;
  /**
   * The viewer asked for less motion (prefers-reduced-motion): a video starts only when they ask,
   * as moving pictures that start on their own are what the setting is for (WCAG 2.2.2).
   */
  reducedMotion?: boolean;
}

export interface PlayerState {
  status: PlaybackStatus;
  /** Muted autoplay: playing on its own until the viewer clicks (which unmutes). */
  autoplaying: boolean;
  /** Autoplay still wanted: the option, not on mobile, not under reduced motion, not after an error or a user pause. */
  autoplay: boolean;
  /** The loop option, still on (an error turns it off). */
  loop: boolean;
  muted: boolean;
  volume: number;
  fullscreen: boolean;
  /** Times the video restarted after ending (loops and replays): the log type is then "replay". */
  loops: number;
  duration: number | null;
  livestream: boolean;
  minLoopDuration: number;
  pausedBy: PauseReason | null;
  inViewport: boolean;
  error: { code: number | null; name: VideoErrorName } | null;
}

export type PlayerEvent =
  | { type: 'metadata'; duration: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  /** A click on the picture: unmutes an autoplaying video, otherwise plays or pauses. */
  | { type: 'surface-click' }
  | { type: 'media-playing' }
  | { type: 'media-paused' }
  | { type: 'media-ended' }
  | { type: 'media-error'; code: number | null }
  | { type: 'viewport'; visible: boolean }
  /** The post viewer, post form or ask form opened (bus). */
  | { type: 'external-pause' }
  | { type: 'mute'; muted: boolean }
  | { type: 'volume'; volume: number }
  | { type: 'fullscreen'; on: boolean }
  /** Try again after an error. */
  | { type: 'retry' };

export type PlayerEffect = 'play' | 'pause' | 'restart' | 'mute' | 'unmute' | 'reload';

export interface Transition {
  state: PlayerState;
  effects: PlayerEffect[];
}

export function minLoopDuration(options: Pick<PlayerOptions, 'livestream' | 'minLoopDuration'>): number {
  if (typeof options.minLoopDuration === 'number' && Number.isFinite(options.minLoopDuration) && options.minLoopDuration >= 0) {
    return options.minLoopDuration;
  }
  return options.livestream ? VIDEO_LIVESTREAM_MIN_LOOP_DURATION_S : VIDEO_MIN_LOOP_DURATION_S;
}

export function clampVolume(volume: unknown, fallback = VIDEO_DEFAULT_VOLUME): number {
  return typeof volume === 'number' && Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : fallback;
}

export function createPlayerState(options: PlayerOptions = {}): PlayerState {
  const autoplay = options.autoplay === true && options.isMobile !== true && options.reducedMotion !== true;
  return {
    status: 'idle',
    autoplaying: false,
    autoplay,
    loop: options.loop === true,
    // Muted by default; autoplay is always muted.
    muted: autoplay || options.muted !== false,
    volume: clampVolume(options.volume),
    fullscreen: false,
    loops: 0,
    duration: typeof options.duration === 'number' && options.duration > 0 ? options.duration : null,
    livestream: options.livestream === true,
    minLoopDuration: minLoopDuration(options),
    pausedBy: null,
    inViewport: false,
    error: null,
  };
}

/**
 * A video loops only when looping is on and it is longer than the minimum loop duration
 * (at or below it, it does not loop); an autoplaying video loops at most 10 times.
 */
export function canLoop(state: PlayerState): boolean {
  if (!state.loop || state.error) return false;
  if (state.duration === null || !(state.duration > state.minLoopDuration)) return false;
  if (state.autoplaying && state.loops >= VIDEO_AUTOPLAY_MAX_LOOPS) return false;
  return true;
}

/** The spec's named states that apply right now (several can: playing + loop + fullscreen). */
/** The states a player announces (`tl-video-state`). */
export type VideoStateName = 'paused' | 'playing' | 'autoplay' | 'loop' | 'ended' | 'error' | 'fullscreen';

export function stateNames(state: PlayerState): VideoStateName[] {
  const names: VideoStateName[] = [state.status === 'idle' ? 'paused' : (state.status as Exclude<PlaybackStatus, 'idle'>)];
  if (state.autoplaying && state.status === 'playing') names.push('autoplay');
  if (canLoop(state)) names.push('loop');
  if (state.fullscreen) names.push('fullscreen');
  return names;
}

/** The logging payload's type. */
export function playbackType(state: PlayerState): 'video' | 'replay' | 'live' {
  if (state.livestream) return 'live';
  return state.loops > 0 ? 'replay' : 'video';
}

const is = (status: PlaybackStatus, ...any: PlaybackStatus[]) => any.includes(status);

export function transition(state: PlayerState, event: PlayerEvent): Transition {
  const next = (patch: Partial<PlayerState>, ...effects: PlayerEffect[]): Transition => ({ state: { ...state, ...patch }, effects });
  const same: Transition = { state, effects: [] };

  switch (event.type) {
    case 'metadata':
      return Number.isFinite(event.duration) && event.duration > 0 ? next({ duration: event.duration }) : same;

    case 'play':
      if (state.error) return same;
      if (state.status === 'ended') return next({ autoplaying: false, pausedBy: null, loops: state.loops + 1 }, 'restart');
      if (state.status === 'playing' && !state.autoplaying) return same;
      return next({ autoplaying: false, pausedBy: null }, 'play');

    case 'pause':
      if (!is(state.status, 'playing', 'idle')) return same;
      // A viewer who pauses an autoplaying video has taken over: it will not start again by itself.
      return next({ autoplaying: false, autoplay: false, pausedBy: 'user' }, 'pause');

    case 'toggle':
      return state.status === 'playing' ? transition(state, { type: 'pause' }) : transition(state, { type: 'play' });

    case 'surface-click':
      if (state.error) return same;
      if (state.autoplaying && state.status === 'playing') return next({ autoplaying: false, autoplay: false, muted: false }, 'unmute');
      return transition(state, { type: 'toggle' });

    case 'media-playing':
      if (state.error) return next({}, 'pause');
      if (state.autoplaying && !state.inViewport) return next({ status: 'playing', pausedBy: 'viewport' }, 'pause');
      return next({ status: 'playing', pausedBy: null });

    case 'media-paused':
      if (state.status !== 'playing') return same;
      return next({ status: 'paused', pausedBy: state.pausedBy ?? 'media' });

    case 'media-ended':
      if (canLoop(state)) return next({ status: 'playing', loops: state.loops + 1 }, 'restart');
      return next({ status: 'ended', autoplaying: false, autoplay: false, pausedBy: null });

    case 'media-error':
      // Error forces paused and turns off loop and autoplay.
      return next(
        {
          status: 'error',
          error: { code: event.code, name: videoErrorName(event.code) },
          autoplay: false,
          autoplaying: false,
          loop: false,
          pausedBy: null,
        },
        'pause',
      );

    case 'viewport': {
      if (!event.visible) {
        if (state.status === 'playing' && state.autoplaying) return next({ inViewport: false, pausedBy: 'viewport' }, 'pause');
        return next({ inViewport: false });
      }
      // Autoplay still on means nobody took over (a viewer's or the bus's pause turns it off), so a
      // video paused by leaving the view, or by the engine itself, plays again. WebKit pauses muted
      // autoplay that leaves the view on its own, and that pause can arrive before the observer's
      // report: it reads as a media pause, which must not strand the video.
      const resume =
        state.autoplay &&
        !state.error &&
        (state.status === 'idle' || (state.status === 'paused' && state.pausedBy !== 'user' && state.pausedBy !== 'bus'));
      if (resume) return next({ inViewport: true, autoplaying: true, muted: true, pausedBy: null }, 'mute', 'play');
      return next({ inViewport: true });
    }

    case 'external-pause':
      if (state.status === 'playing' || (state.status === 'idle' && state.autoplaying))
        return next({ autoplaying: false, autoplay: false, pausedBy: 'bus' }, 'pause');
      // Not started yet (the viewer or a form was open before it came into view): it will not start by itself.
      if (state.status === 'idle' && state.autoplay) return next({ autoplay: false, pausedBy: 'bus' });
      return same;

    case 'mute':
      if (event.muted === state.muted) return same;
      // Unmuting an autoplaying video is the viewer taking over.
      return next(event.muted ? { muted: true } : { muted: false, autoplaying: false, autoplay: false }, event.muted ? 'mute' : 'unmute');

    case 'volume': {
      const volume = clampVolume(event.volume, state.volume);
      if (volume > 0 && state.muted) return next({ volume, muted: false, autoplaying: false, autoplay: false }, 'unmute');
      return next({ volume });
    }

    case 'fullscreen':
      return event.on === state.fullscreen ? same : next({ fullscreen: event.on });

    case 'retry':
      if (!state.error) return same;
      return next({ status: 'idle', error: null, pausedBy: null }, 'reload');
  }
}

/** New position for a seek by `delta` seconds, kept inside [0, duration]. */
export function seekTarget(current: number, delta: number, duration: number | null): number {
  const target = Math.max(0, current + delta);
  return duration !== null && Number.isFinite(duration) ? Math.min(target, duration) : target;
}

/** "1:05", "1:02:03"; a negative value (remaining time) gets a leading minus sign. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '0:00';
  const sign = seconds < 0 ? '-' : '';
  const total = Math.floor(Math.abs(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, '0')}:${s}` : `${sign}${m}:${s}`;
}

/** Spoken form for aria-valuetext: "1 minute 5 seconds". */
export function spokenTime(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const parts = [h ? part(h, 'hour') : '', m ? part(m, 'minute') : '', s || (!h && !m) ? part(s, 'second') : ''].filter(Boolean);
  return parts.join(' ');
}

/** An HLS source: the `hls-service` option, or a src ending in .m3u8. */
export function isHlsUrl(url: string | undefined): boolean {
  if (!url) return false;
  return /\.m3u8(?:$|[?#])/i.test(url.trim());
}

/** Which source plays: HD when chosen and there is an HD url; the HLS service when given. */
export function pickSource(
  options: { src?: string; hdUrl?: string; hlsService?: string },
  hd: boolean,
): { url: string; hls: boolean } | null {
  const hls = options.hlsService?.trim();
  if (hls) return { url: hls, hls: true };
  const sd = options.src?.trim();
  const hdUrl = options.hdUrl?.trim();
  const url = hd && hdUrl ? hdUrl : sd || hdUrl;
  return url ? { url, hls: isHlsUrl(url) } : null;
}

/** Filmstrip option: { url, width, height } (width/height of one frame); frames are laid out left to right. */
export interface Filmstrip {
  url: string;
  width: number;
  height: number;
  /** Frames in the sprite (default: sprite width / frame width once the image has loaded). */
  frames?: number;
}

export function parseFilmstrip(value: unknown): Filmstrip | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const url = typeof v.url === 'string' ? v.url.trim() : '';
  const width = Number(v.width);
  const height = Number(v.height);
  if (!url || !(width > 0) || !(height > 0)) return null;
  const frames = Number(v.frames);
  return { url, width, height, ...(frames > 0 ? { frames: Math.floor(frames) } : {}) };
}

/** The sprite frame to show for a hover at `time` of `duration`. */
export function filmstripFrame(time: number, duration: number, frames: number): number {
  if (!(duration > 0) || !(frames > 0)) return 0;
  return Math.min(frames - 1, Math.max(0, Math.floor((time / duration) * frames)));
}

/** iframe-post-data option: { post_id, blog } → ids for logging. */
export function parseIframePostData(value: unknown): { post_id?: string; blog?: string } {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const id = typeof v.post_id === 'string' || typeof v.post_id === 'number' ? String(v.post_id) : undefined;
  const blog =
    typeof v.blog === 'string'
      ? v.blog
      : typeof v.blog === 'object' && v.blog !== null && typeof (v.blog as Record<string, unknown>).name === 'string'
        ? String((v.blog as Record<string, unknown>).name)
        : undefined;
  return { ...(id ? { post_id: id } : {}), ...(blog ? { blog } : {}) };
}

/** Handsets: the session's is_mobile_handset flag, or a phone user agent. */
export function isMobileHandset(flag: boolean | undefined, userAgent: string): boolean {
  return flag === true || /\b(iPhone|iPod|Android.+Mobile|Windows Phone|Mobile Safari)\b/i.test(userAgent);
}
