import type { ReactNode, Ref } from 'react';

interface PopoverTriggerProps {
  buttonRef: Ref<HTMLButtonElement>;
  /** Whether the popover it opens is open now. */
  expanded: boolean;
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => void;
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
