import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PlaybackAccumulator,
  VIDEO_BUFFER_POLL_MS,
  VIDEO_MIN_LOGGED_WAIT_MS,
  VIDEO_SEEK_THRESHOLD_S,
  VIDEO_TIME_POLL_MS,
  conversionLog,
  shouldLogConversion,
  type MediaProbe,
  type Timers,
  type VideoLogEntry,
} from './playback-log';

/** A fake <video>: the test moves `time` and sets `paused` / `waiting`. */
function fakeMedia() {
  const media = { time: 0, duration: 8, paused: false, rate: 1, waiting: false };
  const probe: MediaProbe = {
    currentTime: () => media.time,
    duration: () => media.duration,
    paused: () => media.paused,
    playbackRate: () => media.rate,
    waiting: () => media.waiting,
  };
  return { media, probe };
}

const fakeTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

describe('PlaybackAccumulator', () => {
  let entries: VideoLogEntry[];
  let media: ReturnType<typeof fakeMedia>['media'];
  let acc: PlaybackAccumulator;
  let type: 'video' | 'replay' | 'live';

  beforeEach(() => {
    vi.useFakeTimers();
    entries = [];
    type = 'video';
    const fake = fakeMedia();
    media = fake.media;
    acc = new PlaybackAccumulator(
      fake.probe,
      (e) => entries.push(e),
      () => ({ ids: { post_id: '42', blog_uuid: 't:bob', vendor: 'tumblelog' }, type }),
      fakeTimers,
    );
  });
  afterEach(() => {
    acc.dispose();
    vi.useRealTimers();
  });

  /** Plays for `ms` at rate 1 (the position advances with the clock). */
  function play(ms: number, step = 10) {
    for (let t = 0; t < ms; t += step) {
      media.time += (step / 1000) * media.rate;
      vi.advanceTimersByTime(step);
    }
  }

  it('polls the position every 150 ms', () => {
    expect(VIDEO_TIME_POLL_MS).toBe(150);
    acc.start();
    media.time = 0.1;
    vi.advanceTimersByTime(149);
    expect(acc.elapsed).toBe(0);
    vi.advanceTimersByTime(1);
    expect(acc.elapsed).toBeCloseTo(0.1, 5);
  });

  it('a late poll (a busy page held the timer) is not a seek: the lateness widens the window', () => {
    let clock = 0;
    const lateTimers: Timers = { setInterval: () => 1, clearInterval: () => undefined, now: () => clock };
    const fake = fakeMedia();
    const late = new PlaybackAccumulator(
      fake.probe,
      () => undefined,
      () => ({ ids: {}, type: 'video' }),
      lateTimers,
    );
    late.start();
    // The poll comes 900 ms late: the media played 1.05 s meanwhile.
    clock += 1050;
    fake.media.time = 1.05;
    late.pollTime();
    expect(late.elapsed).toBeCloseTo(1.05, 5);
    // On time, a 2 s jump is a seek.
    clock += 150;
    fake.media.time = 3.05;
    late.pollTime();
    expect(late.elapsed).toBeCloseTo(1.05, 5);
    late.dispose();
  });

  it('accumulates watched time while playing, and stops with the pause', () => {
    acc.start();
    play(3000);
    acc.stop();
    expect(acc.elapsed).toBeCloseTo(3, 1);
    media.time += 2;
    vi.advanceTimersByTime(2000);
    expect(acc.elapsed).toBeCloseTo(3, 1);
  });

  it('a jump under 0.3 s counts as elapsed; a bigger one (or going back) is a seek', () => {
    expect(VIDEO_SEEK_THRESHOLD_S).toBe(0.3);
    acc.start();
    media.time = 0.29;
    vi.advanceTimersByTime(150);
    expect(acc.elapsed).toBeCloseTo(0.29, 5);
    media.time = 0.6; // +0.31
    vi.advanceTimersByTime(150);
    expect(acc.elapsed).toBeCloseTo(0.29, 5);
    media.time = 0.1; // back
    vi.advanceTimersByTime(150);
    expect(acc.elapsed).toBeCloseTo(0.29, 5);
    media.time = 0.35; // +0.25
    vi.advanceTimersByTime(150);
    expect(acc.elapsed).toBeCloseTo(0.54, 5);
  });

  it('scales the seek threshold with a faster playback rate', () => {
    media.rate = 2;
    acc.start();
    play(1500);
    expect(acc.elapsed).toBeCloseTo(3, 1);
  });

  it('a restart (loop) resets the reference position without counting the jump', () => {
    acc.start();
    play(1000);
    acc.log('loop'); // the player logs the loop at the end position, then seeks to 0
    media.time = 0;
    acc.resetPosition();
    play(600);
    acc.stop();
    expect(acc.elapsed).toBeCloseTo(1.6, 5);
    expect(entries[0]!.payload.time_elapsed).toBeCloseTo(1, 5);
  });

  it('polls buffering every 100 ms and logs a wait of 2000 ms or more', () => {
    expect(VIDEO_BUFFER_POLL_MS).toBe(100);
    expect(VIDEO_MIN_LOGGED_WAIT_MS).toBe(2000);
    acc.start();
    play(500);
    media.waiting = true; // position frozen, element waiting
    vi.advanceTimersByTime(2500);
    expect(entries).toEqual([]);
    media.waiting = false;
    play(200);
    expect(entries.map((e) => e.event)).toEqual(['buffer']);
    expect(entries[0]!.extra!.wait_ms).toBeGreaterThanOrEqual(2000);
    expect(entries[0]!.extra!.wait_ms).toBeLessThanOrEqual(2700);
  });

  it('does not log a wait under 2000 ms', () => {
    acc.start();
    play(300);
    vi.advanceTimersByTime(1800); // position frozen while not paused: a stall
    play(300);
    expect(entries).toEqual([]);
  });

  it('a frozen position counts as waiting even when the element does not say so', () => {
    acc.start();
    play(300);
    vi.advanceTimersByTime(2300);
    play(300);
    expect(entries.map((e) => e.event)).toEqual(['buffer']);
  });

  it('a paused video is not buffering', () => {
    acc.start();
    media.paused = true;
    vi.advanceTimersByTime(5000);
    media.paused = false;
    play(300);
    expect(entries).toEqual([]);
  });

  it('a long wait that ends with a pause is still logged', () => {
    acc.start();
    play(200);
    vi.advanceTimersByTime(2100);
    acc.stop();
    expect(entries.map((e) => e.event)).toEqual(['buffer']);
  });

  it('builds the logging payload', () => {
    acc.start();
    play(1500);
    media.time = 1.5;
    const entry = acc.log('pause');
    expect(entry.payload).toEqual({
      post_id: '42',
      root_post_id: '42',
      blog_uuid: 't:bob',
      vendor: 'tumblelog',
      duration: 8,
      time_elapsed: entry.payload.time_elapsed,
      position: 1.5,
      type: 'video',
      platform: 'web',
    });
    expect(entry.payload.time_elapsed).toBeCloseTo(1.5, 1);
    type = 'replay';
    expect(acc.log('loop').payload.type).toBe('replay');
    expect(entries.map((e) => e.event)).toEqual(['pause', 'loop']);
  });

  it('start and stop are idempotent', () => {
    acc.start();
    acc.start();
    expect(vi.getTimerCount()).toBe(2);
    acc.stop();
    acc.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(acc.running).toBe(false);
  });
});

describe('conversion log', () => {
  it('names the video-play conversion with player name and version 2', () => {
    expect(conversionLog('42')).toEqual({
      name: 'video-play',
      extra: { player_name: 'tumblelog-video-player', player_version: 2, post_id: '42' },
    });
    expect(conversionLog().extra).not.toHaveProperty('post_id');
  });
  it('is sent once per player, for logged-in users only', () => {
    expect(shouldLogConversion(false, true)).toBe(true);
    expect(shouldLogConversion(true, true)).toBe(false);
    expect(shouldLogConversion(false, false)).toBe(false);
  });
});
