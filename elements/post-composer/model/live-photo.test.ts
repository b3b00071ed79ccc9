import { describe, expect, it } from 'vitest';
import {
  createLivePhoto,
  stillImageTime,
  LIVE_PHOTO_DEACTIVATE_MS,
  LIVE_PHOTO_POSTROLL_MS,
  LIVE_PHOTO_PREVIEW_MS,
  LIVE_PHOTO_TAP_GUARD_MS,
  type LivePhotoState,
} from './live-photo';

function setup() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const log: string[] = [];
  const states: LivePhotoState[] = [];
  const live = createLivePhoto({
    setTimer: (fn, ms) => (timers.set(next, { at: now + ms, fn }), next++),
    clearTimer: (id) => timers.delete(id as number),
    now: () => now,
    play: () => log.push('play'),
    stop: () => log.push('stop'),
    onState: (s) => states.push(s),
  });
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = end;
  };
  return { live, log, states, advance, pending: () => timers.size };
}

describe('live photo (spec §9: preview 500 ms, postroll 375 ms, deactivate 500 ms, tap guard 750 ms)', () => {
  it('plays after the pointer rests for the preview delay, not before', () => {
    const { live, log, advance } = setup();
    live.pointerEnter();
    advance(LIVE_PHOTO_PREVIEW_MS - 1);
    expect(live.state).toBe('pending');
    expect(log).toEqual([]);
    advance(1);
    expect(live.state).toBe('playing');
    expect(log).toEqual(['play']);
  });

  it('a pointer that passes by does not play it', () => {
    const { live, log, advance, pending } = setup();
    live.pointerEnter();
    advance(200);
    live.pointerLeave();
    advance(2000);
    expect(live.state).toBe('still');
    expect(log).toEqual([]);
    expect(pending()).toBe(0);
  });

  it('stops the deactivate delay after the pointer leaves; coming back in time keeps it playing', () => {
    const { live, log, advance } = setup();
    live.pointerEnter();
    advance(LIVE_PHOTO_PREVIEW_MS);
    live.pointerLeave();
    advance(LIVE_PHOTO_DEACTIVATE_MS - 1);
    live.pointerEnter();
    advance(5000);
    expect(live.state).toBe('playing');
    live.pointerLeave();
    advance(LIVE_PHOTO_DEACTIVATE_MS - 1);
    expect(live.state).toBe('leaving');
    advance(1);
    expect(live.state).toBe('still');
    expect(log).toEqual(['play', 'stop']);
  });

  it('holds the last frame for the postroll when the video ends', () => {
    const { live, log, states, advance } = setup();
    live.pointerEnter();
    advance(LIVE_PHOTO_PREVIEW_MS);
    live.ended();
    expect(live.state).toBe('postroll');
    advance(LIVE_PHOTO_POSTROLL_MS - 1);
    expect(log).toEqual(['play']);
    advance(1);
    expect(log).toEqual(['play', 'stop']);
    expect(states).toEqual(['pending', 'playing', 'postroll', 'still']);
    live.ended(); // a stray ended event on the still changes nothing
    expect(live.state).toBe('still');
  });

  it('a tap plays at once; a repeat within the tap guard is the same gesture; a later tap stops it', () => {
    const { live, log, advance } = setup();
    expect(live.tap()).toBe(true);
    expect(live.state).toBe('playing');
    advance(LIVE_PHOTO_TAP_GUARD_MS - 1);
    expect(live.tap()).toBe(false);
    expect(live.state).toBe('playing');
    advance(1);
    expect(live.tap()).toBe(false);
    expect(live.state).toBe('still');
    expect(log).toEqual(['play', 'stop']);
  });

  it('reads the still time as seconds within the video', () => {
    expect(stillImageTime(1.23456)).toBe(1.235);
    expect(stillImageTime('2.5', 2)).toBe(2);
    for (const bad of [-1, NaN, Infinity, 'x', null, undefined, {}]) expect(stillImageTime(bad)).toBe(0);
    expect(stillImageTime('')).toBe(0);
  });
});
