/**
 * The first-time messaging tutorial (spec §2 Messaging tutorial, §7 tutorial_seen, §9 confetti),
 * no DOM: its texts and when it shows. Once removed it never shows again for that user: the
 * server is told, and the browser remembers it too in case that call fails.
 */
import { dockFeature } from './features';

export const TUTORIAL_TITLE = 'Talk to a Tumblr';
export const TUTORIAL_TEXT = "Just tap this balloon, type the Tumblr's name, and start a conversation.";
export const TUTORIAL_OK = 'Send a message';
export const TUTORIAL_NAME = 'messaging';

export function tutorialStorageKey(userName: string): string {
  return `messaging:${userName}:tutorial_seen`;
}

/**
 * Shows for a user who can message (verified e-mail, allowed to message) when the config does not
 * turn it off, the server says it was not seen (a page that says nothing shows nothing) and this
 * browser has no record of it.
 */
export function shouldShowTutorial(
  config: Record<string, unknown>,
  user: { can_message?: boolean; is_verified_email?: boolean; messaging_tutorial_seen?: boolean } | null,
  seenHere: boolean,
): boolean {
  return (
    !!user &&
    dockFeature(config, 'tutorial') &&
    user.can_message === true &&
    user.is_verified_email === true &&
    user.messaging_tutorial_seen === false &&
    !seenHere
  );
}
