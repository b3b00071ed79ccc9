import { describe, expect, it } from 'vitest';
import {
  actionOutcome,
  promotePayload,
  removeAppAttributionPayload,
  promotedTagId,
  unpromotePayload,
  answerPayload,
  approvePayload,
  denyPayload,
  publishPayload,
  applyLike,
  applyReblogged,
  applyUnlike,
  endpointFor,
  likePayload,
  likeSource,
  MissingEndpointError,
  POST_ACTION_ENDPOINTS,
  reblogPayload,
} from './model';
import { countAfter } from '../models/counts';

const post = { id: '7', reblog_key: 'k1', liked: false, reblogged: false, is_mine: false, tumblelog: 'bob' };

describe('like and unlike', () => {
  it('like sets liked on someone else’s post that was not liked', () => {
    expect(applyLike(post)).toEqual({ ...post, liked: true });
  });
  it('the user’s own posts cannot be liked', () => {
    expect(applyLike({ ...post, is_mine: true })).toBeNull();
  });
  it('an already liked post is not liked again', () => {
    expect(applyLike({ ...post, liked: true })).toBeNull();
  });
  it('unlike clears liked only when it was liked', () => {
    expect(applyUnlike({ ...post, liked: true })).toEqual(post);
    expect(applyUnlike(post)).toBeNull();
  });
  it('reblog success sets reblogged', () => {
    expect(applyReblogged(post).reblogged).toBe(true);
  });
});

describe('likeSource', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/dashboard/2', 'dashboard'],
    ['/tagged/cats', 'tagged'],
    ['/likes', 'likes'],
    ['/inbox', 'inbox'],
    ['/search/tea', 'search'],
    ['/explore/trending', 'explore'],
    ['/tv?x=1', 'tv'],
    ['/', 'unknown'],
    ['/blog/alice', 'unknown'],
    ['/dashboards', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (path, source) => {
    expect(likeSource(path)).toBe(source);
  });
  it('the in-dashboard blog viewer is its own source, and its search variant', () => {
    expect(likeSource('/dashboard', { drawer: true })).toBe('indash_blog');
    expect(likeSource('/tagged/x', { drawer: true, searching: true })).toBe('indash_blog_search');
  });
});

describe('actionOutcome (status mapping, spec §8)', () => {
  it('200 is a success event', () => {
    expect(actionOutcome(200)).toEqual({ event: 'success', alert: false });
  });
  it.each([401, 404, 500])('%i is the alert and a failure event', (status) => {
    expect(actionOutcome(status)).toEqual({ event: 'failure', alert: true });
  });
  it('403 is a forbidden event with no alert', () => {
    expect(actionOutcome(403)).toEqual({ event: 'forbidden', alert: false });
  });
  it('other failures fail without the alert', () => {
    expect(actionOutcome(502)).toEqual({ event: 'failure', alert: false });
    expect(actionOutcome(0)).toEqual({ event: 'failure', alert: false });
  });
});

describe('endpoints', () => {
  it('every named action has its endpoint', () => {
    for (const [name, path] of Object.entries(POST_ACTION_ENDPOINTS)) expect(endpointFor(name)).toBe(path);
    expect(endpointFor('reblog')).toBe('/fast_reblog');
  });
  it('an unknown action is the missing-endpoint error, prototype keys included', () => {
    expect(() => endpointFor('teleport')).toThrow(MissingEndpointError);
    expect(() => endpointFor('toString')).toThrow(MissingEndpointError);
  });
});

describe('payloads', () => {
  it('like sends the spec fields, root_id defaulting to the id', () => {
    expect(likePayload(post, 'indash_blog', 3)).toEqual({
      id: '7',
      root_id: '7',
      key: 'k1',
      placement_id: '',
      is_recommended: '0',
      pt: '',
      method: 'post',
      source: 'indash_blog',
      offset: '3',
    });
  });
  it('fast reblog sends reblog_key, reblog_post_id, queue and pt', () => {
    expect(reblogPayload(post)).toEqual({ reblog_key: 'k1', reblog_post_id: '7', queue: '0', pt: '' });
  });
});

describe('countAfter (like and following counts)', () => {
  it('moves by the delta and never below 0', () => {
    expect(countAfter(3, 1)).toBe(4);
    expect(countAfter(1, -1)).toBe(0);
    expect(countAfter(0, -1)).toBe(0);
    expect(countAfter(Number.NaN, 1)).toBe(1);
  });
});

describe('the payloads of publish, queue, answer, approve and deny (authoring spec §7)', () => {
  const post = { id: '42', tumblelog: 'alice', reblog_key: 'k3y' };

  it('/publish and the queue action send id and queue', () => {
    expect(publishPayload(post, false)).toEqual({ id: '42', queue: '0' });
    expect(publishPayload(post, true)).toEqual({ id: '42', queue: '1' });
  });

  it('/answer sends post_id, tumblelog, key and answer_text', () => {
    expect(answerPayload(post, 'A very old pencil.')).toEqual({
      post_id: '42',
      tumblelog: 'alice',
      key: 'k3y',
      answer_text: 'A very old pencil.',
    });
  });

  it('/approve_submission sends id and queue; /deny_submission sends pid', () => {
    expect(approvePayload(post, true)).toEqual({ id: '42', queue: '1' });
    expect(approvePayload(post, false)).toEqual({ id: '42', queue: '0' });
    expect(denyPayload(post)).toEqual({ pid: '42' });
  });
});

describe('remove_app_attribution (authoring spec §7)', () => {
  it('sends post_id and tumblelog_id', () => {
    expect(removeAppAttributionPayload({ id: '42', tumblelog: 'alice' })).toEqual({ post_id: '42', tumblelog_id: 'alice' });
  });
});

describe('promote and unpromote (authoring spec §7)', () => {
  const post = { id: '42', tumblelog: 'alice', reblog_key: 'k3y' };

  it('/svc/promote sends tag, post_id, reblog_key and tumblelog_name; /svc/unpromote adds tag_id', () => {
    expect(promotePayload(post, 'cats')).toEqual({ tag: 'cats', post_id: '42', reblog_key: 'k3y', tumblelog_name: 'alice' });
    expect(unpromotePayload(post, 'cats', '7')).toEqual({
      tag_id: '7',
      tag: 'cats',
      post_id: '42',
      reblog_key: 'k3y',
      tumblelog_name: 'alice',
    });
  });

  it("reads the promotion's tag_id from the answer, or nothing", () => {
    expect(promotedTagId({ tag_id: '7' })).toBe('7');
    expect(promotedTagId({ tag_id: 7 })).toBe('7');
    for (const bad of [{}, { tag_id: '' }, null, 'x', { tag_id: Number.NaN }]) expect(promotedTagId(bad)).toBe(null);
  });
});
