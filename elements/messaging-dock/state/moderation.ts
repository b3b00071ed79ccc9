/**
 * Keeping a conversation safe, wired (rules and texts in elements/messaging-dock/model/moderation.ts):
 * revealing blurred images, marking a conversation as spam, deleting one message. Spec §8: the
 * spam and unblur results are only logged, so the screen changes at once and never waits.
 */
import { deleteMessage, flagConversation } from '../../../src/messaging/api';
import type { DockWindow } from '../model/dock';
import { $inboxCache, setInboxCache } from './stores';
import { conversationStore, updateConversation } from './conversations';

function logFailure(what: string) {
  return (error: unknown) => console.warn(`[tumblelog] <messaging-dock>: ${what} failed`, error);
}

/** The conversation leaves the sending blog's inbox list (and cache). */
export function forgetConversation(senderName: string, conversationId: string): void {
  const cache = $inboxCache.get()[senderName];
  if (cache) setInboxCache(senderName, { ...cache, conversations: cache.conversations.filter((c) => c.id !== conversationId) });
}

/** Spec §4: revealing unblurs every image of the conversation and tells the server (type unblur). */
export function revealImages(win: DockWindow): void {
  updateConversation(win.key, { revealed: true });
  if (win.conversationId)
    void flagConversation({ conversationId: win.conversationId, participant: win.sender.uuid, type: 'unblur' }).catch(logFailure('unblur'));
}

/**
 * Spec §8: the conversation leaves the inbox at once (the caller closes its window); the report,
 * which also blocks, is only logged.
 */
export function markAsSpam(win: DockWindow, context = 'inline'): void {
  if (!win.conversationId) return;
  forgetConversation(win.sender.name, win.conversationId);
  void flagConversation({ conversationId: win.conversationId, participant: win.sender.uuid, type: 'spam', context }).catch(
    logFailure('the spam report'),
  );
}

/** One message leaves this blog's view at once; it comes back if the server refuses. */
export async function deleteOneMessage(win: DockWindow, messageId: string): Promise<boolean> {
  if (!win.conversationId) return false;
  const before = conversationStore(win.key).get().messages;
  updateConversation(win.key, (d) => ({ messages: d.messages.filter((m) => m.id !== messageId) }));
  try {
    await deleteMessage({ conversationId: win.conversationId, participant: win.sender.uuid, messageId });
    return true;
  } catch {
    const now = conversationStore(win.key).get().messages;
    const restored = before.find((m) => m.id === messageId);
    if (restored && !now.some((m) => m.id === messageId))
      updateConversation(win.key, { messages: [...now, restored].sort((a, b) => a.ts - b.ts) });
    return false;
  }
}
