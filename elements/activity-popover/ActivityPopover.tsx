/**
 * <activity-popover>: the current blog's notifications grouped by day, a blog
 * selector, and a sparkline. With `inline` it renders the panel in place (the
 * header puts it in its own popover); otherwise it renders an Activity button
 * that opens the panel in a popover. Logged out, it renders nothing.
 *
 * The panel (ActivityFeed.tsx) is its own chunk: the first render is the trigger only, and a
 * pointer over it or focus on it loads the panel; with `inline` or `open` it loads at once.
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../src/session/session';
import { Loader } from '../../src/ui/Loader';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { Popover, PopoverTrigger } from '../../src/ui/Popover';
import { whenIdle } from '../../src/core/when-idle';
import styles from './styles.css';

export { styles };

const loadPanel = () => import('./ActivityFeed');
const ActivityFeed = retryableLazy(() => loadPanel().then((m) => ({ default: m.ActivityFeed })));
function preloadPanel(): void {
  loadPanel().then(
    // Then, in idle time, the list's date formatters: the first one loads ICU's locale data, a
    // long task better spent between the pointer's arrival and the click than in the click.
    (m) => void whenIdle(m.prepareFormats, 1000),
    () => undefined, // a failure is said where the panel goes, when it is asked for
  );
}

/** The panel, or while its code arrives the loading state it starts in (a failure: Retry in its place). */
function LazyPanel({ requestedBlog }: { requestedBlog: string | undefined }) {
  return (
    <PartBoundary retry={ActivityFeed.retry}>
      <Suspense
        fallback={
          <div className="panel panel__state">
            <Loader label="Loading activity" />
          </div>
        }
      >
        <ActivityFeed requestedBlog={requestedBlog} />
      </Suspense>
    </PartBoundary>
  );
}

/** Its attributes, parsed (declared once, in contract.ts). */
export type ActivityPopoverProps = ContractProps<typeof contract>;

export default function ActivityPopover({ blogName, open, inline }: ActivityPopoverProps) {
  const session = useStore($session);
  const [isOpen, setOpen] = useState(Boolean(open));
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(Boolean(open)), [open]);

  if (!session.user) return null;
  if (inline) return <LazyPanel requestedBlog={blogName} />;
  return (
    <>
      <PopoverTrigger buttonRef={buttonRef} expanded={isOpen} onClick={() => setOpen(!isOpen)} onIntent={preloadPanel}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M13 2 4 14h7l-1 8 9-12h-7z" />
        </svg>
        <span>Activity</span>
      </PopoverTrigger>
      {isOpen && (
        <Popover
          open
          anchor={buttonRef.current}
          placement="bottom-end"
          onDismiss={(reason) => {
            setOpen(false);
            // Escape closes from inside: the focus goes back to the trigger, not to <body> with the
            // panel it was in. A press outside leaves it where the press put it.
            if (reason === 'escape') buttonRef.current?.focus({ preventScroll: true });
          }}
          className="popover"
          part="popover"
          role="dialog"
          aria-label="Activity"
        >
          <LazyPanel requestedBlog={blogName} />
        </Popover>
      )}
    </>
  );
}
