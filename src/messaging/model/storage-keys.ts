/**
 * Where the send queue keeps unsent messages (spec §7). Apart from the queue (model/send-queue.ts):
 * <messaging-dock>'s first render reads whether any are kept, to bring their windows' code at
 * once, and needs nothing else of the queue.
 */

/** Spec §7: local storage keys are built from the prefix messaging and the user name. */
export function unsentStorageKey(userName: string): string {
  return `messaging:${userName}:unsent`;
}
