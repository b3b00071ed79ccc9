import { useEffect, useRef, type ReactNode } from 'react';
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
  children: ReactNode;
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
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const returnRef = useRef(returnFocus);
  returnRef.current = returnFocus;

  useEffect(() => {
    const dialog = ref.current;
    // A dialog whose element was removed in the same turn cannot be shown (showModal throws).
    if (!dialog || !open || !dialog.isConnected) return;
    const root = dialog.getRootNode() as Document | ShadowRoot;
    const previous = deepActiveElement(root instanceof ShadowRoot ? root : document);
    if (!dialog.open) dialog.showModal();
    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent);
      if (dialog.open) dialog.close();
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
      {children}
      {/* Outside an open modal, a live region is inert: this one speaks while the dialog is open. */}
      <LiveRegion />
    </dialog>
  );
}
