/**
 * <messaging-dock>: the inbox popover and the conversation windows docked at the page bottom.
 * The inbox opens from the header's inbox button (through `$inboxOpen`) or, on pages without a
 * <blog-header>, from the dock's own Messages button. Logged out, it renders nothing.
 *
 * This chunk is the dock's closed state only: the Messages button and its badge, the notices, the
 * tutorial's due check. The rest has chunks of its own (sizes: tests/bench/sizes.mjs):
 * - state/dock-engine.ts, what runs without drawing (polling, the tab sync, the send queue, the stored
 *   windows, the work behind the page's requests), loaded as the dock mounts; the requests are
 *   answered once it has started (until then they wait in the page's request queue);
 * - InboxPopover.tsx and ConversationWindow.tsx (windows and minimized tabs), loaded when a pointer
 *   comes over an inbox button or one takes focus, when a request asks to open a conversation,
 *   when windows are stored from an earlier page (at once), and otherwise once the page is idle.
 */
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { PartBoundary, PartFailedNote, retryableLazy } from '../../src/ui/PartBoundary';
import { useStore } from '@nanostores/react';
import { Events, Requests } from '../../src/core/events';
import { useWidget } from '../../src/core/widget-context';
import { answer } from '../../src/core/answer';
import { safeStorage } from '../../src/core/storage';
import { $session } from '../../src/session/session';
import { $inboxAnchor, $inboxOpen, setInboxOpen } from '../../src/stores/inbox';
import { badgeLabel, badgeText, unreadTotal } from '../../src/models/badge';
import { $dockNotice, $outgoing, $windows } from './state/stores';
import { useSay } from '../../src/ui/use-say';
import { Loader } from '../../src/ui/Loader';
import { lazyPart, preloadPart } from './lazy-part';
import { preloadWhenIdle } from '../../src/core/preload-when-idle';
import { useLazyPart } from './use-lazy-part';
import { MESSAGE_SENT_SPOKEN, sendFailedSpoken } from './model/spoken';
import { $sessionEnded } from '../../src/session/session-end';
import { PART_RETRYING_LABEL, SESSION_ENDED_NOTICE } from './model/notices';
import { windowStorageKeys } from './model/window-keys';
import { unsentStorageKey } from '../../src/messaging/model/storage-keys';
import { useTutorialDue } from './use-tutorial-due';
import styles from './styles.css';

export { styles };

/** Shown once per user: its code (the tutorial popover, confetti) loads only for that user. */
const MessagingTutorial = retryableLazy(() => import('./MessagingTutorial'));

const engine = lazyPart(() => import('./state/dock-engine'));
/** The inbox comes placed in its first frame: its popover's placement code is loaded with it. */
const inboxPart = lazyPart(() =>
  import('./InboxPopover').then(({ InboxPopover, preloadPopoverPosition }) => {
    // unplaced, it would still open (off screen until placed)
    return preloadPopoverPosition().then(
      () => ({ InboxPopover }),
      () => ({ InboxPopover }),
    );
  }),
);
const windowsPart = lazyPart(() => import('./ConversationWindow'));

/**
 * What opening the inbox shows: the inbox, and the window one of its rows opens (in the same
 * click the inbox closes: the window's code must be in by then, or the focus would fall to <body>).
 */
function preloadInbox(): void {
  preloadPart(inboxPart);
  preloadPart(windowsPart);
}

/**
 * Windows from an earlier page come back as the engine starts: those stored, and those of messages
 * still unsent (minimized). Whether any may: a look at storage, no parsing (the engine does that).
 */
function windowsMayComeBack(userName: string): boolean {
  const keys = windowStorageKeys(userName);
  const storage = safeStorage();
  return [keys.open, keys.minimized, unsentStorageKey(userName)].some((key) => storage.getItem(key) !== null);
}

/** How long a window whose code is on its way keeps its place unseen before a spinner shows there. */
const PENDING_LOADER_DELAY_MS = 250;

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
  // Windows coming back are in the dock's first paint, as they were before its parts had chunks of
  // their own: a dock painted without them would move as they came (the engine restores them).
  const [awaitingWindows] = useState(() => windowsMayComeBack(session.user!.name));

  // The engine comes as the dock mounts; the inbox and the windows when first needed (or before).
  const engineLoad = useLazyPart(engine);
  const inboxLoad = useLazyPart(inboxPart, inboxOpen);
  const windowsLoad = useLazyPart(windowsPart, inboxOpen || windows.length > 0);
  const engineCode = engineLoad.code;
  const inboxCode = inboxLoad.code;
  const windowsCode = windowsLoad.code;
  // A part that could not load (offline, a deploy that removed its chunk) is said in the notice
  // area with a Retry; the rest of the dock, and the windows already open, stay.
  const failedParts = [engineLoad, inboxLoad, windowsLoad].filter((load) => load.failures > 0);

  // Before paint: the windows it restores are drawn in the same frame as the dock.
  useLayoutEffect(() => engineCode?.startMessaging(), [engineCode]);
  useEffect(
    () =>
      engineCode?.onMessageSent((msg, result) => {
        announce(Events.messageSent, { conversationId: result.conversation_id ?? msg.conversationId, clientId: msg.clientId });
        say(MESSAGE_SENT_SPOKEN);
      }),
    [engineCode, announce, say],
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
  // on document) or another element. Answered once the engine has started (the stored windows and
  // the chosen sending blog are back by then); one made before was queued and is answered now. The
  // window's code loads while the blog is looked up.
  useEffect(() => {
    if (!engineCode) return;
    return answer(Requests.messagingOpen, (detail) => {
      const name = (detail as { blogName?: unknown } | null | undefined)?.blogName;
      if (typeof name === 'string' && name) {
        preloadPart(windowsPart);
        void engineCode.openByBlogName(name);
      } else setInboxOpen(true);
    });
  }, [engineCode]);

  // Sending a post as a message (<share-popover>, or page code): queued here, in the one send queue.
  useEffect(() => {
    if (!engineCode) return;
    return answer(Requests.messagingSendPost, (detail) => {
      preloadPart(windowsPart);
      engineCode.sendPostRequested(detail);
    });
  }, [engineCode]);

  // Intent on the header's inbox button (the dock's own has it in its props); stored windows; idle.
  useEffect(() => {
    if (!headerAnchor) return;
    headerAnchor.addEventListener('pointerenter', preloadInbox);
    headerAnchor.addEventListener('focus', preloadInbox);
    return () => {
      headerAnchor.removeEventListener('pointerenter', preloadInbox);
      headerAnchor.removeEventListener('focus', preloadInbox);
    };
  }, [headerAnchor]);
  useEffect(() => {
    if (awaitingWindows) preloadPart(windowsPart); // beside the engine, not after it
    return preloadWhenIdle(preloadInbox);
  }, []);
  useEffect(() => {
    if (tutorialDue) preloadInbox(); // its one button opens the inbox
  }, [tutorialDue]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => $dockNotice.set(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (awaitingWindows && !engineCode && failedParts.length === 0) return null;

  const unread = unreadTotal(session.channels);
  const badge = badgeText(unread);
  const anchor = headerAnchor && headerAnchor.isConnected ? headerAnchor : trigger;
  const open = windows.filter((w) => !w.minimized);
  const minimized = windows.filter((w) => w.minimized);

  return (
    <>
      <div className="dock" part="dock">
        <div className="dock__open" part="open-area">
          {open.map((w) =>
            windowsCode ? (
              <windowsCode.ConversationWindow key={w.key} win={w} />
            ) : (
              <PendingWindow key={w.key} failed={windowsLoad.failures > 0} />
            ),
          )}
        </div>
        <div className="dock__side">
          {minimized.length > 0 && (
            <ul className="dock__minimized" part="minimized-area" aria-label="Minimized conversations">
              {minimized.map((w) =>
                windowsCode ? (
                  <li key={w.key}>
                    <windowsCode.MinimizedTab win={w} />
                  </li>
                ) : (
                  // its place kept, unseen, until its code is in
                  <li key={w.key} aria-hidden="true">
                    <span className="tab tab--pending" />
                  </li>
                ),
              )}
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
              onPointerEnter={preloadInbox}
              onFocus={preloadInbox}
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
      {failedParts.length > 0 && (
        // The spec's generic error ('Something went screwy.' with 'Retry', 'Retrying...' meanwhile,
        // messaging spec §8); a second failure asks for a reload: some engines (Firefox) keep a
        // failed module fetch for the page's life, so a Retry could never work.
        <PartFailedNote
          again={failedParts.some((load) => load.failures > 1)}
          retrying={failedParts.some((load) => load.retrying)}
          retryingLabel={PART_RETRYING_LABEL}
          onRetry={() => failedParts.forEach((load) => load.retry())}
          className="dock__notice"
          buttonClassName="dock__notice-action"
          part="notice"
        />
      )}
      {sessionEnded && (
        <div className="dock__notice" part="notice" role="alert">
          <span>{SESSION_ENDED_NOTICE}</span>
        </div>
      )}
      {/* Shown once its code and the windows' are in: until then the button keeps the focus. */}
      {inboxOpen && anchor && inboxCode && windowsCode && <inboxCode.InboxPopover anchor={anchor} />}
      {tutorialDue && anchor && (
        <PartBoundary quiet>
          <Suspense fallback={null}>
            <MessagingTutorial target={anchor} atTop={anchor === headerAnchor} />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}

/** An open window whose code is on its way: its place is kept (nothing moves when it comes), a spinner shows if it is slow. */
function PendingWindow({ failed }: { failed: boolean }) {
  return (
    <div className="window window--pending">
      {/* its code could not load: the notice says so, with Retry; no spinner that never ends */}
      {!failed && <Loader label="Loading conversation" delayMs={PENDING_LOADER_DELAY_MS} />}
    </div>
  );
}
