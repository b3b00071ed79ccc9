import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../src/messaging/model/conversation';
import { arrivalSpoken, arrivalsSpoken, newArrivals, sendFailedSpoken } from './spoken';

const msg = (id: string, ts: number, participant: string, extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id,
  ts,
  participant,
  type: 'TEXT',
  text: `text ${id}`,
  ...extra,
});

describe('what the dock says to screen readers', () => {
  it('names the sender and the text, cut when long, with white space folded', () => {
    expect(arrivalSpoken('bob', msg('1', 1, 'b', { text: ' hi\n  there ' }))).toBe('New message from bob: hi there');
    const long = arrivalSpoken('bob', msg('1', 1, 'b', { text: 'x'.repeat(500) }));
    expect(long.length).toBeLessThan(170);
    expect(long.endsWith('…')).toBe(true);
  });

  it('says what a post or an image is, and an empty text without a colon', () => {
    expect(arrivalSpoken('bob', msg('1', 1, 'b', { type: 'POSTREF', text: undefined }))).toBe('New message from bob: a post');
    expect(arrivalSpoken('bob', msg('1', 1, 'b', { type: 'IMAGE', text: undefined }))).toBe('New message from bob: an image');
    expect(arrivalSpoken('bob', msg('1', 1, 'b', { text: '  ' }))).toBe('New message from bob.');
  });

  it('counts several arrivals instead of reading them all', () => {
    expect(arrivalsSpoken('bob', [msg('1', 1, 'b'), msg('2', 2, 'b')])).toBe('2 new messages from bob.');
    expect(arrivalsSpoken('bob', [msg('1', 1, 'b')])).toBe('New message from bob: text 1');
  });

  it('says a failure with the line the window shows', () => {
    expect(sendFailedSpoken('Something went wrong.')).toBe('Message not sent. Something went wrong.');
    expect(sendFailedSpoken(undefined)).toBe('Message not sent.');
  });

  it('finds only newer messages from others: not older pages, not known ones, not the own', () => {
    const before = [msg('5', 50, 'b'), msg('6', 60, 'me')];
    const after = [msg('1', 10, 'b'), ...before, msg('7', 70, 'me'), msg('8', 80, 'b')];
    expect(newArrivals(before, after, 'me').map((m) => m.id)).toEqual(['8']);
    expect(newArrivals([], [msg('1', 1, 'b')], 'me').map((m) => m.id)).toEqual(['1']);
  });
});
