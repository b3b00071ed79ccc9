/**
 * What the dock tells screen readers through its live region (#24): a message arriving in an open
 * window, a send succeeding or failing. The spec gives no words for these; they are ours, short,
 * and name who and what, because the listener cannot see the window.
 */
import type { ConversationMessage } from '../../../src/messaging/model/conversation';

/** Long texts are cut: the whole message is in the window for whoever goes there. */
const SPOKEN_TEXT_MAX = 140;

export const MESSAGE_SENT_SPOKEN = 'Message sent.';

/** "New message from bob: hi" — or what it is, for a post or an image. */
export function arrivalSpoken(senderName: string, message: ConversationMessage): string {
  const what =
    message.type === 'POSTREF'
      ? 'a post'
      : message.type === 'IMAGE'
        ? 'an image'
        : cut((message.text ?? '').replace(/\s+/g, ' ').trim(), SPOKEN_TEXT_MAX);
  return what ? `New message from ${senderName}: ${what}` : `New message from ${senderName}.`;
}

/** Several at once are said as one sentence, not read out one by one. */
export function arrivalsSpoken(senderName: string, messages: readonly ConversationMessage[]): string {
  if (messages.length === 1) return arrivalSpoken(senderName, messages[0]!);
  return `${messages.length} new messages from ${senderName}.`;
}

/** The failure line the window shows, said with what failed. */
export function sendFailedSpoken(errorLine: string | undefined): string {
  return errorLine ? `Message not sent. ${errorLine}` : 'Message not sent.';
}

/**
 * The messages from others that arrived after the newest one `before` held: what is said, and what
 * the new-messages pill counts. Older pages loaded by scrolling up are not arrivals, nor are the
 * user's own messages.
 */
export function newArrivals(
  before: readonly ConversationMessage[],
  after: readonly ConversationMessage[],
  ownUuid: string,
): ConversationMessage[] {
  const newest = before.reduce((ts, m) => Math.max(ts, m.ts), -Infinity);
  const known = new Set(before.map((m) => m.id));
  return after.filter((m) => m.ts > newest && !known.has(m.id) && m.participant !== ownUuid);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
