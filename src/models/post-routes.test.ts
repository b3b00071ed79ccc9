import { describe, expect, it } from 'vitest';
import { afterSave, baseRouteOf, contextIdOf, contextPageOf, draftKey, parsePostRoute, postRoute, showsSaveToast } from './post-routes';

describe('post form routes', () => {
  it('builds /new/{type}, prefixed by the base unless it is /dashboard', () => {
    expect(postRoute({ mode: 'new', type: 'photo' })).toBe('/new/photo');
    expect(postRoute({ mode: 'new', type: 'photo' }, '/dashboard/')).toBe('/new/photo');
    expect(postRoute({ mode: 'new', type: 'quote' }, '/tagged/cats')).toBe('/tagged/cats/new/quote');
    expect(postRoute({ mode: 'edit', postId: '42' }, '/tagged/cats')).toBe('/edit/42');
    expect(postRoute({ mode: 'reblog', reblogId: '7', reblogKey: 'aBc' })).toBe('/reblog/7/aBc');
    expect(postRoute({ mode: 'new', type: 'text' }, 'javascript:x')).toBe('/new/text');
    expect(postRoute({ mode: 'new', type: 'text' }, '/')).toBe('/new/text');
  });
  it('parses them back, and nothing else', () => {
    expect(parsePostRoute('/new/chat')).toEqual({ mode: 'new', type: 'chat' });
    expect(parsePostRoute('/tagged/cats/new/link/')).toEqual({ mode: 'new', type: 'link' });
    expect(parsePostRoute('/edit/42')).toEqual({ mode: 'edit', postId: '42' });
    expect(parsePostRoute('/reblog/7/aBc')).toEqual({ mode: 'reblog', reblogId: '7', reblogKey: 'aBc' });
    expect(parsePostRoute('/new/poll')).toBeNull();
    expect(parsePostRoute('/dashboard')).toBeNull();
    expect(parsePostRoute('/edit/<x>')).toBeNull();
  });
  it('knows the base route to return to', () => {
    expect(baseRouteOf('/tagged/cats/new/text')).toBe('/tagged/cats');
    expect(baseRouteOf('/new/text')).toBe('/dashboard');
    expect(baseRouteOf('/edit/4')).toBe('/dashboard');
    expect(baseRouteOf('/blog/alice/drafts')).toBe('/blog/alice/drafts');
  });
  it('names the context page', () => {
    expect(contextPageOf('/dashboard')).toBe('dashboard');
    expect(contextPageOf('/tagged/cats')).toBe('tagged');
    expect(contextPageOf('/blog/alice/drafts')).toBe('drafts');
    expect(contextPageOf('/blog/alice/queue')).toBe('queue');
    expect(contextPageOf('/likes')).toBeNull();
  });
  it('keys drafts by user and target', () => {
    expect(draftKey('alice', { mode: 'new', type: 'text' })).toBe('tl-post-draft:alice:new:text');
    expect(draftKey('alice', { mode: 'edit', postId: '9' })).toBe('tl-post-draft:alice:edit:9');
    expect(draftKey('bob', { mode: 'reblog', reblogId: '9', reblogKey: 'k' })).toBe('tl-post-draft:bob:reblog:9');
  });
});

describe('after a save (spec §4)', () => {
  const base = { baseRoute: '/dashboard', postContextPage: null };
  it('a new post on dashboard, drafts or inbox fetches posts (after on drafts, before otherwise)', () => {
    expect(afterSave({ ...base, mode: 'new', contextPage: 'dashboard' })).toEqual({ kind: 'insert', direction: 'before' });
    expect(afterSave({ ...base, mode: 'reblog', contextPage: 'inbox' })).toEqual({ kind: 'insert', direction: 'before' });
    expect(afterSave({ ...base, mode: 'new', contextPage: 'drafts' })).toEqual({ kind: 'insert', direction: 'after' });
    expect(afterSave({ ...base, mode: 'new', contextPage: 'tagged' })).toEqual({ kind: 'none' });
  });
  it('an edit replaces the post, or removes it when its context page changed', () => {
    expect(afterSave({ ...base, mode: 'edit', contextPage: 'dashboard' })).toEqual({ kind: 'replace' });
    expect(afterSave({ ...base, mode: 'edit', contextPage: 'dashboard', postContextPage: 'dashboard' })).toEqual({ kind: 'replace' });
    expect(afterSave({ ...base, mode: 'edit', contextPage: 'dashboard', postContextPage: 'drafts' })).toEqual({ kind: 'remove' });
  });
  it('with dashboard_refresh a new post or reblog reloads the dashboard; an edit still replaces', () => {
    const refresh = { ...base, dashboardRefresh: true };
    expect(afterSave({ ...refresh, mode: 'new', contextPage: 'dashboard' })).toEqual({ kind: 'reload', to: '/dashboard' });
    expect(afterSave({ ...refresh, mode: 'reblog', contextPage: 'dashboard' })).toEqual({ kind: 'reload', to: '/dashboard' });
    expect(afterSave({ ...refresh, mode: 'edit', contextPage: 'dashboard' })).toEqual({ kind: 'replace' });
    expect(afterSave({ ...refresh, mode: 'new', contextPage: 'drafts' })).toEqual({ kind: 'insert', direction: 'after' });
  });
  it('the queue page reloads to the base route', () => {
    expect(afterSave({ ...base, mode: 'edit', contextPage: 'queue', baseRoute: '/blog/alice/queue' })).toEqual({
      kind: 'reload',
      to: '/blog/alice/queue',
    });
  });
  it('a toast for edits, reblogs, fast-compose posts and the tagged page', () => {
    expect(showsSaveToast({ mode: 'edit', source: '', contextPage: 'dashboard' })).toBe(true);
    expect(showsSaveToast({ mode: 'reblog', source: '', contextPage: 'dashboard' })).toBe(true);
    expect(showsSaveToast({ mode: 'new', source: 'fast-compose', contextPage: 'dashboard' })).toBe(true);
    expect(showsSaveToast({ mode: 'new', source: 'header', contextPage: 'tagged' })).toBe(true);
    expect(showsSaveToast({ mode: 'new', source: 'header', contextPage: 'dashboard' })).toBe(false);
  });
});

describe('context_id', () => {
  it('is the tag of a tagged page and the blog of a blog page, nothing on the dashboard', () => {
    expect(contextIdOf('/tagged/cute%20cats')).toBe('cute cats');
    expect(contextIdOf('/tagged/cats/new/text')).toBe('cats');
    expect(contextIdOf('/blog/alice/drafts')).toBe('alice');
    expect(contextIdOf('/dashboard')).toBe('');
    expect(contextIdOf('/tagged')).toBe('');
    // A malformed escape is kept as written rather than thrown.
    expect(contextIdOf('/tagged/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
