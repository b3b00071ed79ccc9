import { describe, expect, it } from 'vitest';
import { followDuration, introColours, introContent, mergeParticipantInfo, relationshipLine } from './icebreakers';
import { adjustBrightness, contrastRatio } from '../../../src/models/colors';
import type { Participant } from '../../../src/messaging/model/conversation';

const DAY = 86_400;
const bob: Participant = {
  uuid: 't:bob',
  name: 'bob',
  tags: ['birds'],
  can_receive_messages: true,
  is_blog_following_you: false,
  is_following_blog: false,
  description: 'Birdhouses',
  theme: { background_color: '#ffffff', show_header_image: true },
};

describe('icebreakers', () => {
  it('says how long a follow lasted', () => {
    expect(followDuration(100)).toBe('today');
    expect(followDuration(DAY)).toBe('1 day');
    expect(followDuration(13 * DAY)).toBe('13 days');
    expect(followDuration(21 * DAY)).toBe('3 weeks');
    expect(followDuration(90 * DAY)).toBe('3 months');
    expect(followDuration(800 * DAY)).toBe('2 years');
  });

  it('builds the relationship line; mutuals use the shorter duration', () => {
    expect(
      relationshipLine({
        ...bob,
        is_blog_following_you: true,
        is_following_blog: true,
        duration_blog_following_you: 400 * DAY,
        duration_following_blog: 20 * DAY,
      }),
    ).toBe('You follow each other for 2 weeks');
    expect(relationshipLine({ ...bob, is_blog_following_you: true, duration_blog_following_you: 3 * DAY })).toBe(
      'bob has followed you for 3 days',
    );
    expect(relationshipLine({ ...bob, is_following_blog: true, duration_following_blog: 10 })).toBe("You've followed bob since today");
    expect(relationshipLine({ ...bob, is_following_blog: true })).toBe("You've followed bob");
    expect(relationshipLine(bob)).toBe("You don't follow each other yet");
  });

  it('merges participant_info with its theme', () => {
    const merged = mergeParticipantInfo(bob, {
      ...bob,
      tags: [],
      description: 'New',
      theme: { background_color: '#000000', show_header_image: false },
    });
    expect(merged.description).toBe('New');
    expect(merged.theme?.background_color).toBe('#000000');
    expect(merged.tags).toEqual(['birds']);
    expect(mergeParticipantInfo(bob, { ...bob, theme: undefined }).theme).toEqual(bob.theme);
  });

  it('adjusts theme colours by 0.3 and keeps them readable', () => {
    expect(adjustBrightness('#ffffff', -0.3)).toBe('#b3b3b3');
    expect(adjustBrightness('#000000', 0.3)).toBe('#4d4d4d');
    expect(adjustBrightness('nope', 0.3)).toBe(undefined);
    const light = introColours({ background_color: '#fafafa', link_color: '#3366cc', show_header_image: true });
    expect(light.text).toBe('#1a1a1a');
    expect(light.link).toBe(adjustBrightness('#3366cc', -0.3));
    const dark = introColours({ background_color: '#1b2b4a', link_color: '#6fa0ff', show_header_image: true });
    expect(dark.text).toBe('#ffffff');
    expect(contrastRatio(dark.link, '#1b2b4a')).toBeGreaterThanOrEqual(4.5);
    // a link colour that would not read falls back to the text colour
    expect(introColours({ background_color: '#ffffff', link_color: '#ffff00', show_header_image: true }).link).toBe('#1a1a1a');
    expect(introColours(undefined).background).toBe('#ffffff');
  });

  it('shows tags for a new conversation; relationship and description for an existing one', () => {
    expect(introContent(bob, true)).toEqual({ tags: ['birds'], relationship: null, description: false });
    expect(introContent(bob, false)).toEqual({ tags: [], relationship: "You don't follow each other yet", description: true });
    expect(introContent({ ...bob, theme: { show_header_image: true, show_description: false } }, false).description).toBe(false);
  });
});
