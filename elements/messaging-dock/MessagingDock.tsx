/**
 * <messaging-dock>: the inbox popover and the conversation windows docked at the page bottom.
 * The inbox opens from the header's inbox button (through `$inboxOpen`) or, on pages without a
 * <blog-header>, from the dock's own Messages button. Logged out, it renders nothing.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Events, Requests } from '../../src/core/events';
import { useWidget } from '../../src/core/widget-context';
import { answer } from '../../src/core/answer';
import { $session } from '../../src/session/session';
import { $inboxAnchor, $inboxOpen, setInboxOpen } from '../../src/stores/inbox';
import { badgeLabel, badgeText, unreadTotal } from '../../src/models/badge';
import { $dockNotice, $outgoing, $windows } from './state/stores';
import { useSay } from '../../src/ui/use-say';
import { MESSAGE_SENT_SPOKEN, sendFailedSpoken } from './model/spoken';
import { $sessionEnded } from '../../src/session/session-end';
import { SESSION_ENDED_NOTICE } from './model/dock';
import { onMessageSent } from './state/send-queue';
import { openByBlogName } from './state/windows';
import { sendPostAsMessage } from './state/send-post';
import { startMessaging } from './state/lifecycle';
import { parseSendPostRequest } from '../../src/messaging/model/send-post';
import { InboxPopover } from './InboxPopover';
import { useTutorialDue } from './use-tutorial-due';
import { ConversationWindow, MinimizedTab } from './ConversationWindow';
import styles from './styles.css';

export { styles };

/** Shown once per user: its code (the tutorial popover, confetti) loads only for that user. */
const MessagingTutorial = lazy(() => import('./MessagingTutorial'));

const NOTICE_MS = 6000;

export default function MessagingDock() {
  const session = useStore($session);
  // Messaging requires can_message (authoring spec §5): a user without it gets no dock at all (no
  // Messages button, no polling), as the entry points elsewhere already offer no messaging.
  if (!session.user?.can_message) return null;
  return <Dock />;
}

function Dock() {
  const { announce } = useWidget();
  const say = useSay();
  const session = useStore($session);
  const windows = useStore($windows);
  const inboxOpen = useStore($inboxOpen);
  const headerAnchor = useStore($inboxAnchor);
  const notice = useStore($dockNotice);
  const sessionEnded = useStore($sessionEnded);
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const tutorialDue = useTutorialDue();

  useEffect(() => startMessaging(), []);
  useEffect(
    () =>
      onMessageSent((msg, result) => {
        announce(Events.messageSent, { conversationId: result.conversation_id ?? msg.conversationId, clientId: msg.clientId });
        say(MESSAGE_SENT_SPOKEN);
      }),
    [announce, say],
  );
  // A send failing is said when this tab sees it fail (not a failure restored from an earlier
  // visit), and once per message: its retries failing again are not said again.
  useEffect(() => {
    let states = new Map($outgoing.get().map((m) => [m.clientId, m.state]));
    const told = new Set<string>();
    return $outgoing.listen((outgoing) => {
      const failed = outgoing.find(
        (m) => m.state === 'error' && states.has(m.clientId) && states.get(m.clientId) !== 'error' && !told.has(m.clientId),
      );
      states = new Map(outgoing.map((m) => [m.clientId, m.state]));
      for (const id of told) if (!states.has(id)) told.delete(id);
      if (failed) {
        told.add(failed.clientId);
        say(sendFailedSpoken(failed.errorLine));
      }
    });
  }, [say]);

  // Opening a conversation by blog name: the request `tl-messaging-open-request`, from page code (an event
  // on document) or another element. One made before the dock's code arrived was queued and is
  // answered now.
  useEffect(
    () =>
      answer(Requests.messagingOpen, (detail) => {
        const name = (detail as { blogName?: unknown } | null | undefined)?.blogName;
        if (typeof name === 'string' && name) void openByBlogName(name);
        else setInboxOpen(true);
      }),
    [],
  );

  // Sending a post as a message (<share-popover>, or page code): queued here, in the one send queue.
  useEffect(
    () =>
      answer(Requests.messagingSendPost, (detail) => {
        const req = parseSendPostRequest(detail);
        if (req) sendPostAsMessage(req);
        else
          console.error(
            '<messaging-dock>: tl-messaging-send-post-request needs { sender, recipient: { uuid, name }, postId, postBlogUuid, text? }',
            detail,
          );
      }),
    [],
  );

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => $dockNotice.set(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const unread = unreadTotal(session.channels);
  const badge = badgeText(unread);
  const anchor = headerAnchor && headerAnchor.isConnected ? headerAnchor : trigger;
  const open = windows.filter((w) => !w.minimized);
  const minimized = windows.filter((w) => w.minimized);

  return (
    <>
      <div className="dock" part="dock">
        <div className="dock__open" part="open-area">
          {open.map((w) => (
            <ConversationWindow key={w.key} win={w} />
          ))}
        </div>
        <div className="dock__side">
          {minimized.length > 0 && (
            <ul className="dock__minimized" part="minimized-area" aria-label="Minimized conversations">
              {minimized.map((w) => (
                <li key={w.key}>
                  <MinimizedTab win={w} />
                </li>
              ))}
            </ul>
          )}
          {!headerAnchor && (
            <button
              ref={setTrigger}
              type="button"
              className="dock__trigger"
              part="trigger"
              aria-label={badgeLabel('Messages', unread)}
              aria-expanded={inboxOpen}
              onClick={() => setInboxOpen(!$inboxOpen.get())}
            >
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4 21.5l4.4-2.2c1.1.3 2.3.5 3.6.5 5.5 0 10-3.8 10-8.5S17.5 3 12 3z"
                />
              </svg>
              {badge && (
                <span className="tl-badge dock__badge" part="badge" aria-hidden="true">
                  {badge}
                </span>
              )}
            </button>
          )}
        </div>
      </div>
      {notice && (
        <div className="dock__notice" part="notice" role="alert">
          <span>{notice.text}</span>
          <button type="button" className="dock__notice-close" aria-label="Dismiss" onClick={() => $dockNotice.set(null)}>
            ×
          </button>
        </div>
      )}
      {sessionEnded && (
        <div className="dock__notice" part="notice" role="alert">
          <span>{SESSION_ENDED_NOTICE}</span>
        </div>
      )}
      {inboxOpen && anchor && <InboxPopover anchor={anchor} />}
      {tutorialDue && anchor && (
        <Suspense fallback={null}>
          <MessagingTutorial target={anchor} atTop={anchor === headerAnchor} />
        </Suspense>
      )}
    </>
  );
}
