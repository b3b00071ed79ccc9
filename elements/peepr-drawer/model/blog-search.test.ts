import { describe, expect, it } from 'vitest';
import { MalformedResponse } from '../../../src/errors';
import {
  changeFilters,
  hasMoreResults,
  initialSearch,
  matchTags,
  readSearchPage,
  readTypeahead,
  receivePage,
  searchQuery,
} from './blog-search';

describe('blog search model', () => {
  it('starts with CREATED_DESC, ANY type and role, offset 0', () => {
    const s = initialSearch('bob');
    expect(s.filters).toMatchObject({ sort: 'CREATED_DESC', post_type: 'ANY', post_role: 'ANY' });
    expect(s.next_offset).toBe(0);
  });
  it.each([
    ['term', 'tea'],
    ['sort', 'POPULARITY_DESC'],
    ['post_type', 'PHOTO'],
    ['post_role', 'ORIGINAL'],
    ['filter_nsfw', false],
  ] as const)('changing %s resets the results and the offset', (key, value) => {
    const s = receivePage(initialSearch<number>('bob', { term: 'x' }), [1, 2, 3], 10);
    const next = changeFilters(s, { [key]: value });
    expect(next.posts).toEqual([]);
    expect(next.next_offset).toBe(0);
    expect(next.filters[key]).toBe(value);
  });
  it('setting a filter to its current value keeps the results', () => {
    const s = receivePage(initialSearch<number>('bob', { term: 'x' }), [1], 10);
    expect(changeFilters(s, { sort: 'CREATED_DESC' })).toBe(s);
  });
  it('a negative next_offset ends the results', () => {
    const s = initialSearch('bob');
    expect(hasMoreResults(receivePage(s, [], 10))).toBe(true);
    expect(hasMoreResults(receivePage(s, [], -1))).toBe(false);
  });
  it('the query carries the paging and the filters', () => {
    expect(searchQuery(receivePage(initialSearch('bob', { term: 't' }), [], 20))).toEqual({
      next_offset: '20',
      limit: '10',
      sort: 'CREATED_DESC',
      post_type: 'ANY',
      post_role: 'ANY',
      filter_nsfw: 'true',
    });
  });
  it('reads posts and next_offset; no next_offset ends the results; a missing list is malformed', () => {
    expect(readSearchPage({ response: { posts: [1], next_offset: 10 } })).toEqual({ posts: [1], next_offset: 10 });
    expect(readSearchPage({ posts: [] }).next_offset).toBe(-1);
    expect(() => readSearchPage({ response: {} })).toThrow(MalformedResponse);
  });
});

describe('type-ahead', () => {
  const tags = Array.from({ length: 30 }, (_, i) => `tea ${i}`).concat(['green tea', 'Teapot', 'coffee']);
  it('starts-with matches first, then contains; at most 20', () => {
    const m = matchTags(tags, 'tea');
    expect(m).toHaveLength(20);
    expect(matchTags(['green tea', 'Teapot', 'coffee'], 'TEA')).toEqual(['Teapot', 'green tea']);
  });
  it('nothing for an empty term; a leading # is ignored', () => {
    expect(matchTags(tags, '  ')).toEqual([]);
    expect(matchTags(['coffee'], '#cof')).toEqual(['coffee']);
  });
  it('reads tags as objects or strings', () => {
    expect(readTypeahead({ response: { tags: [{ tag: 'a' }, 'b', { x: 1 }, 3] } })).toEqual(['a', 'b']);
    expect(readTypeahead('junk')).toEqual([]);
  });
});
