/**
 * The post actions that change a post's marks (src/post-actions/marks.ts): like and unlike are
 * applied first and sent afterwards (authoring spec §4), and reverted when the server says no.
 */
import { runPostAction, type PostActionResult } from './api';
import { applyLike, applyReblogged, applyUnlike, likePayload, reblogPayload, type ActionPost, type LikeSource } from './model';
import { countAfter } from '../models/counts';
import { $session, updateUser } from '../session/session';
import { $postMarks, withMarks } from './marks';
import { nextTask } from '../core/next-task';

const current = (post: ActionPost): ActionPost => withMarks(post, $postMarks.get());

/**
 * Likes (or unlikes) a post: the mark changes at once, the call follows, and a failed call puts it
 * back. Null when there is nothing to do (the user's own post, or already in that state).
 */
export async function setLiked(post: ActionPost, liked: boolean, source: LikeSource): Promise<PostActionResult | null> {
  const before = current(post);
  const next = liked ? applyLike(before) : applyUnlike(before);
  if (!next) return null;
  $postMarks.setKey(post.id, { liked: next.liked, reblogged: before.reblogged });
  // The call in a task of its own: the press shows before the request is built and sent.
  await nextTask();
  const result = await runPostAction(liked ? 'like' : 'unlike', likePayload(before, source));
  if (result.outcome.event !== 'success') $postMarks.setKey(post.id, { liked: before.liked, reblogged: current(post).reblogged });
  else {
    const user = $session.get().user;
    if (user) updateUser({ liked_post_count: countAfter(user.liked_post_count, liked ? 1 : -1) });
  }
  return result;
}

/** Fast reblog: reblogged becomes true once the server has it. */
export async function fastReblog(post: ActionPost, queue = false): Promise<PostActionResult> {
  const result = await runPostAction('reblog', reblogPayload(post, queue));
  if (result.outcome.event === 'success') {
    const now = current(post);
    $postMarks.setKey(post.id, { liked: now.liked, reblogged: applyReblogged(now).reblogged });
  }
  return result;
}
