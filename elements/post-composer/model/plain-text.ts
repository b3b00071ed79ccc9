/**
 * The plain-text editor (authoring spec §2 "Plain text editor", §5): a text field that grows with
 * what is typed, up to a limit, and keeps the line being typed in view by shifting its scrolling
 * container. A shift is an object of numbers x and y; anything else is an error (spec §5), so a
 * bad measurement never scrolls the page somewhere arbitrary.
 */

export const PLAIN_TEXT_SHIFT_ERROR = 'The plain-text shift must be an object of numbers x and y';

export interface Shift {
  x: number;
  y: number;
}

/** Spec §5: the shift must be an object of numbers x and y, otherwise this throws. */
export function readShift(value: unknown): Shift {
  if (typeof value !== 'object' || value === null) throw new TypeError(PLAIN_TEXT_SHIFT_ERROR);
  const { x, y } = value as { x?: unknown; y?: unknown };
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
    throw new TypeError(PLAIN_TEXT_SHIFT_ERROR);
  return { x, y };
}

/**
 * The field's height for its content: never below `min`, never above `max` (from there on it
 * scrolls inside). Heights are border-box pixels.
 */
export function plainTextHeight(content: number, min: number, max: number): { height: number; overflow: boolean } {
  const floor = Math.max(0, min);
  const ceiling = Math.max(floor, max);
  const height = Math.min(Math.max(Math.ceil(content), floor), ceiling);
  return { height, overflow: content > ceiling };
}

/** How far a container must scroll for a box's bottom edge (plus a margin) to be in its view. */
export function shiftToReveal(boxBottom: number, viewBottom: number, margin = 12): Shift {
  return { x: 0, y: Math.max(0, Math.ceil(boxBottom + margin - viewBottom)) };
}
