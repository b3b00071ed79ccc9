/**
 * The playback-speed menu (Controls.tsx has its button), its own chunk with the popover it opens
 * in: loaded on the button's intent (a pointer over it, focus on it), or on the press. It takes
 * the focus once it exists; until then the button keeps it.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useWidget } from '../../src/core/widget-context';
import { Popover, preloadPopoverPosition } from '../../src/ui/Popover';
import { VIDEO_PLAYBACK_RATES } from './model/state-machine';
import { adoptChunkStyles } from '../../src/core/styles';
import css from './rate-menu.css';

/** Loads the placement code too, as soon as this chunk is here (the menu opens placed in its first frame). */
export function preloadPlacement(): void {
  void preloadPopoverPosition().catch(() => undefined);
}

export interface RateMenuProps {
  id: string;
  rate: number;
  anchor: HTMLButtonElement | null;
  menuRef: RefObject<HTMLDivElement | null>;
  onSelect(rate: number): void;
  onClose(): void;
  onDismiss(): void;
}

export function RateMenu({ anchor, menuRef, onDismiss, ...list }: RateMenuProps) {
  const { shadowRoot } = useWidget();
  // Its styles came with it: adopted before the menu's first paint (the popover shows in a layout effect too).
  useLayoutEffect(() => adoptChunkStyles(shadowRoot, 'video-player:rate-menu', css), [shadowRoot]);
  return (
    <Popover
      open
      anchor={anchor}
      placement="top-end"
      onDismiss={onDismiss}
      className="rate-menu"
      part="playback-rate-menu"
      popoverRef={menuRef}
    >
      <RateList {...list} />
    </Popover>
  );
}

function RateList({ id, rate, onSelect, onClose }: { id: string; rate: number; onSelect(rate: number): void; onClose(): void }) {
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
