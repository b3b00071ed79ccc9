/** The sending blog of messages (the dock, the send-a-post popover): the user's blogs that can message, and the one chosen (remembered per user). */
import { safeStorage } from '../core/storage';
import { $session, setCurrentChannel } from '../session/session';
import type { SessionChannel } from '../session/types';

/** The user's blogs that can message (spec §6: only those appear as messaging identities). */
export function messagingChannels(channels: readonly SessionChannel[]): SessionChannel[] {
  return channels.filter((c) => c.can_send_messages !== false && c.uuid);
}

export function currentSender(): SessionChannel | null {
  const s = $session.get();
  const list = messagingChannels(s.channels);
  return list.find((c) => c.name === s.currentChannel) ?? list[0] ?? null;
}

const channelKey = (user: string) => `messaging:${user}:channel`;

/** Spec §4: switching the sending blog remembers the choice (and sets the page's current blog). */
export function chooseSender(name: string): void {
  setCurrentChannel(name);
  const user = $session.get().user?.name;
  if (user) safeStorage().setItem(channelKey(user), name);
}

export function restoreSender(): void {
  const s = $session.get();
  const remembered = s.user ? safeStorage().getItem(channelKey(s.user.name)) : null;
  if (remembered && messagingChannels(s.channels).some((c) => c.name === remembered)) setCurrentChannel(remembered);
}
