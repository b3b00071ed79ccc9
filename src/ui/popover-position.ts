/**
 * Keeps a popover beside its anchor while the page scrolls and resizes (Floating UI). Its own
 * chunk: about 6 KiB gzip that no element needs before its first popover opens, so Popover.tsx
 * loads it on the first sign of intent (a pointer over or focus on a trigger) or on open.
 */
import { autoUpdate, computePosition, flip, offset, shift, size, type Placement } from '@floating-ui/dom';

const POPOVER_EDGE_PADDING = 10; // spec: popover minimum distance from the container edge

/** Places `floating` at once, then a frame after anything moved or resized; returns the stop. */
export function keepPlaced(anchor: Element, floating: HTMLElement, placement: Placement): () => void {
  const place = () => {
    void computePosition(anchor, floating, {
      strategy: 'fixed',
      placement,
      middleware: [
        offset(8),
        flip({ padding: POPOVER_EDGE_PADDING }),
        shift({ padding: POPOVER_EDGE_PADDING }),
        size({
          padding: POPOVER_EDGE_PADDING,
          apply({ availableHeight }) {
            floating.style.maxHeight = `${Math.max(160, availableHeight)}px`;
          },
        }),
      ],
    }).then(({ x, y, placement: final }) => {
      floating.style.left = `${x}px`;
      floating.style.top = `${y}px`;
      floating.dataset.placement = final;
    });
  };
  // The first placement at once (no frame at 0,0); later ones a frame after what moved or
  // resized. Placing inside the ResizeObserver's own callback (a new max-height resizes the
  // popover it observes) is what browsers report as "ResizeObserver loop completed with
  // undelivered notifications" — seen with a popover anchored inside the drawer's list.
  let first = true;
  let frame = 0;
  const stop = autoUpdate(anchor, floating, () => {
    if (first) {
      first = false;
      place();
      return;
    }
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(place);
  });
  return () => {
    cancelAnimationFrame(frame);
    stop();
  };
}
