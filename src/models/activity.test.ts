import { describe, expect, it } from 'vitest';
import {
  badgeFor,
  calendarDay,
  describe as describeRow,
  groupByDay,
  localeOf,
  parseActivity,
  quoteFor,
  relativeDayLabel,
  rowTarget,
  showSeeEverything,
  showSparkline,
  sparklinePoints,
  type ActivityNotification,
} from './activity';
import { MalformedResponse } from '../errors';

const at = (iso: string) => Date.parse(iso) / 1000;
const note = (ts: number, extra: Partial<ActivityNotification> = {}): ActivityNotification => ({
  id: String(ts),
  type: 'like',
  timestamp: ts,
  from_tumblelog: { name: 'bob', is_friend: false },
  is_friend: false,
  ...extra,
});

describe('day grouping', () => {
  it('splits at local midnight, not UTC midnight', () => {
    // 23:30 and 00:30 in New York on 20/21 Nov are 04:30 and 05:30 UTC on 21 Nov.
    const now = Date.parse('2026-11-21T15:00:00Z'); // 10:00 in New York
    const items = [note(at('2026-11-21T04:30:00Z')), note(at('2026-11-21T05:30:00Z'))];
    const ny = groupByDay(items, now, { timeZone: 'America/New_York', locale: 'en-US' });
    expect(ny.map((g) => [g.day, g.label, g.items.length])).toEqual([
      ['2026-11-21', 'Today', 1],
      ['2026-11-20', 'Yesterday', 1],
    ]);
    const utc = groupByDay(items, now, { timeZone: 'UTC', locale: 'en-US' });
    expect(utc.map((g) => [g.label, g.items.length])).toEqual([['Today', 2]]);
  });

  it('counts calendar days across midnight, and a time zone ahead of UTC', () => {
    const now = Date.parse('2026-11-21T00:10:00+09:00'); // just after midnight in Tokyo
    const items = [note(at('2026-11-20T23:50:00+09:00')), note(at('2026-11-18T12:00:00+09:00')), note(at('2026-11-21T00:05:00+09:00'))];
    const groups = groupByDay(items, now, { timeZone: 'Asia/Tokyo', locale: 'en-US' });
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Yesterday', '3 days ago']);
    expect(groups[2]!.fullDate).toBe('Wednesday, November 18');
  });

  it('formats the full date in the user locale', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    const [group] = groupByDay([note(at('2026-11-21T10:00:00Z'))], now, { timeZone: 'UTC', locale: 'de-DE' });
    expect(group!.fullDate).toBe('Samstag, 21. November');
  });

  it('labels days', () => {
    expect([0, 1, 2, 9].map(relativeDayLabel)).toEqual(['Today', 'Yesterday', '2 days ago', '9 days ago']);
    expect(calendarDay(Date.parse('2026-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
  });

  it('turns the user language into a locale', () => {
    expect(localeOf('en_US')).toBe('en-US');
    expect(localeOf('not a locale!')).toBeUndefined();
    expect(localeOf(undefined)).toBeUndefined();
  });
});

describe('sparkline rule', () => {
  it('shows only when not all zeros', () => {
    expect(showSparkline([])).toBe(false);
    expect(showSparkline([0, 0, 0])).toBe(false);
    expect(showSparkline([0, 3, 0])).toBe(true);
  });
  it('draws points inside the box', () => {
    expect(sparklinePoints([0, 2, 1], 102, 22)).toBe('1.0,21.0 51.0,1.0 101.0,11.0');
    expect(sparklinePoints([], 10, 10)).toBe('');
  });
});

describe('parseActivity', () => {
  it('drops malformed rows, sorts newest first, cleans the sparkline', () => {
    const data = parseActivity(
      {
        name: 'alice',
        activity_notifications: [
          { type: 'like', timestamp: 10, from_tumblelog: { name: 'bob' } },
          { type: 'follower', timestamp: 20, from_tumblelog: { name: 'carol', is_friend: true } },
          { type: 'like', timestamp: 'x', from_tumblelog: { name: 'bob' } },
          { type: 'like', timestamp: 5 },
          'junk',
        ],
        activity_data: { sparkline: [1, -2, 'x', 3] },
      },
      'alice',
    );
    expect(data.notifications.map((n) => n.from_tumblelog.name)).toEqual(['carol', 'bob']);
    expect(data.notifications[0]!.is_friend).toBe(true);
    expect(data.sparkline).toEqual([1, 0, 0, 3]);
  });
  it('rejects a body that is not an object or has a non-list', () => {
    expect(() => parseActivity('false', 'a')).toThrow(MalformedResponse);
    expect(() => parseActivity({ activity_notifications: {} }, 'a')).toThrow(MalformedResponse);
  });
  it('accepts a blog with no activity', () => {
    expect(parseActivity({}, 'carol')).toEqual({ blogName: 'carol', notifications: [], sparkline: [] });
  });
});

describe('rows', () => {
  it('badges by post type', () => {
    expect(badgeFor({ type: 'like', post: { type: 'photo' } })).toBe('photo');
    expect(badgeFor({ type: 'like', post: { type: 'photo', photo_count: 3 } })).toBe('photoset');
    expect(badgeFor({ type: 'reblog', post: { type: 'video' } })).toBe('video');
    expect(badgeFor({ type: 'answer', post: { type: 'answer', is_answer: true } })).toBe('note');
    expect(badgeFor({ type: 'postcard' })).toBe('postcard');
    expect(badgeFor({ type: 'like', post: { type: 'text' } })).toBe('regular');
    expect(badgeFor({ type: 'follower' })).toBeNull();
  });
  it('says what happened and quotes what was written', () => {
    const reply = note(1, { type: 'reply', post: { type: 'photo', url: '/p/1' }, note_meta: { reply_text: 'love it' } });
    expect(describeRow(reply)).toBe('replied to your photo post');
    expect(quoteFor(reply)).toBe('love it');
    expect(rowTarget(reply)).toBe('/p/1');
    const reblog = note(2, { type: 'reblog', post: { type: 'text', url: '/p/2' }, new_post: { url: '/p/9', diff: 'so true' } });
    expect(describeRow(reblog)).toBe('reblogged your post');
    expect(quoteFor(reblog)).toBe('so true');
    expect(rowTarget(reblog)).toBe('/p/9');
    const follower = note(3, { type: 'follower', from_tumblelog: { name: 'zed', tumblr_url: '/blog/zed', is_friend: false } });
    expect(describeRow(follower)).toBe('started following you');
    expect(rowTarget(follower)).toBe('/blog/zed');
  });
  it("shows 'See everything' only with more than one notification", () => {
    expect(showSeeEverything(0)).toBe(false);
    expect(showSeeEverything(1)).toBe(false);
    expect(showSeeEverything(2)).toBe(true);
  });
});
