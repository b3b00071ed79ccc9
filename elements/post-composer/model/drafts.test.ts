import { describe, expect, it } from 'vitest';

describe('stored drafts', () => {
  it('reads a draft back, filling fields an older version did not have', async () => {
    const { createPost } = await import('./post');
    const { parseDraft } = await import('./drafts');
    const post = createPost('quote', { quote: 'q' });
    const { source: _omit, ...older } = post;
    expect(parseDraft({ post: older, savedAt: 5 })).toEqual({ post, savedAt: 5 });
    expect(parseDraft({ post: { ...post, tags: 'x' }, savedAt: 5 })).toBeNull();
    expect(parseDraft({ post: { ...post, type: 'poll' }, savedAt: 5 })).toBeNull();
    expect(parseDraft('nope')).toBeNull();
    expect(parseDraft({ post })).toBeNull();
  });
});
