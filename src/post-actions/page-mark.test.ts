import { describe, expect, it } from 'vitest';
import { isPagePostAction, readActionMark } from './page-mark';

describe("readActionMark (a page button's data-post)", () => {
  it('reads the fields the actions need, ids as strings', () => {
    expect(readActionMark('{"id":12,"reblog_key":"k1","tumblelog":"bob","liked":true}')).toEqual({
      id: '12',
      root_id: '12',
      reblog_key: 'k1',
      tumblelog: 'bob',
      liked: true,
      reblogged: false,
      is_mine: false,
    });
    expect(readActionMark('{"post_id":"7","root_id":"3","reblog_key":"k","tumblelog_name":"a-b","is_mine":true,"pt":"x"}')).toMatchObject({
      id: '7',
      root_id: '3',
      tumblelog: 'a-b',
      is_mine: true,
      pt: 'x',
    });
  });
  it('names nothing when the JSON, the id, the blog or the key is bad', () => {
    for (const bad of [
      null,
      '',
      '{',
      '[]',
      '"bob"',
      '{"id":"x1","reblog_key":"k","tumblelog":"bob"}',
      '{"id":"1","reblog_key":"k","tumblelog":"<b>"}',
      '{"id":"1","tumblelog":"bob"}',
      '{"id":"1","reblog_key":"k"}',
    ]) {
      expect(readActionMark(bad)).toBeNull();
    }
  });
  it('only knows the page actions it can run', () => {
    expect(isPagePostAction('like')).toBe(true);
    expect(isPagePostAction('delete')).toBe(true);
    for (const other of ['unpromote', 'toString', '', null]) expect(isPagePostAction(other)).toBe(false);
  });
  it('every page action a mark may name is known, and nothing else', () => {
    for (const action of ['like', 'delete', 'publish', 'queue', 'answer', 'approve', 'deny', 'promote'])
      expect(isPagePostAction(action)).toBe(true);
    for (const action of ['unpromote', 'reblog', '', null]) expect(isPagePostAction(action)).toBe(false);
  });
});
