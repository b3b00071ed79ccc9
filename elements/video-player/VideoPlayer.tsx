/**
 * <video-player>: the custom player for dashboards and third-party themes — autoplay (muted,
 * click to unmute), loop rules, HD toggle keeping the position, HLS (native, or hls.js loaded
 * only when needed), media-chrome's control set, keyboard while focused, playback logging
 * (`logEvent()`) and the conversion log, and docking into the page's gutter (state/gutter.ts).
 * Rules live in model/state-machine.ts, model/playback-log.ts and model/gutter.ts; see README
 * "video-player" for attributes, events and parts.
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { $session } from '../../src/session/session';
import { $postViewer } from '../../src/stores/post-viewer';
import {
  VIDEO_HD_SWAP_DELAY_MS,
  VIDEO_END_STALL_MS,
  VIDEO_SEEK_LONG_STEP_S,
  VIDEO_SEEK_STEP_S,
  VIDEO_VOLUME_STEP,
  atMediaEnd,
  createPlayerState,
  isMobileHandset,
  parseFilmstrip,
  parseIframePostData,
  pickSource,
  seekTarget,
  stateNames,
  transition,
  videoErrorText,
  type PlayerEffect,
  type PlayerEvent,
  type PlayerState,
} from './model/state-machine';
import type { VideoLogKind } from './model/playback-log';
import type { UndockReason } from './model/gutter';
import { Controls, preloadScrubberPreview } from './Controls';
import { $dockedVideo, placeInPage } from './state/docked';
import { Icon } from './icons';
import { attachSource, type AttachedSource } from './source';
import { readVolumePreference, writeVolumePreference } from './preferences';
import styles from './styles.css';
import { usePageSignals } from './use-page-signals';
import { useReservedRatio } from './use-reserved-ratio';
import { usePlaybackLog } from './use-playback-log';
import type { PageLink } from './frame-bridge';
import { listenForPlayerFrames } from './state/frame-listener';
import { useSay } from '../../src/ui/use-say';
import { prefersReducedMotion } from '../../src/ui/reduced-motion';

// The page answers the embedded players in its frames (state/frame-listener.ts), once per page.
listenForPlayerFrames();

export { styles };

/**
 * Docking (docking.ts: what moves the player, and its bar and placeholder while docked) is its own
 * chunk: the Dock control's intent (a pointer over it, focus on it) loads it before the press. A
 * player that is docked has it; one that never docks needs it for nothing else.
 */
/** An embedded player's link to the page around it is its own chunk, which only such a player loads. */
const FrameLink = lazy(() => import('./frame-bridge').then((m) => ({ default: m.FrameLink })));

/** Whether this document is in a frame. */
function inFrame(): boolean {
  return typeof window !== 'undefined' && window.parent !== window;
}

type Docking = Pick<
  typeof import('./docking'),
  'dockPlayer' | 'endDockedView' | 'forgetDockedPlayer' | 'DockBar' | 'DockedPlaceholder' | 'GUTTER_TEXT'
>;
let docking: Docking | null = null;
const loadDocking = () =>
  import('./docking').then(
    ({ dockPlayer, endDockedView, forgetDockedPlayer, DockBar, DockedPlaceholder, GUTTER_TEXT }) =>
      (docking = { dockPlayer, endDockedView, forgetDockedPlayer, DockBar, DockedPlaceholder, GUTTER_TEXT }),
  );
const preloadDocking = () => void loadDocking().catch(() => undefined);

/** Its attributes, parsed (declared once, in contract.ts). */
export type VideoPlayerProps = ContractProps<typeof contract>;

/** `muted` is tri-state: absent → the default (muted, or the viewer's remembered choice). */
function mutedOption(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return value.trim().toLowerCase() !== 'false';
}

const ANNOUNCE: Partial<Record<string, string>> = {
  playing: 'Playing',
  paused: 'Paused',
  ended: 'Ended',
  autoplay: 'Playing muted. Click the video to unmute.',
};

export default function VideoPlayer(props: VideoPlayerProps) {
  const { host, shadowRoot, announce, instanceId } = useWidget();
  const session = useStore($session);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  const postData = parseIframePostData(props.iframePostData);
  const postId = props.postId?.trim() || postData.post_id || '';
  const blogName = props.blogName?.trim() || postData.blog || '';
  const filmstrip = useMemo(() => parseFilmstrip(props.filmstrip), [props.filmstrip]);
  const mobile = isMobileHandset(session.flags.is_mobile_handset, typeof navigator === 'undefined' ? '' : navigator.userAgent);

  const [state, setState] = useState<PlayerState>(() => {
    const pref = readVolumePreference();
    const muted = mutedOption(props.muted);
    return createPlayerState({
      autoplay: props.autoplay === true,
      loop: props.loop === true,
      muted: muted ?? pref?.muted,
      livestream: props.livestream === true,
      ...(props.minLoopDuration !== undefined ? { minLoopDuration: props.minLoopDuration } : {}),
      ...(props.duration !== undefined ? { duration: props.duration } : {}),
      ...(pref ? { volume: pref.volume } : {}),
      isMobile: mobile,
      reducedMotion: prefersReducedMotion(),
    });
  });
  const stateRef = useRef(state);

  const [hd, setHd] = useState(props.forceHd === true);
  /** The quality actually loaded (the HD button flips `hd` at once; the swap follows 300 ms later). */
  const [loadedHd, setLoadedHd] = useState(props.forceHd === true);
  const [reloads, setReloads] = useState(0);
  const [time, setTime] = useState(0);
  const [buffered, setBuffered] = useState(0);
  const [rate, setRate] = useState(1);
  const [pip, setPip] = useState(false);
  const [ratio, setRatio] = useState<number | null>(null);
  // State changes are said through the element's one live region (src/ui/live-region.tsx).
  const say = useSay();
  const [loading, setLoading] = useState(false);
  const [started, setStarted] = useState(false);
  /** Position and play state to restore after an HD/SD swap. */
  const resumeRef = useRef<{ time: number; play: boolean } | null>(null);
  const waitingRef = useRef(false);
  /** Counts play and pause requests: a play retried after a load is dropped if anything came since. */
  const playRequest = useRef(0);
  const source = pickSource({ src: props.src, hdUrl: props.hdUrl, hlsService: props.hlsService }, loadedHd);
  const fallback = pickSource({ src: props.src, hdUrl: props.hdUrl }, loadedHd);
  const hasSource = source !== null;

  // ---- the state machine and its effects on the <video> ----
  const runEffects = useCallback((effects: PlayerEffect[]) => {
    const video = videoRef.current;
    if (!video) return;
    for (const effect of effects) {
      switch (effect) {
        case 'mute':
          video.muted = true;
          break;
        case 'unmute':
          video.muted = false;
          break;
        case 'play': {
          const request = ++playRequest.current;
          video.play().catch((error: unknown) => {
            const name = (error as DOMException)?.name;
            // Autoplay refused (policy): stay paused, say nothing.
            if (name === 'NotAllowedError') dispatchRef.current({ type: 'media-paused' });
            // Interrupted by a load (the source attached, or changed, just after the press): the
            // viewer asked to play, so play once the media can, unless they paused meanwhile.
            else if (name === 'AbortError') {
              // The load that interrupted it fires canplay when it is far enough along.
              video.addEventListener(
                'canplay',
                () => {
                  if (playRequest.current === request && video.paused) void video.play().catch(() => undefined);
                },
                { once: true },
              );
            }
          });
          break;
        }
        case 'pause':
          playRequest.current++;
          video.pause();
          break;
        case 'restart':
          loggerRef.current?.log('loop');
          video.currentTime = 0;
          loggerRef.current?.resetPosition();
          void video.play().catch(() => undefined);
          break;
        case 'reload':
          setReloads((n) => n + 1);
          break;
      }
    }
  }, []);

  const dispatch = useCallback(
    (event: PlayerEvent) => {
      const { state: next, effects } = transition(stateRef.current, event);
      if (next !== stateRef.current) {
        stateRef.current = next;
        setState(next);
      }
      runEffects(effects);
    },
    [runEffects],
  );
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;

  // ---- the source: MP4 directly; HLS natively or through a lazily imported hls.js (source.ts) ----

  // ---- logging: the accumulator polls the element; entries go to the logging sink (use-playback-log.ts) ----
  const loggerRef = usePlaybackLog({ video: videoRef, state: stateRef, props: propsRef, waiting: waitingRef }, instanceId, hasSource);

  const log = (kind: VideoLogKind, extra?: Record<string, unknown>) => loggerRef.current?.log(kind, extra);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    let attached: AttachedSource | null = null;
    let cancelled = false;
    setLoading(true);
    attachSource(video, source, fallback && fallback.url !== source.url && !fallback.hls ? fallback.url : null, (code) => {
      if (!cancelled) dispatchRef.current({ type: 'media-error', code });
    }).then(
      (handle) => {
        if (cancelled) handle.destroy();
        else attached = handle;
      },
      (error: unknown) => {
        console.error('<video-player>: the video could not be attached', error);
        if (!cancelled) dispatchRef.current({ type: 'media-error', code: null });
      },
    );
    return () => {
      cancelled = true;
      attached?.destroy();
    };
    // fallback follows source; reloads re-attaches after "Try again"
  }, [source?.url, source?.hls, reloads]);

  // ---- media element events → the state machine, the UI and the log ----
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const on = (type: string, fn: () => void) => {
      video.addEventListener(type, fn);
      return () => video.removeEventListener(type, fn);
    };
    const ended = () => {
      loggerRef.current?.stop();
      dispatchRef.current({ type: 'media-ended' });
      if (stateRef.current.status === 'ended') log('ended');
    };
    // The end as the engine should have reported it (VIDEO_END_STALL_MS says why): still playing on
    // the last frame, the clock not moved, and no `ended` since.
    let endStall: ReturnType<typeof setTimeout> | undefined;
    const clearEndStall = () => {
      clearTimeout(endStall);
      endStall = undefined;
    };
    const watchEnd = () => {
      if (endStall !== undefined || video.paused || video.ended || !atMediaEnd(video.currentTime, video.duration)) return;
      const at = video.currentTime;
      endStall = setTimeout(() => {
        endStall = undefined;
        if (!video.paused && !video.ended && video.currentTime === at && stateRef.current.status === 'playing') ended();
      }, VIDEO_END_STALL_MS);
    };
    const offs = [
      clearEndStall,
      on('seeking', clearEndStall),
      on('emptied', clearEndStall),
      on('playing', () => {
        waitingRef.current = false;
        setLoading(false);
        setStarted(true);
        const wasRunning = loggerRef.current?.running;
        dispatchRef.current({ type: 'media-playing' });
        loggerRef.current?.start();
        if (!wasRunning) log('play');
        loggerRef.current?.playing();
      }),
      on('pause', () => {
        clearEndStall();
        if (resumeRef.current) return; // an HD/SD swap, not a pause
        if (video.ended) return; // 'ended' follows
        loggerRef.current?.stop();
        dispatchRef.current({ type: 'media-paused' });
        if (stateRef.current.status !== 'error') log('pause');
      }),
      on('ended', () => {
        clearEndStall();
        ended();
      }),
      on('error', () => {
        const code = video.error?.code ?? null;
        dispatchRef.current({ type: 'media-error', code });
      }),
      on('loadedmetadata', () => {
        setLoading(false);
        if (Number.isFinite(video.duration)) dispatchRef.current({ type: 'metadata', duration: video.duration });
        if (video.videoWidth > 0 && video.videoHeight > 0) setRatio(video.videoWidth / video.videoHeight);
        const resume = resumeRef.current;
        if (resume) {
          video.currentTime = Math.min(resume.time, Number.isFinite(video.duration) ? video.duration : resume.time);
          loggerRef.current?.resetPosition();
          resumeRef.current = null;
          if (resume.play) void video.play().catch(() => undefined);
        }
      }),
      on('durationchange', () => {
        if (Number.isFinite(video.duration)) dispatchRef.current({ type: 'metadata', duration: video.duration });
      }),
      on('timeupdate', () => {
        setTime(video.currentTime);
        watchEnd();
      }),
      on('seeked', () => {
        setTime(video.currentTime);
        loggerRef.current?.resetPosition();
      }),
      on('progress', () => {
        const ranges = video.buffered;
        setBuffered(ranges.length ? ranges.end(ranges.length - 1) : 0);
      }),
      on('waiting', () => {
        waitingRef.current = true;
        setLoading(true);
      }),
      on('canplay', () => {
        waitingRef.current = false;
        setLoading(false);
      }),
      on('ratechange', () => setRate(video.playbackRate)),
      on('volumechange', () => {
        // Controls outside ours (picture-in-picture window, the OS) change volume too.
        const s = stateRef.current;
        if (video.muted !== s.muted) dispatchRef.current({ type: 'mute', muted: video.muted });
        if (Math.abs(video.volume - s.volume) > 0.001) dispatchRef.current({ type: 'volume', volume: video.volume });
      }),
      on('enterpictureinpicture', () => setPip(true)),
      on('leavepictureinpicture', () => setPip(false)),
    ];
    return () => offs.forEach((off) => off());
  }, [hasSource]);

  // Keep the element's volume and muted state in step with the state machine.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = state.muted;
    video.volume = state.volume;
  }, [state.muted, state.volume, hasSource]);

  // ---- the page: in view (autoplay), fullscreen, another form took over (use-page-signals.ts) ----
  usePageSignals(host, dispatchRef);

  // ---- state announcements: DOM event, bus, live region ----
  const names = stateNames(state);
  const namesKey = names.join(' ');
  const lastNames = useRef('');
  const lastPrimary = useRef('');
  useEffect(() => {
    if (lastNames.current === namesKey) return;
    const first = lastNames.current === '';
    lastNames.current = namesKey;
    announce(Events.videoState, { states: names, postId, playerId: instanceId });
    if (first) return;
    const primary = names.includes('autoplay') ? 'autoplay' : names[0]!;
    // Said when the main state changes, not when only a secondary one does (still "Playing").
    if (primary === lastPrimary.current) return;
    lastPrimary.current = primary;
    if (primary !== 'error' && ANNOUNCE[primary]) say(ANNOUNCE[primary]!);
  }, [namesKey]);

  // Errors: the DOM event, the log (code 1–5 or custom), the live region.
  const errorKey = state.error ? `${state.error.code}:${state.error.name}` : '';
  useEffect(() => {
    if (!state.error) return;
    loggerRef.current?.stop();
    log('error', { error_code: state.error.code ?? 'custom', error_name: state.error.name });
    announce(Events.videoError, { code: state.error.code, name: state.error.name, postId });
    say(`Error: ${videoErrorText(state.error.name).title}`);
    setLoading(false);
  }, [errorKey]);

  // ---- reserved box: the host's ratio (the loader's rule reads --_tl-video-ratio) ----
  const boxRatio =
    props.autoheight && ratio
      ? ratio
      : props.width && props.height && props.width > 0 && props.height > 0
        ? props.width / props.height
        : null;
  useReservedRatio(shadowRoot, boxRatio);

  // ---- the gutter: Dock moves this element into the page's gutter (state/gutter.ts) ----
  const docked = useStore($dockedVideo);
  const isDocked = docked !== null && docked.host === host;
  /** Focus was on the Dock control: it goes to the placeholder left in the post. */
  const focusPlaceholder = useRef(false);
  const dock = () => {
    focusPlaceholder.current = shadowRoot.activeElement !== null;
    if (docking) dockWith(docking);
    // Pressed before its intent loaded the chunk (a script's click): docked once it is here.
    else
      loadDocking().then(
        (m) => host.isConnected && dockWith(m),
        (error: unknown) => console.error('<video-player>: docking could not load', error),
      );
  };
  const dockWith = (m: Docking) => {
    const s = stateRef.current;
    const decision = m.dockPlayer({
      host,
      candidate: { id: instanceId, playable: hasSource && !s.error, fullscreen: s.fullscreen },
      styles,
      onUndock: (reason: UndockReason, pause: boolean) => {
        if (pause) dispatchRef.current({ type: 'pause' });
        say(reason === 'return' ? m.GUTTER_TEXT.returned : m.GUTTER_TEXT.closed);
        announce(Events.videoDock, { docked: false, reason, postId, playerId: instanceId });
      },
    });
    if (decision.kind !== 'dock') return;
    // Docking is the viewer choosing this video: an autoplaying one is theirs now (it no longer
    // pauses by itself), still muted until they unmute it.
    if (s.autoplaying && s.status === 'playing') dispatch({ type: 'play' });
    say(m.GUTTER_TEXT.docked);
    announce(Events.videoDock, { docked: true, reason: 'dock', postId, playerId: instanceId });
  };
  // An embedded player (in a frame, with its post's data) docks through the page around it: the
  // link (FrameLink) says whether the page can dock it and whether it has.
  const framed = props.iframePostData !== undefined && inFrame();
  const [frame, setFrame] = useState({ canDock: false, docked: false });
  const frameLink = useRef<PageLink | null>(null);
  const showDockBar = isDocked || frame.docked;
  // Docked here means docked by dockWith(): the chunk is here.
  const undock = (reason: 'return' | 'close') => (isDocked ? docking?.endDockedView(reason) : frameLink.current?.undock(reason));
  // Its post can leave the page while it is docked (the drawer it came from closes): then Return
  // goes. The drawer's opening and closing is the post viewer store.
  const [, recheckPlace] = useReducer((n: number) => n + 1, 0);
  useEffect(() => (isDocked ? $postViewer.listen(recheckPlace) : undefined), [isDocked]);
  // Taken off the page while docked (not by us): the gutter forgets it.
  useEffect(() => () => docking?.forgetDockedPlayer(host), [host]);
  // An embedded player is docked by the page (its Dock press went there): its bar comes with the chunk.
  const [, dockingLoaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (showDockBar && !docking)
      loadDocking().then(dockingLoaded, (error: unknown) => console.error('<video-player>: the docked bar could not load', error));
  }, [showDockBar]);

  // ---- user actions ----
  const seekTo = (target: number) => {
    const video = videoRef.current;
    if (!video || state.livestream) return;
    const from = video.currentTime;
    video.currentTime = target;
    setTime(target);
    loggerRef.current?.resetPosition();
    log('seek', { from: Math.round(from * 1000) / 1000, to: Math.round(target * 1000) / 1000 });
  };

  const toggleHd = () => {
    const next = !hd;
    setHd(next);
    say(next ? 'HD on' : 'HD off');
    announce(Events.videoQuality, { hd: next, postId });
    log('hd', { hd: next });
  };
  // The swap itself waits 300 ms (spec), so a quick double toggle does not reload twice.
  useEffect(() => {
    if (hd === loadedHd) return;
    const timer = setTimeout(() => {
      const video = videoRef.current;
      if (video && video.currentSrc) resumeRef.current = { time: video.currentTime, play: !video.paused };
      setLoadedHd(hd);
    }, VIDEO_HD_SWAP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hd, loadedHd]);

  const setVolume = (volume: number) => {
    dispatch({ type: 'volume', volume });
    const s = stateRef.current;
    writeVolumePreference({ volume: s.volume, muted: s.muted });
  };
  const setMuted = (muted: boolean) => {
    dispatch({ type: 'mute', muted });
    if (!muted && stateRef.current.volume === 0) dispatch({ type: 'volume', volume: 0.5 });
    writeVolumePreference({ volume: stateRef.current.volume, muted });
    say(muted ? 'Muted' : 'Unmuted');
    if (!muted) log('unmute');
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement === host) void document.exitFullscreen().catch(() => undefined);
    else void host.requestFullscreen?.().catch((error: unknown) => console.warn('<video-player>: fullscreen refused', error));
  };
  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement === video) void document.exitPictureInPicture().catch(() => undefined);
    else
      void video.requestPictureInPicture?.().catch((error: unknown) => console.warn('<video-player>: picture-in-picture refused', error));
  };
  const setPlaybackRate = (next: number) => {
    if (videoRef.current) videoRef.current.playbackRate = next;
    setRate(next);
    say(`Speed ${next === 1 ? 'normal' : `${next}×`}`);
  };

  const onSurfaceClick = () => {
    const wasAutoplaying = stateRef.current.autoplaying && stateRef.current.status === 'playing';
    dispatch({ type: 'surface-click' });
    if (wasAutoplaying) {
      writeVolumePreference({ volume: stateRef.current.volume, muted: false });
      say('Unmuted');
      log('unmute');
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const onControl = target.closest('button, input, [role="menu"]') !== null;
    const video = videoRef.current;
    const duration = stateRef.current.duration;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (key) {
      case 'Escape':
        // Escape in the gutter closes the docked view, and nothing else on the page.
        if (!showDockBar) return;
        handled();
        undock('close');
        break;
      case ' ':
        if (onControl) return; // Space presses the focused button
        handled();
        dispatch({ type: 'toggle' });
        break;
      case 'k':
        handled();
        dispatch({ type: 'toggle' });
        break;
      case 'ArrowLeft':
      case 'j':
        // The volume slider's own arrows turn the volume (they used to seek, the volume unchanged).
        if (!video || (key === 'ArrowLeft' && target.matches('.volume__range'))) return;
        handled();
        seekTo(seekTarget(video.currentTime, key === 'j' ? -VIDEO_SEEK_LONG_STEP_S : -VIDEO_SEEK_STEP_S, duration));
        break;
      case 'ArrowRight':
      case 'l':
        if (!video || (key === 'ArrowRight' && target.matches('.volume__range'))) return;
        handled();
        seekTo(seekTarget(video.currentTime, key === 'l' ? VIDEO_SEEK_LONG_STEP_S : VIDEO_SEEK_STEP_S, duration));
        break;
      case 'ArrowUp':
      case 'ArrowDown': {
        if (target.matches('input[type="range"]')) return;
        handled();
        const delta = key === 'ArrowUp' ? VIDEO_VOLUME_STEP : -VIDEO_VOLUME_STEP;
        const base = stateRef.current.muted ? 0 : stateRef.current.volume;
        const volume = Math.round(Math.min(1, Math.max(0, base + delta)) * 100) / 100;
        if (volume === 0) setMuted(true);
        else setVolume(volume);
        say(volume === 0 ? 'Muted' : `Volume ${Math.round(volume * 100)}%`);
        break;
      }
      case 'm':
        handled();
        setMuted(!stateRef.current.muted);
        break;
      case 'f':
        handled();
        toggleFullscreen();
        break;
    }
  };

  // ---- render ----
  const status = state.status;
  const errorText = state.error ? videoErrorText(state.error.name) : null;
  const label = props.label?.trim() || (blogName ? `Video from ${blogName}` : 'Video');
  const pipAvailable = typeof document !== 'undefined' && document.pictureInPictureEnabled === true && !props.livestream;
  const fullscreenAvailable = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const showBigPlay = !state.error && status !== 'playing' && !(state.autoplay && status === 'idle');
  const autoplayBadge = state.autoplaying && status === 'playing';

  if (!source) {
    return (
      <div className="player player--empty" part="player" role="group" aria-label={label}>
        {props.poster && <img className="poster" part="poster" src={props.poster} alt="" />}
        <p className="empty" part="error">
          This video is not available.
        </p>
      </div>
    );
  }

  // The docked bar comes before the player and the placeholder after it, each only while docked:
  // the player's own element (and its <video>) stays the same React node either way.
  return (
    <>
      {showDockBar && docking && (
        <docking.DockBar
          title={label}
          canReturn={!isDocked || placeInPage(docked)}
          onReturn={() => undock('return')}
          onClose={() => undock('close')}
        />
      )}
      <div
        ref={rootRef}
        className={`player is-${status}${autoplayBadge ? ' is-autoplay' : ''}${state.fullscreen ? ' is-fullscreen' : ''}${started ? ' is-started' : ''}${showDockBar ? ' is-docked' : ''}`}
        part="player"
        role="group"
        aria-label={label}
        tabIndex={0}
        data-state={namesKey}
        onPointerEnter={preloadScrubberPreview}
        onKeyDown={onKeyDown}
      >
        <video
          ref={videoRef}
          className="video"
          part="video"
          playsInline
          preload={state.autoplay ? 'auto' : 'metadata'}
          poster={props.poster || undefined}
          muted={state.muted}
          aria-hidden="true"
          tabIndex={-1}
          onClick={onSurfaceClick}
        />

        {loading && !state.error && status === 'playing' && <span className="spinner" part="loading" role="status" aria-label="Loading" />}

        {showBigPlay && (
          <button
            type="button"
            className="big-play"
            part="big-play-button"
            aria-label={status === 'ended' ? 'Replay' : 'Play'}
            onClick={() => dispatch({ type: 'play' })}
          >
            <Icon name={status === 'ended' ? 'replay' : 'play'} />
          </button>
        )}

        {autoplayBadge && (
          <button type="button" className="unmute-badge" part="unmute-button" onClick={onSurfaceClick}>
            <Icon name="muted" />
            <span>Tap to unmute</span>
          </button>
        )}

        {state.error && errorText && (
          <div className="error" part="error" role="alert">
            <p className="error__title">{errorText.title}</p>
            <p className="error__detail">{errorText.detail}</p>
            <button type="button" className="tl-button error__retry" part="retry-button" onClick={() => dispatch({ type: 'retry' })}>
              Try again
            </button>
          </div>
        )}

        <Controls
          playing={status === 'playing'}
          ended={status === 'ended'}
          muted={state.muted}
          volume={state.volume}
          currentTime={time}
          duration={state.duration}
          buffered={buffered}
          livestream={state.livestream}
          playbackRate={rate}
          hdAvailable={Boolean(props.hdUrl?.trim()) && !props.hlsService?.trim()}
          hd={hd}
          pipAvailable={pipAvailable}
          pip={pip}
          fullscreenAvailable={fullscreenAvailable}
          fullscreen={state.fullscreen}
          filmstrip={filmstrip}
          disabled={state.error !== null}
          onToggle={() => dispatch({ type: 'toggle' })}
          onMute={setMuted}
          onVolume={setVolume}
          onSeek={seekTo}
          onRate={setPlaybackRate}
          onHd={toggleHd}
          onPip={togglePip}
          onFullscreen={toggleFullscreen}
          dockAvailable={(framed ? frame.canDock && !frame.docked : !isDocked) && !mobile && !state.error && !state.fullscreen}
          onDock={framed ? () => frameLink.current?.dock() : dock}
          onDockIntent={preloadDocking}
        />
      </div>
      {framed && (
        <Suspense fallback={null}>
          <FrameLink post={postData} video={videoRef} dispatch={dispatchRef} onState={setFrame} link={frameLink} />
        </Suspense>
      )}
      {isDocked &&
        docking &&
        docked.placeholder.shadowRoot &&
        createPortal(
          <docking.DockedPlaceholder
            poster={props.poster}
            focusOnMount={focusPlaceholder.current}
            onReturn={() => docking?.endDockedView('return')}
          />,
          docked.placeholder.shadowRoot,
        )}
    </>
  );
}
