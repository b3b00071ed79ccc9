/**
 * Unread counts and polling, and the page's messaging lifecycle: started by the first dock and
 * stopped with the last, however many <messaging-dock>s a page has.
 */
import { $session, setChannelUnread } from '../../../src/session/session';
import { pageInstances } from '../../../src/core/page-instances';
import { $inboxOpen } from '../../../src/stores/inbox';
import { pollUnread } from '../../../src/messaging/api';
import { onCallSucceeded } from '../../../src/api/client';
import { Redelivery } from '../model/redelivery';
import { isRedeliverable } from '../model/dock';
import { Poller } from '../model/poller';
import { pollKeys, unreadByBlog } from '../model/poll-keys';
import { unreadSignature, unreadSum, type UnreadData } from '../../../src/messaging/model/conversation';
import { addOverride, applyOverrides, pruneOverrides, type UnreadOverrides } from '../model/dock';
import { $dockNotice, $inboxCache, $online, $outgoing, $pollStopped, $unread, $windows } from './stores';
import { resetConversations } from './conversations';
import { messagingChannels, restoreSender } from '../../../src/messaging/sender';
import { refitWindows } from './windows';
import { getQueue, outgoingKey, resetOutbox } from './send-queue';
import { startWindowPersistence } from './persistence';
import { alertArrivals } from './alerts';
import { newArrivals } from '../model/alerts';

let overrides: UnreadOverrides = {};

/** A conversation was just read (its messages fetched): count it as 0 now and for 500 ms. */
export function markRead(blogName: string, conversationId: string): void {
  overrides = addOverride(pruneOverrides(overrides, Date.now()), conversationId, Date.now());
  const unread = $unread.get();
  const counts = unread[blogName];
  if (counts?.[conversationId]) {
    const { [conversationId]: _gone, ...rest } = counts;
    void _gone;
    setUnread({ ...unread, [blogName]: rest });
  }
}

function setUnread(next: UnreadData): void {
  $unread.set(next);
  const sums: Record<string, number> = {};
  for (const [name, counts] of Object.entries(next)) sums[name] = unreadSum(counts);
  setChannelUnread(sums);
}

let poller: Poller | null = null;
let lastSignature = '';

export function pollerTyping(): void {
  poller?.typing();
}
export function pollerInput(): void {
  poller?.input();
}
export function restartPolling(): void {
  $pollStopped.set(false);
  poller?.restart();
}

async function pollOnce(): Promise<boolean> {
  const s = $session.get();
  const token = s.user?.polling_token;
  if (!token) throw new Error('No polling token');
  const { keys, blogOf } = pollKeys(messagingChannels(s.channels));
  const response = await pollUnread({ token, mentionKeys: keys });
  if (response.error) throw new Error('The poll answered with its error flag');
  const unread = applyOverrides(unreadByBlog(response.unread, blogOf), overrides, Date.now());
  const signature = unreadSignature(unread);
  const changed = signature !== lastSignature;
  const first = lastSignature === '';
  lastSignature = signature;
  if (changed) {
    const arrivals = first ? [] : newArrivals($unread.get(), unread);
    setUnread(unread);
    alertArrivals(arrivals);
  }
  return changed;
}

/** The docks on the page: the first starts the page's messaging, the last stops it. */
const docks = pageInstances<object>(() => start());

/** Starts the page's messaging (the first dock); the returned function stops it with the last. */
export function startMessaging(): () => void {
  return docks.join({});
}

function start(): () => void {
  restoreSender();
  const frequency = Number(($session.get().config as { messaging_poll_frequency?: unknown }).messaging_poll_frequency);
  poller = new Poller({
    poll: () => pollOnce(),
    ...(Number.isFinite(frequency) && frequency > 0 ? { frequencyMs: frequency } : {}),
    onStop: () => $pollStopped.set(true),
  });
  const sync = () => {
    const s = $session.get();
    poller?.setState({
      verifiedEmail: s.user?.is_verified_email === true,
      inboxOpen: $inboxOpen.get(),
      conversationOpen: $windows.get().some((w) => !w.minimized),
    });
  };
  const stops = [$session.listen(sync), $inboxOpen.listen(sync), $windows.listen(sync)];
  sync();

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
    poller?.dispose();
    poller = null;
  };
}

/** For tests: forget everything (windows, caches, the queue object; storage is left alone). */
export function resetMessagingState(): void {
  $windows.set([]);
  $unread.set({});
  $outgoing.set([]);
  $inboxCache.set({});
  $dockNotice.set(null);
  $pollStopped.set(false);
  $online.set(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
  overrides = {};
  lastSignature = '';
  resetConversations();
  resetOutbox();
}
