import { useEffect, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { autoUpdate, computePosition, flip, offset, shift, size, type Placement } from '@floating-ui/dom';

export const POPOVER_EDGE_PADDING = 10; // spec: popover minimum distance from the container edge

interface PopoverProps {
  open: boolean;
  /** The element the popover is positioned against (may live in the light DOM). */
  anchor: Element | null;
  placement?: Placement;
  /** `auto`: the browser closes it on outside click and Escape (onDismiss is told). `manual`: we do. */
  mode?: 'auto' | 'manual';
  onDismiss?: () => void;
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

/**
 * The native Popover API puts the panel in the top layer, above any z-index a
 * legacy page uses; Floating UI keeps it next to its anchor while scrolling.
 */
export function Popover(props: PopoverProps) {
  const { open, anchor, placement = 'bottom-start', mode = 'manual', onDismiss } = props;
  const ref = useRef<HTMLDivElement | null>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    const floating = ref.current;
    if (!floating || !open || !anchor) return;
    if (supportsPopover && !floating.matches(':popover-open')) floating.showPopover();
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') dismissRef.current?.();
    };
    floating.addEventListener('toggle', onToggle);
    const stop = autoUpdate(anchor, floating, () => {
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
    });
    return () => {
      stop();
      floating.removeEventListener('toggle', onToggle);
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
      popover={supportsPopover ? mode : undefined}
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
