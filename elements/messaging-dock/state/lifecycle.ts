/**
 * Polling, and the page's messaging lifecycle: started by the first dock and
 * stopped with the last, however many <messaging-dock>s a page has.
 */
import { $session } from '../../../src/session/session';
import { $sessionEnded } from '../../../src/session/session-end';
import { pageInstances } from '../../../src/core/page-instances';
import { $inboxOpen } from '../../../src/stores/inbox';
import { pollUnread } from '../../../src/messaging/api';
import { startSharedPolling, type SharedPolling } from './shared-polling';
import { startTabSync } from './tab-sync';
import { onCallSucceeded } from '../../../src/api/client';
import { Redelivery } from '../model/redelivery';
import { isRedeliverable } from '../model/dock';
import { pollKeys, unreadByBlog } from '../model/poll-keys';
import type { UnreadData } from '../../../src/messaging/model/conversation';
import { applyUnread, markReadHere, resetUnread } from './unread';
import { $dockNotice, $focusedWindow, $inboxCache, $online, $outgoing, $pollStopped, $sendingElsewhere, $unread, $windows } from './stores';
import { resetConversations } from './conversations';
import { messagingChannels, restoreSender } from '../../../src/messaging/sender';
import { refitWindows } from './windows';
import { getQueue, outgoingKey, resetOutbox } from './send-queue';
import { startWindowPersistence } from './persistence';

let polling: SharedPolling | null = null;

export function pollerTyping(): void {
  polling?.typing();
}
export function pollerInput(): void {
  polling?.input();
}
export function restartPolling(): void {
  $pollStopped.set(false);
  polling?.restart();
}

/** One poll of /services/poll: the unread counts by blog, as the server gives them. */
async function fetchUnread(): Promise<UnreadData> {
  const s = $session.get();
  const token = s.user?.polling_token;
  if (!token) throw new Error('No polling token');
  const { keys, blogOf } = pollKeys(messagingChannels(s.channels));
  const response = await pollUnread({ token, mentionKeys: keys });
  if (response.error) throw new Error('The poll answered with its error flag');
  return unreadByBlog(response.unread, blogOf);
}

/** The docks on the page: the first starts the page's messaging, the last stops it. */
const docks = pageInstances<object>(() => start());

/** Starts the page's messaging (the first dock); the returned function stops it with the last. */
export function startMessaging(): () => void {
  return docks.join({});
}

function start(): () => void {
  restoreSender();
  const config = $session.get().config as { messaging_poll_frequency?: unknown; messaging_tab_handover_ms?: unknown };
  const frequency = Number(config.messaging_poll_frequency);
  const handOver = Number(config.messaging_tab_handover_ms);
  const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
  polling = startSharedPolling({
    fetch: fetchUnread,
    apply: applyUnread,
    ...(Number.isFinite(frequency) && frequency > 0 ? { frequencyMs: frequency } : {}),
    ...(Number.isFinite(handOver) && handOver >= 0 && config.messaging_tab_handover_ms !== undefined ? { handOverAfterMs: handOver } : {}),
    // a session ended in this or another tab (src/session/session-end.ts) polls no more
    verifiedEmail: () => $session.get().user?.is_verified_email === true && $sessionEnded.get() === null,
    view: () => ({ inboxOpen: $inboxOpen.get(), conversationOpen: $windows.get().some((w) => !w.minimized), visible: visible() }),
    onStopped: (stopped) => $pollStopped.set(stopped),
  });
  const sync = () => polling?.update();
  const stops = [
    $session.listen(sync),
    $inboxOpen.listen(sync),
    $windows.listen(sync),
    $sessionEnded.listen(sync),
    startTabSync(markReadHere),
  ];

  const q = getQueue();
  // Unsent messages deliver themselves (redelivery.ts): on a back-off while any is unsent, and at
  // once when the connection or the page comes back, or any call succeeds — windows open or not.
  const redelivery = new Redelivery({
    retry: () => getQueue()?.retryAll() ?? Promise.resolve(),
    pending: () => $outgoing.get().some(isRedeliverable),
    online: () => $online.get(),
  });
  // Windows from before a reload come back first, so unsent messages below find theirs.
  stops.push(startWindowPersistence());
  stops.push(
    $outgoing.listen(() => redelivery.check()),
    onCallSucceeded(() => redelivery.nudge('success')),
    () => redelivery.dispose(),
  );
  const onOnline = () => {
    $online.set(true);
    redelivery.nudge('online');
  };
  const onOffline = () => $online.set(false);
  const onResize = () => refitWindows();
  const onVisible = () => {
    if (document.visibilityState === 'visible') redelivery.nudge('visible');
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  window.addEventListener('resize', onResize);
  document.addEventListener('visibilitychange', onVisible);

  // Unsent messages from before a reload: show their conversations (minimized) and send them.
  if (q) {
    for (const msg of q.messages) {
      const key = outgoingKey(msg);
      if ($windows.get().some((w) => w.key === key)) continue;
      const sender = $session.get().channels.find((c) => c.uuid === msg.participant);
      if (!sender || !msg.to) continue;
      $windows.set([
        ...$windows.get(),
        {
          key,
          ...(msg.conversationId ? { conversationId: msg.conversationId } : {}),
          sender: { name: sender.name, uuid: sender.uuid },
          participants: msg.to.map((r) => ({
            ...r,
            tags: [],
            can_receive_messages: true,
            is_blog_following_you: false,
            is_following_blog: false,
          })),
          minimized: true,
          openedAt: msg.clientTs,
        },
      ]);
    }
    if ($online.get() && q.messages.length > 0) void q.retryAll();
  }

  return () => {
    for (const stop of stops) stop();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('resize', onResize);
    document.removeEventListener('visibilitychange', onVisible);
    polling?.dispose();
    polling = null;
  };
}

/** For tests: forget everything (windows, caches, the queue object; storage is left alone). */
export function resetMessagingState(): void {
  $windows.set([]);
  $focusedWindow.set(null);
  $sendingElsewhere.set({});
  $unread.set({});
  $outgoing.set([]);
  $inboxCache.set({});
  $dockNotice.set(null);
  $pollStopped.set(false);
  $online.set(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
  resetUnread();
  resetConversations();
  resetOutbox();
}
