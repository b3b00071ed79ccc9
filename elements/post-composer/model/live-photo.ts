/**
 * A live photo: a still with a short video taken around it (authoring spec §3 Photo item
 * livephotoUrl / livephotoStillImageTime, behind the `livephotos_web` flag; §9 timings). The
 * still shows until the pointer rests on it for the preview delay; then the video plays once.
 * When it ends, the last frame stays for the postroll before the still comes back; when the
 * pointer leaves, the video stops after the deactivate delay (coming back in time keeps it
 * playing). A tap plays it at once (touch has no hover); a second tap within the tap guard is
 * the same gesture, not a stop.
 *
 * Pure: the timers, the clock and the video are injected.
 */

export const LIVE_PHOTO_PREVIEW_MS = 500;
export const LIVE_PHOTO_POSTROLL_MS = 375;
export const LIVE_PHOTO_DEACTIVATE_MS = 500;
export const LIVE_PHOTO_TAP_GUARD_MS = 750;

export type LivePhotoState = 'still' | 'pending' | 'playing' | 'leaving' | 'postroll';

export interface LivePhotoDeps {
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (id: unknown) => void;
  now: () => number;
  /** Starts the video from its beginning. */
  play: () => void;
  /** Stops the video and shows the still. */
  stop: () => void;
  onState?: (state: LivePhotoState) => void;
}

export interface LivePhoto {
  readonly state: LivePhotoState;
  pointerEnter(): void;
  pointerLeave(): void;
  /** The video reached its end. */
  ended(): void;
  /** A tap or a click (or Enter/Space on the still). Returns whether it started playing. */
  tap(): boolean;
  dispose(): void;
}

export function createLivePhoto(deps: LivePhotoDeps): LivePhoto {
  let state: LivePhotoState = 'still';
  let timer: unknown = null;
  let tappedAt = -Infinity;

  const set = (next: LivePhotoState) => {
    if (next === state) return;
    state = next;
    deps.onState?.(next);
  };
  const clear = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };
  const after = (ms: number, fn: () => void) => {
    clear();
    timer = deps.setTimer(() => {
      timer = null;
      fn();
    }, ms);
  };
  const start = () => {
    clear();
    deps.play();
    set('playing');
  };
  const toStill = () => {
    clear();
    deps.stop();
    set('still');
  };

  return {
    get state() {
      return state;
    },
    pointerEnter() {
      if (state === 'still') {
        set('pending');
        after(LIVE_PHOTO_PREVIEW_MS, start);
      } else if (state === 'leaving') {
        clear();
        set('playing');
      }
    },
    pointerLeave() {
      if (state === 'pending') {
        clear();
        set('still');
      } else if (state === 'playing') {
        set('leaving');
        after(LIVE_PHOTO_DEACTIVATE_MS, toStill);
      }
    },
    ended() {
      if (state !== 'playing' && state !== 'leaving') return;
      set('postroll');
      after(LIVE_PHOTO_POSTROLL_MS, toStill);
    },
    tap() {
      const at = deps.now();
      if (state === 'playing' || state === 'leaving' || state === 'postroll') {
        // The tap that started it can arrive twice (touchend, then click): that is not a stop.
        if (at - tappedAt < LIVE_PHOTO_TAP_GUARD_MS) return false;
        toStill();
        return false;
      }
      tappedAt = at;
      start();
      return true;
    },
    dispose() {
      clear();
    },
  };
}

/** The still's time in the video, in seconds: a finite number from 0 up to the duration (when known). */
export function stillImageTime(value: unknown, duration?: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  if (!Number.isFinite(n) || n < 0) return 0;
  const max = typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return Math.round(Math.min(n, max) * 1000) / 1000;
}
