/** Conversation windows: open, minimize, close, fit to the viewport, and open one for a blog. */
import { loadBlog } from '../../../src/stores/blogs';
import { $session } from '../../../src/session/session';
import { $inboxOpen } from '../../../src/stores/inbox';
import type { SessionChannel } from '../../../src/session/types';
import { fetchParticipantInfo } from '../../../src/messaging/api';
import { openConversationError, type Conversation, type Participant } from '../../../src/messaging/model/conversation';
import {
  adoptConversationId,
  closeWindow,
  fitWindows,
  maxOpenWindows,
  minimizeWindow,
  openWindow,
  windowKey,
  type DockWindow,
} from '../model/dock';
import { dockFeature } from '../model/features';
import { $windows, showNotice } from './stores';
import { moveConversationData } from './conversations';
import { currentSender } from '../../../src/messaging/sender';

function layoutOptions() {
  const s = $session.get();
  const width = typeof window === 'undefined' ? 1280 : window.innerWidth;
  return {
    multipleWindows: s.flags.is_mobile_handset !== true,
    minimize: dockFeature(s.config, 'minimize'),
    maxOpen: maxOpenWindows(width),
  };
}

export function showWindow(win: Omit<DockWindow, 'minimized' | 'openedAt'>): void {
  $windows.set(openWindow($windows.get(), win, { ...layoutOptions(), now: Date.now() }));
}

export function hideWindow(key: string): void {
  $windows.set(minimizeWindow($windows.get(), key));
}

export function removeWindow(key: string): void {
  $windows.set(closeWindow($windows.get(), key));
}

export function refitWindows(): void {
  const next = fitWindows($windows.get(), layoutOptions());
  if (next.some((w, i) => w.minimized !== $windows.get()[i]?.minimized)) $windows.set(next);
}

/**
 * Windows renamed while open, by their new key. Renaming mounts the window again under that key
 * (ConversationWindow): it is the same window on screen, already in, so it must not come in again
 * (fade and slide) when its first messages arrive. Its first mount takes the key out.
 */
const continuedWindows = new Set<string>();

/** Whether this window, mounting now, is one already on screen under another key (once per rename). */
export function takeContinuedWindow(key: string): boolean {
  return continuedWindows.delete(key);
}

/** A new conversation's window learned its id: its data and draft move with it. */
export function renameWindow(key: string, conversationId: string): void {
  if (key === conversationId) return;
  moveConversationData(key, conversationId);
  if ($windows.get().some((w) => w.key === key && !w.minimized)) continuedWindows.add(conversationId);
  $windows.set(adoptConversationId($windows.get(), key, conversationId));
}

export function updateWindowParticipants(key: string, participants: Participant[]): void {
  // Every answer for the window says who is in it: only a difference is a change (one the other
  // tabs are told of through storage, state/persistence.ts).
  const next = JSON.stringify(participants);
  if (!$windows.get().some((w) => w.key === key && JSON.stringify(w.participants) !== next)) return;
  $windows.set($windows.get().map((w) => (w.key === key ? { ...w, participants } : w)));
}

/** Opens a window for a conversation from the inbox. Ours (not in the spec): never one the sending blog is not in. */
export function openConversation(conversation: Conversation, sender: SessionChannel): void {
  const own = $session.get().channels.map((c) => c.uuid);
  const others = conversation.participants.filter((p) => !own.includes(p.uuid));
  showWindow({
    key: conversation.id,
    conversationId: conversation.id,
    sender: { name: sender.name, uuid: sender.uuid },
    participants: others,
  });
  $inboxOpen.set(false);
}

/** Opens a (possibly new) conversation with one blog, chosen in compose or from the page. */
export function openWithParticipant(participant: Participant, sender: SessionChannel): boolean {
  const problem = openConversationError(participant);
  if (problem) {
    showNotice(problem);
    return false;
  }
  // Spec §5: not opened when the current blog is already among the chosen participants.
  const own = $session.get().channels.map((c) => c.uuid);
  if (own.includes(participant.uuid)) return false;
  const key = windowKey({ sender: sender.uuid, participants: [participant.uuid] });
  const existing = $windows
    .get()
    .find((w) => w.sender.uuid === sender.uuid && w.participants.length === 1 && w.participants[0]!.uuid === participant.uuid);
  showWindow({
    key: existing?.key ?? key,
    ...(existing?.conversationId ? { conversationId: existing.conversationId } : {}),
    sender: { name: sender.name, uuid: sender.uuid },
    participants: [participant],
  });
  $inboxOpen.set(false);
  return true;
}

/**
 * Opens a conversation with a blog known only by name (the page, a blog card, a link in a message).
 * Spec §7: participant_info takes the blog's uuid, so the name is resolved first, through the
 * page's blog cache (src/stores/blogs.ts: a blog a card or the ask form already showed costs no
 * request).
 */
export async function openByBlogName(blogName: string): Promise<boolean> {
  const sender = currentSender();
  if (!sender || !blogName) return false;
  let participant: Participant;
  try {
    const { uuid } = await loadBlog(blogName);
    if (!uuid) throw new Error(`no uuid for ${blogName}`);
    participant = await fetchParticipantInfo(uuid, sender.uuid);
  } catch {
    showNotice(openConversationError(null)!);
    return false;
  }
  return openWithParticipant(participant, sender);
}
