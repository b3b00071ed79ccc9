/**
 * Posts that wait for their blogger (authoring spec §2 context pages: drafts, queue, inbox): alice
 * has drafts, a queue (one post scheduled), asks to answer and submissions to approve or deny, so
 * the demo's /blog/alice/drafts, /queue and /inbox have something to act on.
 */
import type { Database } from 'better-sqlite3';
import { insertPendingPost } from '../lib/post-rows';

const HOUR = 3600;

export function seedAuthoring(db: Database, now: number): number {
  const posts: Parameters<typeof insertPendingPost>[1][] = [
    {
      blog: 'alice',
      type: 'text',
      state: 'draft',
      timestamp: now - 2 * HOUR,
      content: { title: 'Half-finished: the lighthouse series', body: 'Three sketches in, two to go.', format: 'plain' },
      tags: ['wip'],
    },
    {
      blog: 'alice',
      type: 'text',
      state: 'draft',
      timestamp: now - 30 * HOUR,
      content: { title: '', body: 'Note to self: scan the ink drawings before they fade.', format: 'plain' },
    },
    {
      blog: 'alice',
      type: 'text',
      state: 'queued',
      timestamp: now - 5 * HOUR,
      content: { title: 'Sunday studies', body: 'A week of morning sketches, in order.', format: 'plain' },
      tags: ['sketchbook'],
    },
    {
      blog: 'alice',
      type: 'text',
      state: 'queued',
      timestamp: now - 6 * HOUR,
      publishOn: new Date((now + 48 * HOUR) * 1000).toISOString().slice(0, 16).replace('T', ' '),
      content: { title: 'Scheduled: the studio tour', body: 'Photos of the new desk, finally.', format: 'plain' },
    },
    {
      blog: 'alice',
      type: 'answer',
      state: 'submission',
      timestamp: now - HOUR,
      content: {
        question: 'Which pen do you use for the fine lines?',
        asking_name: 'bob',
        asking_url: '/blog/bob',
        anonymous: false,
        answer: '',
      },
    },
    {
      blog: 'alice',
      type: 'answer',
      state: 'submission',
      timestamp: now - 20 * HOUR,
      content: { question: 'Will you ever sell prints?', asking_name: 'Anonymous', asking_url: null, anonymous: true, answer: '' },
    },
    {
      blog: 'alice',
      type: 'text',
      state: 'submission',
      timestamp: now - 3 * HOUR,
      content: {
        title: 'A sketch for you',
        body: 'I drew your lighthouse from the other side of the bay.',
        format: 'plain',
        submitter: 'bob',
      },
    },
    {
      blog: 'alice',
      type: 'text',
      state: 'submission',
      timestamp: now - 26 * HOUR,
      content: { title: 'Buy followers now!!!', body: 'Cheap followers, visit my site.', format: 'plain', submitter: 'cat-facts-hourly' },
    },
  ];
  for (const post of posts) insertPendingPost(db, post);
  return posts.length;
}
