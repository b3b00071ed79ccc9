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
  // The first placement at once (no frame at 0,0), in the task that opened the popover. Watching
  // what may move it afterwards (the overflow ancestors of both elements walked for scroll
  // listeners, a ResizeObserver, an IntersectionObserver measuring the anchor) waits until that
  // frame has painted: none of it can change the first frame, and in the opening click it was
  // time before the popover showed. Later placements are a frame after what moved or resized;
  // placing inside the ResizeObserver's own callback (a new max-height resizes the popover it
  // observes) is what browsers report as "ResizeObserver loop completed with undelivered
  // notifications" (seen with a popover anchored inside the drawer's list).
  place();
  let frame = 0;
  let stop: (() => void) | null = null;
  const watch = () => {
    stop = autoUpdate(anchor, floating, () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    });
  };
  // After the paint: a frame, then a task (a frame callback still runs before that frame's paint).
  let timer = 0;
  const painted = requestAnimationFrame(() => {
    timer = window.setTimeout(watch, 0);
  });
  // Stopped before the watching began: the frame or the task that would begin it is cancelled.
  return () => {
    cancelAnimationFrame(painted);
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    stop?.();
  };
}
