import { request } from './client';

/** POST /svc/block/remove: `blocker` unblocks `blocked` (authoring spec §7). */
export async function unblockBlog(blocker: string, blocked: string): Promise<void> {
  await request('/svc/block/remove', { method: 'POST', form: { tumblelog: blocker, blocked_tumblelog: blocked } });
}

/** POST /svc/block/add: `blocker` (one of the user's blogs) blocks `blocked`. */
export async function blockBlog(blocker: string, blocked: string, blockContext?: string): Promise<void> {
  await request('/svc/block/add', {
    method: 'POST',
    form: { tumblelog: blocker, blocked_tumblelog: blocked, ...(blockContext ? { block_context: blockContext } : {}) },
  });
}
