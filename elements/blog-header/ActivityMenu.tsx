import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { preloadPopoverPosition } from '../../src/ui/Popover';
import { ActivityIcon } from './icons';

/**
 * The panel (its popover, the `<activity-popover>` it hosts) is its own chunk: the bar shows the
 * trigger only, and a pointer over it or focus on it loads the panel with the placement code and
 * the hosted element's registration.
 */
const loadPanel = () => import('./ActivityPanel');
const ActivityPanel = retryableLazy(() => loadPanel().then((m) => ({ default: m.ActivityPanel })));
function preloadPanel(): void {
  void loadPanel().catch(() => undefined);
  void preloadPopoverPosition().catch(() => undefined);
  // The <activity-popover> the panel hosts, too: opening then waits only for that element's panel.
  void import('../activity-popover/index').catch(() => undefined);
}

/**
 * The activity trigger and its popover (ActivityPanel.tsx). Outside click and Escape close it;
 * focus returns to the trigger.
 */
export function ActivityMenu({ blogName }: { blogName: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const id = useId();

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
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
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
        // Nothing shows while the panel's code arrives (the trigger, still focused, says it is expanded).
        <PartBoundary retry={ActivityPanel.retry}>
          <Suspense fallback={null}>
            <ActivityPanel
              id={`${id}-activity`}
              blogName={blogName}
              anchor={buttonRef.current}
              panelRef={panelRef}
              onEscape={() => {
                setOpen(false);
                buttonRef.current?.focus();
              }}
            />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}
