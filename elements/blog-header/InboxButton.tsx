import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { $session } from '../../src/session/session';
import { $inboxAnchor, $inboxOpen, setInboxOpen } from '../../src/stores/inbox';
import { badgeLabel, badgeText, unreadTotal } from '../../src/models/badge';
import { InboxIcon } from './icons';

/**
 * The inbox button of both bars: the unread badge (sum over the user's blogs, '99+'),
 * toggles `$inboxOpen` for <messaging-dock>, and registers itself as the inbox's anchor.
 */
export function InboxButton({ className, title }: { className: string; title?: string }) {
  const { announce } = useWidget();
  const session = useStore($session);
  const inboxOpen = useStore($inboxOpen);
  const ref = useRef<HTMLButtonElement>(null);
  const unread = unreadTotal(session.channels);
  const badge = badgeText(unread);

  useEffect(() => {
    const el = ref.current;
    $inboxAnchor.set(el);
    return () => {
      if ($inboxAnchor.get() === el) $inboxAnchor.set(null);
    };
  }, []);

  return (
    <button
      ref={ref}
      type="button"
      className={className}
      part="inbox-button"
      data-target="inbox"
      aria-label={badgeLabel('Inbox', unread)}
      title={title}
      aria-expanded={inboxOpen}
      onClick={() => {
        const next = !$inboxOpen.get();
        setInboxOpen(next);
        announce(Events.inboxToggle, { open: next });
      }}
    >
      <InboxIcon />
      {badge !== null && (
        <span className="badge" part="badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </button>
  );
}
