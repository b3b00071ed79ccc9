import { describe, expect, it } from 'vitest';
import { BLURRED_TEXT, isBlurred, messageControls, SPAM_PROMPTS, spamConfirmText, spamPrompt } from './moderation';

describe('messaging moderation rules', () => {
  it("has the spec's blur text", () => {
    expect(BLURRED_TEXT).toBe("Blurred because you don't follow this Tumblr yet. Click to reveal.");
  });

  it('blurs image messages from others while the conversation says so and nothing was revealed', () => {
    const on = { blurredImages: true, revealed: false };
    expect(isBlurred({ type: 'IMAGE', participant: 't:glitch' }, on, ['t:alice'])).toBe(true);
    expect(isBlurred({ type: 'IMAGE', participant: 't:alice' }, on, ['t:alice']), 'own image').toBe(false);
    expect(isBlurred({ type: 'TEXT', participant: 't:glitch' }, on, ['t:alice'])).toBe(false);
    expect(isBlurred({ type: 'IMAGE', participant: 't:glitch' }, { blurredImages: false, revealed: false }, ['t:alice'])).toBe(false);
    expect(isBlurred({ type: 'IMAGE', participant: 't:glitch' }, { blurredImages: true, revealed: true }, ['t:alice'])).toBe(false);
  });

  it('offers Block and Report only for a known sender who is not one of the own blogs; Delete always', () => {
    expect(messageControls('bob', ['alice', 'alice-sketches'])).toEqual({ block: true, report: true, delete: true });
    expect(messageControls('alice-sketches', ['alice', 'alice-sketches'])).toEqual({ block: false, report: false, delete: true });
    expect(messageControls('t:Zx81', ['alice'])).toEqual({ block: false, report: false, delete: true });
    expect(messageControls(undefined, ['alice'])).toEqual({ block: false, report: false, delete: true });
  });

  it("fills the spam confirmation with the blog's name", () => {
    expect(spamConfirmText('glitch-art-daily')).toBe(
      'glitch-art-daily will be blocked and reported. And any trace of this conversation will disappear from your inbox.',
    );
  });

  it("picks a prompt from the list, 'Look sketchy?' among them", () => {
    expect(SPAM_PROMPTS).toContain('Look sketchy?');
    expect(spamPrompt(() => 0)).toBe(SPAM_PROMPTS[0]);
    expect(spamPrompt(() => 0.9999)).toBe(SPAM_PROMPTS.at(-1));
  });
});
