/**
 * A virtualised list unmounts the rows scrolled out of view. When one of them holds the focus, the
 * focus falls to <body> with it, and every key command of the list (or of the sheet around it) dies
 * until the user clicks back in. This keeps the row that holds the focus mounted, at its own place
 * off screen, until the focus leaves it: the library's range extractor plus the row that has it.
 *
 * The row is remembered by its key, not its index: a list that loads older rows above (the message
 * list) shifts every index.
 *
 *   const kept = useFocusedRowKept((i) => keyOf(i));
 *   useVirtualizer({ …, rangeExtractor: kept.rangeExtractor });
 *   <div className="list" onFocus={kept.onFocus} onBlur={kept.onBlur}>  (rows carry data-index)
 *
 * A list that lays its rows out in flow (one translated window) places the kept row itself:
 * `kept.isOutside(index)` says which one is off the range.
 */
import { useMemo, useRef, useState, type FocusEvent } from 'react';
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

type Key = string | number | bigint;

export interface FocusedRowKept {
  rangeExtractor(range: Range): number[];
  onFocus(event: FocusEvent): void;
  onBlur(event: FocusEvent): void;
  /** Whether this row is mounted only because it holds the focus (it is off the visible range). */
  isOutside(index: number): boolean;
}

export function useFocusedRowKept(keyAt: (index: number) => Key | undefined, indexAttribute = 'data-index'): FocusedRowKept {
  const focused = useRef<Key | null>(null);
  const outside = useRef(-1);
  const latestKeyAt = useRef(keyAt);
  latestKeyAt.current = keyAt;
  // The focused row is a ref, not state: the focus moving between rows on screen re-renders
  // nothing (a click on a post's button in the drawer re-rendered the whole sheet for it). A row
  // can only take the focus while mounted, so the range holds it then; the virtualiser calls the
  // extractor again as the list scrolls, and it keeps the row from there. Only letting go of a row
  // kept off the range needs a new extractor, which makes the virtualiser compute its rows again.
  const [released, setReleased] = useState(0);
  const moveTo = (key: Key | null) => {
    if (key === focused.current) return;
    focused.current = key;
    if (outside.current >= 0) setReleased((n) => n + 1);
  };

  return useMemo<FocusedRowKept>(
    () => ({
      rangeExtractor(range) {
        const indexes = defaultRangeExtractor(range);
        outside.current = -1;
        const key = focused.current;
        if (key === null) return indexes;
        let kept = -1;
        for (let i = 0; i < range.count; i++) {
          if (latestKeyAt.current(i) === key) {
            kept = i;
            break;
          }
        }
        if (kept < 0 || indexes.includes(kept)) return indexes;
        outside.current = kept;
        return [...indexes, kept].sort((a, b) => a - b);
      },
      onFocus(event) {
        const row = (event.target as Element).closest?.(`[${indexAttribute}]`);
        const index = row ? Number(row.getAttribute(indexAttribute)) : NaN;
        moveTo(Number.isInteger(index) ? (latestKeyAt.current(index) ?? null) : null);
      },
      onBlur(event) {
        const list = event.currentTarget;
        const next = event.relatedTarget;
        // Focus moving to another row is that row's onFocus; leaving the window keeps the element
        // focused (it comes back to it), so only a move elsewhere on the page forgets the row.
        if (next instanceof Node && !list.contains(next)) moveTo(null);
      },
      isOutside: (index) => index === outside.current,
    }),
    // `released` is only the signal to build a new extractor (moveTo touches refs and a setter).
    [released, indexAttribute],
  );
}
