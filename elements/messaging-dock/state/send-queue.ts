/** The send queue, wired: every message is queued, sent in order, kept across reloads, delivered once. */
import { safeStorage } from '../../../src/core/storage';
import { $session } from '../../../src/session/session';
import { sendMessage } from '../../../src/messaging/api';
import { SendQueue, type OutgoingMessage } from '../../../src/messaging/model/send-queue';
import { mergeMessages, type ConversationMessage } from '../../../src/messaging/model/conversation';
import { windowKey } from '../model/dock';
import { $online, $outgoing } from './stores';
import { updateConversation } from './conversations';
import { renameWindow } from './windows';

type SentListener = (msg: OutgoingMessage, result: ConversationMessage) => void;
const sentListeners = new Set<SentListener>();
let queue: SendQueue | null = null;
let queueUser: string | null = null;

export function onMessageSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** The current user's queue (a new user gets their own, loaded from storage). */
export function getQueue(): SendQueue | null {
  const user = $session.get().user?.name ?? null;
  if (!user) return null;
  if (queue && queueUser === user) return queue;
  queueUser = user;
  queue = new SendQueue({
    send: (msg) => sendMessage(msg),
    storage: safeStorage(),
    userName: user,
    // A delivered message leaves the unsent list only once the server's copy is in its conversation (onSent), so it never blinks out.
    onUpdate: (msg) => {
      if (msg.state !== 'sent') $outgoing.set(queue?.messages ?? []);
    },
    onSent: (msg, result) => {
      const message = result as ConversationMessage;
      let key = outgoingKey(msg);
      if (message.conversation_id && !msg.conversationId) {
        renameWindow(key, message.conversation_id);
        key = message.conversation_id;
      }
      updateConversation(key, (d) => ({ messages: mergeMessages(d.messages, [message]) }));
      $outgoing.set(queue?.messages ?? []);
      for (const listener of [...sentListeners]) listener(msg, message);
    },
  });
  $outgoing.set(queue.messages);
  return queue;
}

/** Queues a message and sends what is queued. */
export function queueMessage(msg: OutgoingMessage): void {
  const q = getQueue();
  if (!q) return;
  q.enqueue(msg);
  if ($online.get()) void q.flush();
}

/**
 * Queues several messages (an image and its text) at once; they show as queued right away and are
 * sent, in order, once `ready` settles plus `delayMs` (spec §4: 150 ms after the preview closed).
 */
export function queueMessages(msgs: readonly OutgoingMessage[], ready: Promise<unknown>, delayMs: number): void {
  const q = getQueue();
  if (!q) return;
  for (const msg of msgs) q.enqueue(msg);
  void ready.finally(() =>
    setTimeout(() => {
      if ($online.get()) void getQueue()?.flush();
    }, delayMs),
  );
}

export function retryMessage(clientId: string): void {
  void getQueue()?.retry(clientId);
}

/** Another tab delivered it (the same client id): it is unsent here no more. */
export function forgetDelivered(clientId: string): void {
  const q = getQueue();
  if (q?.remove(clientId)) $outgoing.set(q.messages);
}

export function discardMessage(clientId: string): void {
  const q = getQueue();
  if (q?.remove(clientId)) $outgoing.set(q.messages);
}

/** The window key an outgoing message belongs to. */
export function outgoingKey(msg: OutgoingMessage): string {
  return windowKey({ conversationId: msg.conversationId, sender: msg.participant, participants: msg.participants });
}

export function resetOutbox(): void {
  queue = null;
  queueUser = null;
}
