/**
 * What this page knows about posts' like and reblog state, shared by every element: the drawer
 * and the dashboard's own buttons showing the same post agree. Like and unlike are applied here
 * first and sent afterwards (authoring spec §4), and reverted when the server says no.
 */
import { map } from 'nanostores';
import { runPostAction, type PostActionResult } from '../api/post-actions';
import { applyLike, applyReblogged, applyUnlike, likePayload, reblogPayload, type ActionPost, type LikeSource } from '../models/post-actions';

export interface PostMarks {
  liked: boolean;
  reblogged: boolean;
}

/** post id → its marks, for posts this page has seen change. */
export const $postMarks = map<Record<string, PostMarks>>({});

/** A post with the page's newer marks applied. */
export function withMarks<P extends ActionPost>(post: P, marks: Record<string, PostMarks>): P {
  const m = marks[post.id];
  return m ? { ...post, liked: m.liked, reblogged: m.reblogged } : post;
}

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
  const result = await runPostAction(liked ? 'like' : 'unlike', likePayload(before, source));
  if (result.outcome.event !== 'success') $postMarks.setKey(post.id, { liked: before.liked, reblogged: current(post).reblogged });
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
