/**
 * Keeping a conversation safe (spec §2 Conversation actions and Message controls popovers, §4
 * Blurred images and the possible-spam flag, §6, §8 spam and delete confirmations), no DOM:
 * which images are blurred, which controls a message offers, and the texts.
 */
import type { ConversationMessage } from '../../../src/messaging/model/conversation';

export const BLURRED_TEXT = "Blurred because you don't follow this Tumblr yet. Click to reveal.";

/** Spec: "a random prompt (such as 'Look sketchy?')"; the rest are ours. */
export const SPAM_PROMPTS: readonly string[] = ['Look sketchy?', 'Seem spammy?', 'Something off here?', 'Not feeling it?'];
export const MARK_AS_SPAM = 'Mark as spam';
export const SPAM_CONFIRM = '%1$s will be blocked and reported. And any trace of this conversation will disappear from your inbox.';
export const SPAM_CONFIRM_OK = 'Mark it spam';
export const NEVERMIND = 'Nevermind';
export const DELETE_CONVERSATION_CONFIRM = 'Permanently delete this conversation?';
export const DELETE_CONVERSATION_OK = 'Delete';
export const DELETE_MESSAGE_CONFIRM = 'Are you sure you want to delete this?';

export function spamPrompt(random: () => number = Math.random): string {
  return SPAM_PROMPTS[Math.min(SPAM_PROMPTS.length - 1, Math.floor(random() * SPAM_PROMPTS.length))]!;
}

/** The spam confirmation for the named blog(s). */
export function spamConfirmText(names: string): string {
  return SPAM_CONFIRM.replace('%1$s', names);
}

/**
 * Spec §4: an image message from the other participant is blurred while the conversation says its
 * images are blurred and the user has not revealed them.
 */
export function isBlurred(
  message: Pick<ConversationMessage, 'type' | 'participant'>,
  conversation: { blurredImages: boolean; revealed: boolean },
  ownUuids: readonly string[],
): boolean {
  return message.type === 'IMAGE' && conversation.blurredImages && !conversation.revealed && !ownUuids.includes(message.participant);
}

/**
 * Spec §6: Block and Report only when the sender is known (a name: no colon, unlike a raw id) and
 * is not one of the user's own blogs; Delete always.
 */
export function messageControls(
  sender: string | undefined,
  ownNames: readonly string[],
): { block: boolean; report: boolean; delete: true } {
  const known = !!sender && !sender.includes(':');
  const other = known && !ownNames.includes(sender);
  return { block: other, report: other, delete: true };
}
