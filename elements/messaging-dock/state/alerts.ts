/**
 * New-message alerts, wired (rules in elements/messaging-dock/model/alerts.ts): a sound when the user's
 * setting is on, and a desktop notification 'New message for {blog}' while the page is hidden,
 * closed after 5000 ms; clicking it brings the page forward and opens the conversation.
 */
import { $session } from '../../../src/session/session';
import { dockFeature } from '../model/features';
import {
  defaultSoundPack,
  notificationText,
  NOTIFICATION_TIMEOUT_MS,
  parseSoundPack,
  shouldAskPermission,
  shouldNotify,
  soundFor,
  type Arrival,
} from '../model/alerts';
import { $inboxCache, $windows } from './stores';
import { openConversation, showWindow } from './windows';
import { updateConversation } from './conversations';

type Permission = 'default' | 'granted' | 'denied' | 'unsupported';

function permission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : (Notification.permission as Permission);
}

function notificationsEnabled(): boolean {
  return dockFeature($session.get().config, 'desktop_notifications');
}

/** Spec §9: asks only while the user has not decided (call it from a user's own action). */
export function askNotificationPermission(): void {
  if (!shouldAskPermission({ enabled: notificationsEnabled(), permission: permission() })) return;
  void Notification.requestPermission().catch(() => undefined);
}

let audio: HTMLAudioElement | null = null;

function playSound(): void {
  const s = $session.get();
  const pack = parseSoundPack(s.config.messaging_sound_pack) ?? defaultSoundPack(s.apiBase);
  const sound = soundFor(pack);
  if (!sound || typeof Audio === 'undefined') return;
  if (!audio || audio.dataset.src !== sound.filePath) {
    audio = new Audio(sound.filePath);
    audio.dataset.src = sound.filePath;
  }
  audio.currentTime = 0;
  // a page the user has not touched yet may refuse to play: that is the browser's call
  void audio.play().catch(() => undefined);
}

/** Opens the conversation a notification was about. */
function openFromNotification(arrival: Arrival): void {
  const sender = $session.get().channels.find((c) => c.name === arrival.blogName);
  if (!sender) return;
  const known = $inboxCache.get()[arrival.blogName]?.conversations.find((c) => c.id === arrival.conversationId);
  if (known) {
    openConversation(known, sender);
    return;
  }
  const existing = $windows.get().find((w) => w.conversationId === arrival.conversationId);
  if (existing) {
    showWindow(existing);
    return;
  }
  // Not known here: the window fetches it afresh on opening, and learns its participants from it.
  updateConversation(arrival.conversationId, { fetched: false });
  showWindow({
    key: arrival.conversationId,
    conversationId: arrival.conversationId,
    sender: { name: sender.name, uuid: sender.uuid },
    participants: [],
  });
}

/**
 * Polling found new messages (not on its first answer, which only says what was already unread).
 * Only the tab that polled alerts, so three tabs make one sound; `hidden` is whether none of the
 * user's tabs is in sight (a desktop notification is for a user who is looking elsewhere).
 */
export function alertArrivals(arrivals: readonly Arrival[], hidden: boolean): void {
  if (arrivals.length === 0) return;
  const s = $session.get();
  if (s.user?.is_sounds_enabled) playSound();
  if (!shouldNotify({ hidden, enabled: notificationsEnabled(), permission: permission() })) return;
  const arrival = arrivals[0]!;
  try {
    const notification = new Notification(notificationText(arrival.blogName), { tag: `tl-message-${arrival.conversationId}` });
    const timer = setTimeout(() => notification.close(), NOTIFICATION_TIMEOUT_MS);
    notification.onclick = () => {
      clearTimeout(timer);
      window.focus();
      openFromNotification(arrival);
      notification.close();
    };
  } catch {
    // some browsers allow notifications only from a service worker: the badge still tells
  }
}
