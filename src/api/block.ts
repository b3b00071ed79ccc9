import { request } from './client';

/** POST /svc/block/add: `blocker` (one of the user's blogs) blocks `blocked`. */
export async function blockBlog(blocker: string, blocked: string, blockContext?: string): Promise<void> {
  await request('/svc/block/add', {
    method: 'POST',
    form: { tumblelog: blocker, blocked_tumblelog: blocked, ...(blockContext ? { block_context: blockContext } : {}) },
  });
}
