import { useEffect, useLayoutEffect, useRef, type CSSProperties, type MouseEvent, type ReactNode, type Ref } from 'react';
import { autoUpdate, computePosition, flip, offset, shift, size, type Placement } from '@floating-ui/dom';

export const POPOVER_EDGE_PADDING = 10; // spec: popover minimum distance from the container edge

const PLACEMENTS: ReadonlySet<string> = new Set([
  'top',
  'bottom',
  'left',
  'right',
  'top-start',
  'top-end',
  'bottom-start',
  'bottom-end',
  'left-start',
  'left-end',
  'right-start',
  'right-end',
]);

/** A `placement` attribute's value, or the element's default when it names no side. */
export function parsePlacement(value: string | undefined, fallback: Placement): Placement {
  return value && PLACEMENTS.has(value) ? (value as Placement) : fallback;
}

/** The element an `anchor="<id>"` attribute names: in the host's own tree first, then the page. */
export function findAnchor(host: HTMLElement, id: string): HTMLElement | null {
  const root = host.getRootNode() as Document | ShadowRoot;
  return (root.getElementById?.(id) as HTMLElement | null) ?? document.getElementById(id);
}

interface PopoverProps {
  open: boolean;
  /** The element the popover is positioned against (may live in the light DOM). */
  anchor: Element | null;
  placement?: Placement;
  /**
   * Light dismiss: given this, the popover asks to close on a press outside it and its anchor
   * (and `alsoInside`), and on Escape while it is the topmost one. Without it, the owner decides
   * alone (a hover card).
   */
  onDismiss?: (reason: 'outside' | 'escape') => void;
  /** More elements a press on which is not "outside" (a trigger that is not the anchor). */
  alsoInside?: readonly (Element | null)[];
  className?: string;
  part?: string;
  role?: string;
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  popoverRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

const supportsPopover = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/** Open light-dismiss popovers, oldest first: Escape closes only the last (a menu inside a card). */
const dismissible: HTMLElement[] = [];

/**
 * The native Popover API puts the panel in the top layer, above any z-index a legacy page uses;
 * Floating UI keeps it next to its anchor while scrolling. Light dismiss is ours, not the
 * browser's `popover=auto`: the anchor usually lives in another shadow root (or the page), and a
 * press on it must toggle the popover, not close it and reopen it.
 */
export function Popover(props: PopoverProps) {
  const { open, anchor, placement = 'bottom-start', onDismiss } = props;
  const ref = useRef<HTMLDivElement | null>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  const insideRef = useRef(props.alsoInside);
  insideRef.current = props.alsoInside;
  const lightDismiss = Boolean(onDismiss);

  useEffect(() => {
    const floating = ref.current;
    if (!floating || !open || !lightDismiss) return;
    dismissible.push(floating);
    const onPointerDown = (event: PointerEvent) => {
      const path = event.composedPath();
      const inside = [floating, anchor, ...(insideRef.current ?? [])].some((el) => el && path.includes(el));
      if (!inside) dismissRef.current?.('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || dismissible[dismissible.length - 1] !== floating) return;
      event.preventDefault();
      dismissRef.current?.('escape');
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      dismissible.splice(dismissible.indexOf(floating), 1);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, anchor, lightDismiss]);

  // Shown in a layout effect: the content's own effects (which run after every layout effect of
  // the commit) may move focus into it, and a popover not yet shown cannot take focus.
  useLayoutEffect(() => {
    const floating = ref.current;
    if (!floating || !open || !anchor) return;
    if (supportsPopover && !floating.matches(':popover-open')) floating.showPopover();
  }, [open, anchor]);

  useEffect(() => {
    const floating = ref.current;
    if (!floating || !open || !anchor) return;
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
      if (supportsPopover && floating.matches(':popover-open')) floating.hidePopover();
    };
  }, [open, anchor, placement]);

  if (!open) return null;
  const style: CSSProperties = { position: 'fixed', inset: 'auto', margin: 0, left: 0, top: 0 };
  return (
    <div
      ref={(node) => {
        ref.current = node;
        const outer = props.popoverRef;
        if (typeof outer === 'function') outer(node);
        else if (outer) (outer as { current: HTMLDivElement | null }).current = node;
      }}
      popover={supportsPopover ? 'manual' : undefined}
      className={`tl-popover${supportsPopover ? '' : ' tl-popover--fallback'}${props.className ? ` ${props.className}` : ''}`}
      style={style}
      part={props.part}
      role={props.role}
      id={props.id}
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
    >
      {props.children}
    </div>
  );
}

interface PopoverTriggerProps {
  buttonRef: Ref<HTMLButtonElement>;
  /** Whether the popover it opens is open now. */
  expanded: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}

/**
 * The pill button an element shows when it owns its trigger (GIF, Share, Activity): part "trigger",
 * announced as opening a dialog, and styled once (`.tl-popover-trigger` in base.css).
 */
export function PopoverTrigger({ buttonRef, expanded, onClick, children }: PopoverTriggerProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="tl-popover-trigger"
      part="trigger"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
