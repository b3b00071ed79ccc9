/**
 * The preview over the scrubber while a pointer hovers it (Controls.tsx has the hover): the
 * filmstrip's frame at that time, or the time alone. Its own chunk with its styles, loaded on a
 * pointer over the player, before it reaches the scrubber.
 */
import { useLayoutEffect, type CSSProperties } from 'react';
import { useWidget } from '../../src/core/widget-context';
import { filmstripFrame, formatTime, type Filmstrip } from './model/state-machine';
import { adoptChunkStyles } from '../../src/core/styles';
import css from './preview.css';

export function ScrubberPreview({
  hover,
  duration,
  filmstrip,
  frames,
}: {
  hover: { x: number; time: number };
  duration: number;
  filmstrip: Filmstrip | null;
  /** Frames in the sprite (0 while unknown: the time alone). */
  frames: number;
}) {
  const { shadowRoot } = useWidget();
  useLayoutEffect(() => adoptChunkStyles(shadowRoot, 'video-player:scrubber-preview', css), [shadowRoot]);
  if (!filmstrip || frames <= 0)
    return (
      <span className="preview preview--time-only" part="filmstrip" aria-hidden="true" style={{ '--x': hover.x } as CSSProperties}>
        <span className="preview__time">{formatTime(hover.time)}</span>
      </span>
    );
  return (
    <span
      className="preview"
      part="filmstrip"
      aria-hidden="true"
      style={{ '--x': hover.x, '--w': `${filmstrip.width}px`, '--ratio': `${filmstrip.width} / ${filmstrip.height}` } as CSSProperties}
    >
      <span
        className="preview__image"
        style={{
          // Percentages, so the frame scales with a small player.
          backgroundImage: `url("${encodeURI(filmstrip.url)}")`,
          backgroundSize: `${frames * 100}% 100%`,
          backgroundPosition: `${frames > 1 ? (filmstripFrame(hover.time, duration, frames) / (frames - 1)) * 100 : 0}% 0`,
        }}
      />
      <span className="preview__time">{formatTime(hover.time)}</span>
    </span>
  );
}
