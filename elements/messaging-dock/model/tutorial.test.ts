import { describe, expect, it } from 'vitest';
import { shouldShowTutorial, TUTORIAL_OK, TUTORIAL_TEXT, TUTORIAL_TITLE, tutorialStorageKey } from './tutorial';

describe('the messaging tutorial', () => {
  const user = { can_message: true, is_verified_email: true, messaging_tutorial_seen: false };
  it("has the spec's texts", () => {
    expect([TUTORIAL_TITLE, TUTORIAL_TEXT, TUTORIAL_OK]).toEqual([
      'Talk to a Tumblr',
      "Just tap this balloon, type the Tumblr's name, and start a conversation.",
      'Send a message',
    ]);
    expect(tutorialStorageKey('dora')).toBe('messaging:dora:tutorial_seen');
  });
  it('shows only for a user who can message, has not seen it, on a page that does not turn it off', () => {
    expect(shouldShowTutorial({}, user, false)).toBe(true);
    expect(shouldShowTutorial({}, { ...user, messaging_tutorial_seen: true }, false)).toBe(false);
    expect(shouldShowTutorial({}, { can_message: true, is_verified_email: true }, false), 'the page did not say').toBe(false);
    expect(shouldShowTutorial({}, user, true), 'seen in this browser').toBe(false);
    expect(shouldShowTutorial({ messaging_tutorial: false }, user, false)).toBe(false);
    expect(shouldShowTutorial({}, { ...user, is_verified_email: false }, false)).toBe(false);
    expect(shouldShowTutorial({}, { ...user, can_message: false }, false)).toBe(false);
    expect(shouldShowTutorial({}, null, false)).toBe(false);
  });
});
