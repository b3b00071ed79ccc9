/**
 * The fault matrix (tests/faults/fault-matrix.browser.test.ts) covers the calls listed in
 * tests/faults/calls.json; this proves the list is what the API modules make today, so a new call
 * cannot escape the matrix. `npm run faults -- --calls-only` writes it again.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractApiCalls } from '../faults/api-calls';
import { ROOT } from './import-graph';

describe('the fault matrix’s call list', () => {
  it('tests/faults/calls.json is every call the API modules make (npm run faults -- --calls-only writes it)', () => {
    const listed = JSON.parse(readFileSync(join(ROOT, 'tests/faults/calls.json'), 'utf8')) as unknown;
    expect(listed).toEqual(extractApiCalls(ROOT));
  });

  it('finds calls however they are written: a literal, a template, a ternary, a local const, a path table', () => {
    const keys = extractApiCalls(ROOT).map((c) => `${c.method} ${c.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /svc/post/ask',
        'GET /svc/tumblelog_popover/:name',
        'POST /svc/follow',
        'POST /svc/unfollow',
        'GET /svc/indash_blog/posts',
        'GET /svc/tumblelog/:blogName/peepr',
        'POST /svc/like',
        'POST /svc/post/upload/photo',
        'POST /:flag/toggle',
        'POST /services/cslog',
        'DELETE /svc/blog/:blogName/subscription',
        'POST /svc/blog/:blogName/subscription',
        'GET /svc/conversations/messages',
        'POST /svc/conversations/messages',
        'DELETE /svc/conversations/messages',
      ]),
    );
  });
});
