/**
 * The activity menu's panel (ActivityMenu.tsx has its trigger), its own chunk: loaded on the
 * trigger's intent (a pointer over it, focus on it), or on the press. It hosts an
 * `<activity-popover inline>` for the current blog (until that element's chunk has loaded, its
 * light-DOM fallback shows), and takes the focus once it exists: until then the trigger keeps it.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { Popover } from '../../src/ui/Popover';
import { useRegistration } from '../../src/ui/use-registration';
import { ACTIVITY_EMPTY_TEXT } from '../../src/models/activity';

export interface ActivityPanelProps {
  id: string;
  blogName: string;
  anchor: HTMLButtonElement | null;
  panelRef: RefObject<HTMLDivElement | null>;
  /** Escape in the panel: closes it, the focus back on the trigger. */
  onEscape(): void;
}

export function ActivityPanel({ id, blogName, anchor, panelRef, onEscape }: ActivityPanelProps) {
  // The panel is an <activity-popover inline>: its code comes the first time the menu opens.
  useRegistration(() => import('../activity-popover/index'));
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => bodyRef.current?.focus({ preventScroll: true }), []);
  return (
    <Popover
      open
      anchor={anchor}
      placement="bottom-end"
      className="activity-panel"
      part="activity"
      role="dialog"
      id={id}
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
            onEscape();
          }
        }}
      >
        <activity-popover blog-name={blogName} inline={true}>
          <p className="activity-empty">{ACTIVITY_EMPTY_TEXT}</p>
        </activity-popover>
      </div>
    </Popover>
  );
}
