import { describe, expect, it } from 'vitest';
import {
  VIDEO_AUTOPLAY_MAX_LOOPS,
  VIDEO_DEFAULT_VOLUME,
  atMediaEnd,
  canLoop,
  clampVolume,
  createPlayerState,
  filmstripFrame,
  formatTime,
  isHlsUrl,
  isMobileHandset,
  minLoopDuration,
  parseFilmstrip,
  parseIframePostData,
  pickSource,
  playbackType,
  seekTarget,
  spokenTime,
  stateNames,
  transition,
  videoErrorName,
  videoErrorText,
  type PlayerEvent,
  type PlayerOptions,
  type PlayerState,
} from './state-machine';

/** Runs events in order; returns the final state and every effect. */
function run(state: PlayerState, ...events: PlayerEvent[]) {
  const effects: string[] = [];
  for (const event of events) {
    const t = transition(state, event);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

const playing = (options: PlayerOptions = {}, duration = 8) =>
  run(
    createPlayerState(options),
    { type: 'metadata', duration },
    { type: 'viewport', visible: true },
    { type: 'play' },
    { type: 'media-playing' },
  ).state;

/** An autoplaying video that has started playing. */
const autoplaying = (options: PlayerOptions = {}, duration = 8) =>
  run(
    createPlayerState({ autoplay: true, ...options }),
    { type: 'metadata', duration },
    { type: 'viewport', visible: true },
    { type: 'media-playing' },
  ).state;

describe('createPlayerState', () => {
  it('starts paused (idle), muted, at volume 0.8, no loop, no autoplay', () => {
    const s = createPlayerState();
    expect(s.status).toBe('idle');
    expect(s.muted).toBe(true);
    expect(s.volume).toBe(VIDEO_DEFAULT_VOLUME);
    expect(s.volume).toBe(0.8);
    expect(s.loop).toBe(false);
    expect(s.autoplay).toBe(false);
    expect(stateNames(s)).toEqual(['paused']);
  });

  it('is unmuted only when told so, and never when autoplaying', () => {
    expect(createPlayerState({ muted: false }).muted).toBe(false);
    expect(createPlayerState({ muted: false, autoplay: true }).muted).toBe(true);
  });

  it('turns autoplay off on mobile', () => {
    expect(createPlayerState({ autoplay: true }).autoplay).toBe(true);
    expect(createPlayerState({ autoplay: true, isMobile: true }).autoplay).toBe(false);
    const mobile = run(createPlayerState({ autoplay: true, isMobile: true }), { type: 'viewport', visible: true });
    expect(mobile.effects).toEqual([]);
    expect(mobile.state.autoplaying).toBe(false);
  });

  it('turns autoplay off under reduced motion: the video waits for a play', () => {
    expect(createPlayerState({ autoplay: true, reducedMotion: true }).autoplay).toBe(false);
    const still = run(createPlayerState({ autoplay: true, reducedMotion: true }), { type: 'viewport', visible: true });
    expect(still.effects).toEqual([]);
    expect(still.state.autoplaying).toBe(false);
    expect(run(still.state, { type: 'play' }).effects).toContain('play');
  });

  it('uses a remembered volume, clamped', () => {
    expect(createPlayerState({ volume: 0.3 }).volume).toBe(0.3);
    expect(createPlayerState({ volume: 7 }).volume).toBe(1);
    expect(createPlayerState({ volume: Number.NaN }).volume).toBe(0.8);
    expect(clampVolume(-1)).toBe(0);
  });
});

describe('play and pause', () => {
  it('paused → play → playing → pause → paused', () => {
    let s = createPlayerState();
    let t = transition(s, { type: 'play' });
    expect(t.effects).toEqual(['play']);
    s = transition(t.state, { type: 'media-playing' }).state;
    expect(s.status).toBe('playing');
    expect(stateNames(s)).toEqual(['playing']);
    t = transition(s, { type: 'pause' });
    expect(t.effects).toEqual(['pause']);
    s = transition(t.state, { type: 'media-paused' }).state;
    expect(s.status).toBe('paused');
    expect(s.pausedBy).toBe('user');
  });

  it('toggle plays when paused and pauses when playing', () => {
    expect(transition(createPlayerState(), { type: 'toggle' }).effects).toEqual(['play']);
    expect(transition(playing(), { type: 'toggle' }).effects).toEqual(['pause']);
  });

  it('a pause the media makes by itself is recorded as such', () => {
    const s = transition(playing(), { type: 'media-paused' }).state;
    expect(s.status).toBe('paused');
    expect(s.pausedBy).toBe('media');
  });

  it('playing from ended restarts as a replay', () => {
    const ended = run(playing(), { type: 'media-ended' }).state;
    expect(ended.status).toBe('ended');
    expect(stateNames(ended)).toEqual(['ended']);
    const t = transition(ended, { type: 'play' });
    expect(t.effects).toEqual(['restart']);
    expect(t.state.loops).toBe(1);
    expect(playbackType(t.state)).toBe('replay');
  });
});

describe('autoplay', () => {
  it('starts muted when it enters the viewport', () => {
    const t = transition(createPlayerState({ autoplay: true }), { type: 'viewport', visible: true });
    expect(t.effects).toEqual(['mute', 'play']);
    expect(t.state.autoplaying).toBe(true);
    expect(t.state.muted).toBe(true);
    const s = transition(t.state, { type: 'media-playing' }).state;
    expect(stateNames(s)).toEqual(['playing', 'autoplay']);
  });

  it('does not start while out of the viewport', () => {
    const t = transition(createPlayerState({ autoplay: true }), { type: 'viewport', visible: false });
    expect(t.effects).toEqual([]);
  });

  it('a click on the picture unmutes it (and it keeps playing); the next click pauses', () => {
    const t = transition(autoplaying(), { type: 'surface-click' });
    expect(t.effects).toEqual(['unmute']);
    expect(t.state.muted).toBe(false);
    expect(t.state.autoplaying).toBe(false);
    expect(t.state.status).toBe('playing');
    expect(transition(t.state, { type: 'surface-click' }).effects).toEqual(['pause']);
  });

  it('leaving the viewport pauses it; coming back resumes it', () => {
    let t = transition(autoplaying(), { type: 'viewport', visible: false });
    expect(t.effects).toEqual(['pause']);
    expect(t.state.pausedBy).toBe('viewport');
    const paused = transition(t.state, { type: 'media-paused' }).state;
    expect(paused.status).toBe('paused');
    expect(paused.pausedBy).toBe('viewport');
    t = transition(paused, { type: 'viewport', visible: true });
    expect(t.effects).toEqual(['mute', 'play']);
  });

  it('an autoplaying video the engine paused before the viewport report resumes when back in view', () => {
    // WebKit pauses muted autoplay that leaves the view by itself; its pause event can come first.
    const enginePaused = transition(autoplaying(), { type: 'media-paused' }).state;
    expect(enginePaused.pausedBy).toBe('media');
    const gone = transition(enginePaused, { type: 'viewport', visible: false });
    expect(gone.effects).toEqual([]);
    expect(transition(gone.state, { type: 'viewport', visible: true }).effects).toEqual(['mute', 'play']);
  });

  it('leaving the viewport does not pause a video the viewer started', () => {
    expect(transition(playing(), { type: 'viewport', visible: false }).effects).toEqual([]);
  });

  it('a start reported while already out of view is paused again', () => {
    const pending = transition(createPlayerState({ autoplay: true }), { type: 'viewport', visible: true }).state;
    const gone = transition(pending, { type: 'viewport', visible: false }).state;
    expect(transition(gone, { type: 'media-playing' }).effects).toEqual(['pause']);
  });

  it('a viewer pause ends autoplay for good (no resume on scroll)', () => {
    const s = run(autoplaying(), { type: 'pause' }, { type: 'media-paused' }, { type: 'viewport', visible: false }).state;
    expect(transition(s, { type: 'viewport', visible: true }).effects).toEqual([]);
  });

  it('unmuting with the volume control also takes over', () => {
    const t = transition(autoplaying(), { type: 'mute', muted: false });
    expect(t.effects).toEqual(['unmute']);
    expect(t.state.autoplaying).toBe(false);
    const v = transition(autoplaying(), { type: 'volume', volume: 0.5 });
    expect(v.effects).toEqual(['unmute']);
    expect(v.state.volume).toBe(0.5);
  });
});

describe('the bus pauses it', () => {
  it('opening the post viewer, post form or ask form pauses a playing video', () => {
    const t = transition(playing(), { type: 'external-pause' });
    expect(t.effects).toEqual(['pause']);
    expect(t.state.pausedBy).toBe('bus');
  });
  it('and an autoplaying one, which then stays paused', () => {
    const t = transition(autoplaying(), { type: 'external-pause' });
    expect(t.effects).toEqual(['pause']);
    const s = run(t.state, { type: 'media-paused' }, { type: 'viewport', visible: false }, { type: 'viewport', visible: true });
    expect(s.effects).toEqual([]);
  });
  it('does nothing to a paused video', () => {
    expect(transition(createPlayerState(), { type: 'external-pause' }).effects).toEqual([]);
  });
  it('keeps an autoplay video that has not started yet from starting when it comes into view', () => {
    const t = transition(createPlayerState({ autoplay: true }), { type: 'external-pause' });
    expect(t.effects).toEqual([]);
    expect(t.state.autoplay).toBe(false);
    expect(run(t.state, { type: 'viewport', visible: true }).effects).toEqual([]);
  });
});

describe('loop rules', () => {
  it('loops at the end when loop is on and the video is longer than 1 s', () => {
    const s = playing({ loop: true }, 8);
    expect(stateNames(s)).toEqual(['playing', 'loop']);
    const t = transition(s, { type: 'media-ended' });
    expect(t.effects).toEqual(['restart']);
    expect(t.state.status).toBe('playing');
    expect(t.state.loops).toBe(1);
    expect(playbackType(t.state)).toBe('replay');
  });

  it('does not loop at or below the minimum loop duration (1 s)', () => {
    expect(minLoopDuration({})).toBe(1);
    for (const duration of [0.5, 1]) {
      const s = playing({ loop: true }, duration);
      expect(canLoop(s)).toBe(false);
      const t = transition(s, { type: 'media-ended' });
      expect(t.effects).toEqual([]);
      expect(t.state.status).toBe('ended');
    }
    expect(canLoop(playing({ loop: true }, 1.01))).toBe(true);
  });

  it('a livestream needs more than 60 s to loop', () => {
    expect(minLoopDuration({ livestream: true })).toBe(60);
    expect(canLoop(playing({ loop: true, livestream: true }, 60))).toBe(false);
    expect(canLoop(playing({ loop: true, livestream: true }, 61))).toBe(true);
    expect(playbackType(playing({ livestream: true }))).toBe('live');
  });

  it('min-loop-duration overrides the default', () => {
    expect(canLoop(playing({ loop: true, minLoopDuration: 8 }, 8))).toBe(false);
    expect(canLoop(playing({ loop: true, minLoopDuration: 2 }, 3))).toBe(true);
    expect(minLoopDuration({ minLoopDuration: -3 })).toBe(1);
  });

  it('does not loop before the duration is known, nor without loop', () => {
    const noDuration = run(createPlayerState({ loop: true }), { type: 'play' }, { type: 'media-playing' }).state;
    expect(canLoop(noDuration)).toBe(false);
    expect(canLoop(playing({}, 8))).toBe(false);
  });

  it('the duration option counts until the media reports its own', () => {
    const s = run(createPlayerState({ loop: true, duration: 0.9 }), { type: 'play' }, { type: 'media-playing' }).state;
    expect(canLoop(s)).toBe(false);
    expect(canLoop(transition(s, { type: 'metadata', duration: 5 }).state)).toBe(true);
    expect(transition(s, { type: 'metadata', duration: Number.NaN }).state).toBe(s);
  });

  it('an autoplaying video loops at most 10 times', () => {
    let s = autoplaying({ loop: true }, 4);
    for (let i = 0; i < VIDEO_AUTOPLAY_MAX_LOOPS; i++) {
      const t = transition(s, { type: 'media-ended' });
      expect(t.effects, `loop ${i + 1}`).toEqual(['restart']);
      s = t.state;
    }
    expect(s.loops).toBe(10);
    const last = transition(s, { type: 'media-ended' });
    expect(last.effects).toEqual([]);
    expect(last.state.status).toBe('ended');
    expect(last.state.autoplaying).toBe(false);
  });

  it('a viewer-started loop has no maximum', () => {
    let s = playing({ loop: true }, 4);
    for (let i = 0; i < 25; i++) s = transition(s, { type: 'media-ended' }).state;
    expect(s.status).toBe('playing');
    expect(s.loops).toBe(25);
  });
});

describe('errors', () => {
  it('maps MediaError codes 1–5, anything else is custom', () => {
    expect([1, 2, 3, 4, 5, 0, 6, null, 'x'].map(videoErrorName)).toEqual([
      'aborted',
      'network',
      'decode',
      'source_not_supported',
      'encrypted',
      'custom',
      'custom',
      'custom',
      'custom',
    ]);
  });

  it('has a distinct overlay title for each', () => {
    const titles = (['aborted', 'network', 'decode', 'source_not_supported', 'encrypted', 'custom'] as const).map(
      (n) => videoErrorText(n).title,
    );
    expect(new Set(titles).size).toBe(6);
  });

  it('forces paused and turns off loop and autoplay', () => {
    const t = transition(autoplaying({ loop: true }), { type: 'media-error', code: 3 });
    expect(t.effects).toEqual(['pause']);
    expect(t.state.status).toBe('error');
    expect(t.state.error).toEqual({ code: 3, name: 'decode' });
    expect(t.state.loop).toBe(false);
    expect(t.state.autoplay).toBe(false);
    expect(t.state.autoplaying).toBe(false);
    expect(stateNames(t.state)).toEqual(['error']);
  });

  it('stays stopped: no play, no loop, no autoplay on scroll, a late "playing" is paused', () => {
    const s = transition(playing({ loop: true, autoplay: true }), { type: 'media-error', code: 2 }).state;
    expect(transition(s, { type: 'play' }).effects).toEqual([]);
    expect(transition(s, { type: 'surface-click' }).effects).toEqual([]);
    expect(transition(s, { type: 'media-ended' }).effects).toEqual([]);
    expect(transition(s, { type: 'viewport', visible: true }).effects).toEqual([]);
    expect(transition(s, { type: 'media-playing' }).effects).toEqual(['pause']);
  });

  it('retry reloads the source and leaves autoplay off', () => {
    const s = transition(autoplaying(), { type: 'media-error', code: 4 }).state;
    const t = transition(s, { type: 'retry' });
    expect(t.effects).toEqual(['reload']);
    expect(t.state.status).toBe('idle');
    expect(t.state.error).toBe(null);
    expect(t.state.autoplay).toBe(false);
    expect(transition(createPlayerState(), { type: 'retry' }).effects).toEqual([]);
  });
});

describe('fullscreen, mute and volume', () => {
  it('fullscreen is a state alongside the others', () => {
    const s = transition(playing(), { type: 'fullscreen', on: true }).state;
    expect(stateNames(s)).toEqual(['playing', 'fullscreen']);
    expect(stateNames(transition(s, { type: 'fullscreen', on: false }).state)).toEqual(['playing']);
  });
  it('mute and unmute', () => {
    const s = createPlayerState({ muted: false });
    const m = transition(s, { type: 'mute', muted: true });
    expect(m.effects).toEqual(['mute']);
    expect(transition(m.state, { type: 'mute', muted: true }).effects).toEqual([]);
    expect(transition(m.state, { type: 'mute', muted: false }).effects).toEqual(['unmute']);
  });
});

describe('helpers', () => {
  it('seekTarget stays inside the video', () => {
    expect(seekTarget(3, -5, 8)).toBe(0);
    expect(seekTarget(6, 5, 8)).toBe(8);
    expect(seekTarget(2, 5, null)).toBe(7);
  });
  it('formatTime and spokenTime', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.4)).toBe('1:05');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(-3.2)).toBe('-0:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(spokenTime(65)).toBe('1 minute 5 seconds');
    expect(spokenTime(0)).toBe('0 seconds');
    expect(spokenTime(3601)).toBe('1 hour 1 second');
  });
  it('pickSource: HD when chosen, the HLS service first, HLS by extension', () => {
    expect(pickSource({ src: '/a.mp4', hdUrl: '/b.mp4' }, false)).toEqual({ url: '/a.mp4', hls: false });
    expect(pickSource({ src: '/a.mp4', hdUrl: '/b.mp4' }, true)).toEqual({ url: '/b.mp4', hls: false });
    expect(pickSource({ src: '/a.mp4' }, true)).toEqual({ url: '/a.mp4', hls: false });
    expect(pickSource({ src: '/a.mp4', hlsService: '/x/index.m3u8' }, false)).toEqual({ url: '/x/index.m3u8', hls: true });
    expect(pickSource({ src: '/live.m3u8?token=1' }, false)).toEqual({ url: '/live.m3u8?token=1', hls: true });
    expect(pickSource({ src: '  ' }, false)).toBe(null);
    expect(isHlsUrl('/a.mp4')).toBe(false);
  });
  it('parseFilmstrip and filmstripFrame', () => {
    expect(parseFilmstrip({ url: '/f.jpg', width: 160, height: 90, frames: 8 })).toEqual({
      url: '/f.jpg',
      width: 160,
      height: 90,
      frames: 8,
    });
    expect(parseFilmstrip({ url: '/f.jpg', width: '160', height: 90 })).toEqual({ url: '/f.jpg', width: 160, height: 90 });
    expect(parseFilmstrip({ url: '', width: 1, height: 1 })).toBe(null);
    expect(parseFilmstrip('nope')).toBe(null);
    expect(filmstripFrame(0, 8, 8)).toBe(0);
    expect(filmstripFrame(4.1, 8, 8)).toBe(4);
    expect(filmstripFrame(8, 8, 8)).toBe(7);
    expect(filmstripFrame(3, 0, 8)).toBe(0);
  });
  it('parseIframePostData', () => {
    expect(parseIframePostData({ post_id: 123, blog: 'bob' })).toEqual({ post_id: '123', blog: 'bob' });
    expect(parseIframePostData({ post_id: '9', blog: { name: 'alice' } })).toEqual({ post_id: '9', blog: 'alice' });
    expect(parseIframePostData(null)).toEqual({});
  });
  it('isMobileHandset', () => {
    expect(isMobileHandset(true, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isMobileHandset(false, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileHandset(undefined, 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(true);
    expect(isMobileHandset(undefined, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156')).toBe(false);
  });
});

describe('atMediaEnd (the end a stalled engine never reports)', () => {
  it('is the last frame at 24 fps, and never for an unknown or empty duration', () => {
    expect(atMediaEnd(1, 1)).toBe(true);
    expect(atMediaEnd(0.97, 1)).toBe(true);
    expect(atMediaEnd(0.95, 1)).toBe(false);
    expect(atMediaEnd(0, 0)).toBe(false);
    expect(atMediaEnd(5, Number.NaN)).toBe(false);
    expect(atMediaEnd(5, Number.POSITIVE_INFINITY)).toBe(false);
  });
});
