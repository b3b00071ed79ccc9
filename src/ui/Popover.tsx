import { useEffect, useLayoutEffect, useRef, type CSSProperties, type MouseEvent, type ReactNode, type Ref } from 'react';
import type { Placement } from '@floating-ui/dom';
import { tabbablesIn } from './tabbable';
import { PLACEMENTS } from './placements';

type Positioning = typeof import('./popover-position');

let positioning: Positioning | null = null;
let loadingPositioning: Promise<Positioning> | null = null;

/**
 * Loads the placement code (Floating UI, its own chunk) ahead of the first open: triggers call it
 * when a pointer comes over them or they take focus, so the popover opens placed in its first frame.
 */
export function preloadPopoverPosition(): Promise<Positioning> {
  return (loadingPositioning ??= import('./popover-position').then(
    (m) => (positioning = m),
    (error: unknown) => {
      loadingPositioning = null; // a later open may retry (back online)
      throw error;
    },
  ));
}

const preloadQuietly = () => void preloadPopoverPosition().catch(() => undefined);
/** Spread on a trigger: a pointer over it, or focus on it, loads the placement code. */
export const preloadOnIntent = { onPointerEnter: preloadQuietly, onFocus: preloadQuietly } as const;

const PLACEMENT_NAMES: ReadonlySet<string> = new Set(PLACEMENTS);

/** A `placement` attribute's value, or the element's default when it names no side. */
export function parsePlacement(value: string | undefined, fallback: Placement): Placement {
  return value && PLACEMENT_NAMES.has(value) ? (value as Placement) : fallback;
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
    // Tab past the panel's last control: the panel sits where its element is (often the end of
    // <body>, anchored elsewhere: the share popover of a post), so the focus would go on from
    // there, or leave the page for <body>. It goes back to the anchor instead, and the popover
    // closes as on Escape; the next Tab goes on from the anchor. Heard on the document, after the
    // panel's own handlers: one that moves the focus itself (the GIF grid's Tab) prevents this.
    const onTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.shiftKey || event.defaultPrevented) return;
      const tabbable = tabbablesIn(floating);
      const active = (floating.getRootNode() as Document | ShadowRoot).activeElement;
      if (!active || active !== tabbable[tabbable.length - 1]) return;
      event.preventDefault();
      if (anchor instanceof HTMLElement) anchor.focus({ preventScroll: true });
      dismissRef.current?.('escape');
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('keydown', onTab);
    return () => {
      dismissible.splice(dismissible.indexOf(floating), 1);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keydown', onTab);
    };
  }, [open, anchor, lightDismiss]);

  // Shown in a layout effect: the content's own effects (which run after every layout effect of
  // the commit) may move focus into it, and a popover not yet shown cannot take focus. Hidden by
  // its cleanup, when it closes, and not when it only moves to another anchor or placement: the
  // placing effect's cleanup used to hide it then, after this effect had shown it again, so a blog
  // card that went from one name to the next (Tab, or the pointer, within its close delay) stayed
  // hidden, and Tab on the name, moving focus into the hidden card, went nowhere, again and again.
  const hasAnchor = Boolean(anchor);
  useLayoutEffect(() => {
    const floating = ref.current;
    if (!floating || !open || !hasAnchor || !supportsPopover) return;
    if (!floating.matches(':popover-open')) floating.showPopover();
    return () => {
      if (floating.matches(':popover-open')) floating.hidePopover();
    };
  }, [open, hasAnchor]);

  useEffect(() => {
    const floating = ref.current;
    if (!floating || !open || !anchor) return;
    let stop = () => {};
    let done = false;
    const start = (m: Positioning) => {
      if (!done) stop = m.keepPlaced(anchor, floating, placement);
    };
    // Loaded already (a trigger preloads it): placed in this frame. Else it waits off screen.
    if (positioning) start(positioning);
    else preloadPopoverPosition().then(start, (error: unknown) => console.error('[tumblelog] the popover could not be placed', error));
    return () => {
      done = true;
      stop();
    };
  }, [open, anchor, placement]);

  if (!open) return null;
  // Off screen until placed (the first open may wait for the placement code): never a frame at 0,0.
  const style: CSSProperties = { position: 'fixed', inset: 'auto', margin: 0, left: -10000, top: 0 };
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
  /** Loads what the popover's content needs, on the same intent as the placement code. */
  onIntent?: () => void;
  children: ReactNode;
}

/**
 * The pill button an element shows when it owns its trigger (GIF, Share, Activity): part "trigger",
 * announced as opening a dialog, and styled once (`.tl-popover-trigger` in base.css).
 */
export function PopoverTrigger({ buttonRef, expanded, onClick, onIntent, children }: PopoverTriggerProps) {
  const intent = () => {
    preloadQuietly();
    onIntent?.();
  };
  return (
    <button
      ref={buttonRef}
      type="button"
      className="tl-popover-trigger"
      part="trigger"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
      onPointerEnter={intent}
      onFocus={intent}
    >
      {children}
    </button>
  );
}
