import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { FocusTarget } from '../models/dialog-queue';
import { deepActiveElement } from './deep-active-element';
import { LiveRegion } from './LiveRegion';
import { giveFocusBack } from './give-focus-back';

interface DialogProps {
  open: boolean;
  /** Escape, or a click on the backdrop when `dismissOnBackdrop`. */
  onCancel: () => void;
  labelledBy?: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  dismissOnBackdrop?: boolean;
  /** The ::part name of the <dialog> (its ::backdrop is the overlay). */
  part?: string;
  /** Where focus goes on close, instead of back to where it was on open. */
  returnFocus?: FocusTarget | undefined;
  /**
   * Opens the modal in the commit that inserts it, before its content's layout effects, for
   * content that focuses itself as it mounts (the post form's first field). Without it the modal
   * opens in a passive effect, after content that focuses in its own passive effects.
   */
  openBeforeContent?: boolean;
  children: ReactNode;
}

/** showModal() once, noting what had focus before. */
function show(dialog: HTMLDialogElement, previousRef: { current: Element | null }): void {
  // A dialog whose element was removed in the same turn cannot be shown (showModal throws).
  if (dialog.open || !dialog.isConnected) return;
  const root = dialog.getRootNode() as Document | ShadowRoot;
  previousRef.current = deepActiveElement(root instanceof ShadowRoot ? root : document);
  dialog.showModal();
}

/**
 * A modal on native <dialog> + showModal(): top layer, inert page behind it,
 * Escape handled by the browser. Focus goes back to where it was on close (or to `returnFocus`).
 */
export function Dialog({
  open,
  onCancel,
  labelledBy,
  describedBy,
  role = 'dialog',
  className,
  dismissOnBackdrop,
  part,
  returnFocus,
  openBeforeContent = false,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const returnRef = useRef(returnFocus);
  returnRef.current = returnFocus;

  /** What had focus before the dialog opened (it gets it back on close). */
  const previousRef = useRef<Element | null>(null);
  /**
   * `openBeforeContent`: React runs a parent's layout effects after its children's, but attaches
   * the first child's ref before the later children's effects run, so a marker element first in
   * the dialog opens it. The first frame then has the dialog shown and its field focused.
   */
  const openFirst = useCallback((marker: HTMLTemplateElement | null) => {
    if (marker?.parentElement instanceof HTMLDialogElement) show(marker.parentElement, previousRef);
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || !dialog.isConnected) return;
    show(dialog, previousRef);
    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    return () => dialog.removeEventListener('cancel', onCancelEvent);
  }, [open]);

  // Closing gives the focus back in the commit that removes the dialog (a layout effect's cleanup
  // runs right after the removal), not in a passive effect a task later: in between, the focus
  // would sit on <body>, and a screen reader or a key pressed then would start from the top.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    return () => {
      if (dialog.open) dialog.close();
      const previous = previousRef.current;
      previousRef.current = null;
      const target = returnRef.current;
      if (target && target.isConnected !== false) target.focus({ preventScroll: true });
      else if (previous instanceof HTMLElement) giveFocusBack(previous);
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={className}
      part={part}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={(event) => {
        if (dismissOnBackdrop && event.target === ref.current) cancelRef.current();
      }}
    >
      {openBeforeContent && <template ref={openFirst} />}
      {children}
      {/* Outside an open modal, a live region is inert: this one speaks while the dialog is open. */}
      <LiveRegion />
    </dialog>
  );
}
