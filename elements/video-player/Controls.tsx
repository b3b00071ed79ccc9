/**
 * The control bar (media-chrome's control set): play/pause, mute + volume, scrubber with a
 * filmstrip preview on hover, elapsed/remaining time, playback-rate menu, HD, picture-in-picture
 * (where the engine has it), Dock (into the page's gutter: state/gutter.ts) and fullscreen. Every control is a ::part.
 */
import { Suspense, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { formatTime, spokenTime, type Filmstrip } from './model/state-machine';
import { DOCK_LABEL } from './model/dock-label';
import { Icon } from './icons';

/**
 * The speed menu (and the popover it opens in) is its own chunk: a pointer over its button, or
 * focus on it, loads it with the placement code, before the press.
 */
const loadRateMenu = () =>
  import('./RateMenu').then((m) => {
    m.preloadPlacement();
    return m;
  });
const RateMenu = retryableLazy(() => loadRateMenu().then((m) => ({ default: m.RateMenu })));
const preloadRateMenu = () => void loadRateMenu().catch(() => undefined);

/** The filmstrip preview over the scrubber (and its styles) is its own chunk, loaded on a pointer over the player. */
const loadPreview = () => import('./ScrubberPreview');
const ScrubberPreview = retryableLazy(() => loadPreview().then((m) => ({ default: m.ScrubberPreview })));
export const preloadScrubberPreview = () => void loadPreview().catch(() => undefined);

export interface ControlsProps {
  playing: boolean;
  ended: boolean;
  muted: boolean;
  volume: number;
  currentTime: number;
  duration: number | null;
  buffered: number;
  livestream: boolean;
  playbackRate: number;
  hdAvailable: boolean;
  hd: boolean;
  pipAvailable: boolean;
  pip: boolean;
  fullscreenAvailable: boolean;
  fullscreen: boolean;
  /** The Dock control shows (not docked, something to play, not on a handset). */
  dockAvailable: boolean;
  filmstrip: Filmstrip | null;
  disabled: boolean;
  onToggle(): void;
  onMute(muted: boolean): void;
  onVolume(volume: number): void;
  onSeek(time: number): void;
  onRate(rate: number): void;
  onHd(): void;
  onPip(): void;
  onFullscreen(): void;
  onDock(): void;
  /** A pointer over the Dock control, or focus on it: what docking needs can load. */
  onDockIntent?: (() => void) | undefined;
}

export function Controls(p: ControlsProps) {
  const [showRemaining, setShowRemaining] = useState(false);
  const [rateOpen, setRateOpen] = useState(false);
  const [hover, setHover] = useState<{ x: number; time: number } | null>(null);
  const rateButton = useRef<HTMLButtonElement | null>(null);
  const rateMenu = useRef<HTMLDivElement | null>(null);
  const menuId = useId();
  const duration = p.duration ?? 0;
  const seekable = !p.livestream && duration > 0 && !p.disabled;
  const volumePercent = Math.round((p.muted ? 0 : p.volume) * 100);
  const timeShown = showRemaining ? formatTime(-Math.max(0, duration - p.currentTime)) : formatTime(p.currentTime);
  // The accessible name starts with the visible text (WCAG 2.5.3).
  const timeText = p.livestream ? timeShown : `${timeShown} / ${formatTime(duration)}`;
  const playLabel = p.playing ? 'Pause' : p.ended ? 'Replay' : 'Play';

  const onScrubberHover = (event: React.PointerEvent<HTMLInputElement>) => {
    if (!seekable) return;
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setHover({ x: ratio, time: ratio * duration });
  };

  // Without `frames`, count them from the sprite's width once it has loaded.
  const [measured, setMeasured] = useState<{ url: string; frames: number } | null>(null);
  const strip = p.filmstrip;
  useEffect(() => {
    if (!strip || strip.frames) return;
    const image = new Image();
    image.onload = () => setMeasured({ url: strip.url, frames: Math.max(1, Math.floor(image.naturalWidth / strip.width)) });
    image.src = strip.url;
    return () => void (image.onload = null);
  }, [strip]);
  const frames = strip?.frames ?? (measured && strip && measured.url === strip.url ? measured.frames : 0);

  const selectRate = (rate: number) => {
    p.onRate(rate);
    setRateOpen(false);
    rateButton.current?.focus();
  };

  return (
    <div className="controls" part="controls" role="toolbar" aria-label="Video controls" aria-orientation="horizontal">
      <button
        type="button"
        className="control"
        part="play-button control"
        aria-label={playLabel}
        onClick={p.onToggle}
        disabled={p.disabled}
      >
        <Icon name={p.playing ? 'pause' : p.ended ? 'replay' : 'play'} />
      </button>

      <span className="volume" part="volume">
        <button
          type="button"
          className="control"
          part="mute-button control"
          aria-label={p.muted ? 'Unmute' : 'Mute'}
          onClick={() => p.onMute(!p.muted)}
        >
          <Icon name={p.muted || p.volume === 0 ? 'muted' : p.volume < 0.5 ? 'volumeLow' : 'volume'} />
        </button>
        <input
          type="range"
          className="range volume__range"
          part="volume-range"
          min={0}
          max={100}
          step={5}
          value={volumePercent}
          aria-label="Volume"
          aria-valuetext={p.muted ? 'muted' : `${volumePercent}%`}
          style={{ '--fill': `${volumePercent}%` } as CSSProperties}
          onChange={(event) => p.onVolume(Number(event.currentTarget.value) / 100)}
        />
      </span>

      <span className="scrubber" part="time-range">
        {p.livestream ? (
          <span className="live" part="live-badge">
            LIVE
          </span>
        ) : (
          <>
            <input
              type="range"
              className="range scrubber__range"
              min={0}
              max={duration > 0 ? duration : 1}
              step="any"
              value={Math.min(p.currentTime, duration || 0)}
              disabled={!seekable}
              aria-label="Seek"
              aria-valuetext={`${spokenTime(p.currentTime)} of ${spokenTime(duration)}`}
              style={
                {
                  '--fill': `${duration > 0 ? (p.currentTime / duration) * 100 : 0}%`,
                  '--buffered': `${duration > 0 ? Math.min(100, (p.buffered / duration) * 100) : 0}%`,
                } as CSSProperties
              }
              onChange={(event) => p.onSeek(Number(event.currentTarget.value))}
              onPointerMove={onScrubberHover}
              onPointerLeave={() => setHover(null)}
              onKeyDown={(event) => {
                // The scrubber's own arrow keys seek; keep them from the player's shortcuts.
                if (
                  event.key.startsWith('Arrow') ||
                  event.key === 'Home' ||
                  event.key === 'End' ||
                  event.key === 'PageUp' ||
                  event.key === 'PageDown'
                )
                  event.stopPropagation();
              }}
            />
            {hover && (
              // Nothing shows while its code arrives (the player's pointer-over loads it first).
              <PartBoundary quiet>
                <Suspense fallback={null}>
                  <ScrubberPreview hover={hover} duration={duration} filmstrip={p.filmstrip} frames={frames} />
                </Suspense>
              </PartBoundary>
            )}
          </>
        )}
      </span>

      <button
        type="button"
        className="control time"
        part="time-display control"
        aria-label={`${timeText}, ${showRemaining ? 'remaining. Show elapsed time' : 'elapsed. Show remaining time'}`}
        onClick={() => setShowRemaining((v) => !v)}
      >
        {timeShown}
        {!p.livestream && <span className="time__total"> / {formatTime(duration)}</span>}
      </button>

      {!p.livestream && (
        <>
          <button
            ref={rateButton}
            type="button"
            className="control rate"
            part="playback-rate-button control"
            aria-label={`Playback speed, ${p.playbackRate}×`}
            aria-haspopup="menu"
            aria-expanded={rateOpen}
            aria-controls={rateOpen ? menuId : undefined}
            onPointerEnter={preloadRateMenu}
            onFocus={preloadRateMenu}
            onClick={() => setRateOpen((v) => !v)}
          >
            {p.playbackRate}×
          </button>
          {rateOpen && (
            // Nothing shows while the menu's code arrives (the button, still focused, says it is expanded).
            <PartBoundary retry={RateMenu.retry}>
              <Suspense fallback={null}>
                <RateMenu
                  id={menuId}
                  rate={p.playbackRate}
                  anchor={rateButton.current}
                  menuRef={rateMenu}
                  onSelect={selectRate}
                  onDismiss={() => setRateOpen(false)}
                  onClose={() => {
                    setRateOpen(false);
                    rateButton.current?.focus();
                  }}
                />
              </Suspense>
            </PartBoundary>
          )}
        </>
      )}

      {p.hdAvailable && (
        <button
          type="button"
          className="control hd"
          part="hd-button control"
          aria-label="HD"
          aria-pressed={p.hd}
          onClick={p.onHd}
          disabled={p.disabled}
        >
          HD
        </button>
      )}
      {p.pipAvailable && (
        <button
          type="button"
          className="control"
          part="pip-button control"
          aria-label={p.pip ? 'Exit picture in picture' : 'Picture in picture'}
          onClick={p.onPip}
          disabled={p.disabled}
        >
          <Icon name="pip" />
        </button>
      )}
      {p.dockAvailable && (
        <button
          type="button"
          className="control"
          part="dock-button control"
          aria-label={DOCK_LABEL}
          onClick={p.onDock}
          onPointerEnter={p.onDockIntent}
          onFocus={p.onDockIntent}
        >
          <Icon name="dock" />
        </button>
      )}
      {p.fullscreenAvailable && (
        <button
          type="button"
          className="control"
          part="fullscreen-button control"
          aria-label={p.fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
          onClick={p.onFullscreen}
        >
          <Icon name={p.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
        </button>
      )}
    </div>
  );
}
