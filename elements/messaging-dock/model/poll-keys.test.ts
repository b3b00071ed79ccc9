import { describe, expect, it } from 'vitest';
import { pollKeys, unreadByBlog } from './poll-keys';

describe('the poll asks by non-bot mention keys (messaging spec §7 /services/poll)', () => {
  it('asks about each blog by its mention key, by name when it has none', () => {
    const { keys, blogOf } = pollKeys([
      { name: 'alice', mention_key: 't:alice-uuid' },
      { name: 'alice-sketches' },
      { name: 'alice-notes', mention_key: '  ' },
    ]);
    expect(keys).toEqual(['t:alice-uuid', 'alice-sketches', 'alice-notes']);
    expect(blogOf.get('t:alice-uuid')).toBe('alice');
  });

  it('leaves bots out', () => {
    expect(
      pollKeys([
        { name: 'alice', mention_key: 'k1' },
        { name: 'helper-bot', mention_key: 'k2', is_messaging_bot: true },
      ]).keys,
    ).toEqual(['k1']);
  });

  it('turns the answer back into counts by blog name, dropping keys it did not ask about', () => {
    const { blogOf } = pollKeys([{ name: 'alice', mention_key: 'k1' }, { name: 'alice-sketches' }]);
    expect(unreadByBlog({ k1: { c1: 2 }, 'alice-sketches': { c2: 1 }, stranger: { c3: 9 } }, blogOf)).toEqual({
      alice: { c1: 2 },
      'alice-sketches': { c2: 1 },
    });
  });
});
