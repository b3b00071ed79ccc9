import { useEffect, useId, useRef, useState } from 'react';
import { Popover } from '../../src/ui/Popover';
import { useRegistration } from '../../src/ui/use-registration';
import { ACTIVITY_EMPTY_TEXT } from '../../src/models/activity';
import { ActivityIcon } from './icons';

/**
 * The activity trigger and its popover, which hosts an `<activity-popover inline>` for
 * the current blog (until that element's chunk has loaded, its light-DOM fallback shows).
 * Outside click and Escape close it; focus returns to the trigger.
 */
export function ActivityMenu({ blogName }: { blogName: string }) {
  const [open, setOpen] = useState(false);
  // The panel is an <activity-popover inline>: its code comes the first time the menu opens.
  useRegistration(() => import('../activity-popover/index'), open);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) bodyRef.current?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const path = event.composedPath();
      if ((panelRef.current && path.includes(panelRef.current)) || (buttonRef.current && path.includes(buttonRef.current))) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="nav-button"
        part="activity-button"
        data-target="activity"
        aria-label="Activity"
        title="Activity"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-activity` : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.preventDefault();
            setOpen(false);
          }
        }}
      >
        <ActivityIcon />
      </button>
      {open && (
        <Popover
          open
          anchor={buttonRef.current}
          placement="bottom-end"

          className="activity-panel"
          part="activity"
          role="dialog"
          id={`${id}-activity`}
          aria-label="Activity"
          popoverRef={panelRef}
        >
          <div
            ref={bodyRef}
            tabIndex={-1}
            className="activity-body"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                setOpen(false);
                buttonRef.current?.focus();
              }
            }}
          >
            <activity-popover blog-name={blogName} inline={true}>
              <p className="activity-empty">{ACTIVITY_EMPTY_TEXT}</p>
            </activity-popover>
          </div>
        </Popover>
      )}
    </>
  );
}
