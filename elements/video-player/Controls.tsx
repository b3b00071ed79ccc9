/**
 * The control bar (media-chrome's control set): play/pause, mute + volume, scrubber with a
 * filmstrip preview on hover, elapsed/remaining time, playback-rate menu, HD, picture-in-picture
 * (where the engine has it), Dock (into the page's gutter: state/gutter.ts) and fullscreen. Every control is a ::part.
 */
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Popover, preloadOnIntent } from '../../src/ui/Popover';
import { VIDEO_PLAYBACK_RATES, filmstripFrame, formatTime, spokenTime, type Filmstrip } from './model/state-machine';
import { GUTTER_TEXT } from './model/gutter';
import { Icon } from './icons';

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
  const preview =
    hover && p.filmstrip && frames > 0 ? (
      <span
        className="preview"
        part="filmstrip"
        aria-hidden="true"
        style={
          { '--x': hover.x, '--w': `${p.filmstrip.width}px`, '--ratio': `${p.filmstrip.width} / ${p.filmstrip.height}` } as CSSProperties
        }
      >
        <span
          className="preview__image"
          style={{
            // Percentages, so the frame scales with a small player.
            backgroundImage: `url("${encodeURI(p.filmstrip.url)}")`,
            backgroundSize: `${frames * 100}% 100%`,
            backgroundPosition: `${frames > 1 ? (filmstripFrame(hover.time, duration, frames) / (frames - 1)) * 100 : 0}% 0`,
          }}
        />
        <span className="preview__time">{formatTime(hover.time)}</span>
      </span>
    ) : hover ? (
      <span className="preview preview--time-only" part="filmstrip" aria-hidden="true" style={{ '--x': hover.x } as CSSProperties}>
        <span className="preview__time">{formatTime(hover.time)}</span>
      </span>
    ) : null;

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
            {preview}
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
            {...preloadOnIntent}
            onClick={() => setRateOpen((v) => !v)}
          >
            {p.playbackRate}×
          </button>
          <Popover
            open={rateOpen}
            anchor={rateButton.current}
            placement="top-end"

            onDismiss={() => setRateOpen(false)}
            className="rate-menu"
            part="playback-rate-menu"
            popoverRef={rateMenu}
          >
            <RateMenu
              id={menuId}
              rate={p.playbackRate}
              onSelect={selectRate}
              onClose={() => {
                setRateOpen(false);
                rateButton.current?.focus();
              }}
            />
          </Popover>
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
        <button type="button" className="control" part="dock-button control" aria-label={GUTTER_TEXT.dock} onClick={p.onDock}>
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

function RateMenu({ id, rate, onSelect, onClose }: { id: string; rate: number; onSelect(rate: number): void; onClose(): void }) {
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(0, VIDEO_PLAYBACK_RATES.indexOf(rate as (typeof VIDEO_PLAYBACK_RATES)[number]));
  useEffect(() => {
    // The popover is shown by its own (parent) effect, after this one: focus on the next frame.
    const frame = requestAnimationFrame(() => items.current[current]?.focus());
    return () => cancelAnimationFrame(frame);
  }, []); // only when the menu opens
  return (
    <div
      id={id}
      role="menu"
      aria-label="Playback speed"
      className="rate-menu__list"
      onKeyDown={(event) => {
        const index = items.current.findIndex((el) => el === event.target);
        const last = VIDEO_PLAYBACK_RATES.length - 1;
        const moves: Record<string, number> = {
          ArrowDown: index >= last ? 0 : index + 1,
          ArrowUp: index <= 0 ? last : index - 1,
          Home: 0,
          End: last,
        };
        if (event.key in moves) {
          event.preventDefault();
          event.stopPropagation();
          items.current[moves[event.key]!]?.focus();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        } else if (event.key === 'Tab') {
          onClose();
        }
      }}
    >
      {VIDEO_PLAYBACK_RATES.map((r, i) => (
        <button
          key={r}
          ref={(node) => void (items.current[i] = node)}
          type="button"
          role="menuitemradio"
          aria-checked={r === rate}
          tabIndex={i === current ? 0 : -1}
          className="rate-menu__item"
          onClick={() => onSelect(r)}
        >
          <span aria-hidden="true" className="rate-menu__check">
            {r === rate ? '✓' : ''}
          </span>
          {r === 1 ? 'Normal' : `${r}×`}
        </button>
      ))}
    </div>
  );
}
