/**
 * A marked page button's action (src/core/post-action-marks.ts), loaded on its first click: the
 * shared post actions, the spec's announcement, and the spec's alert in a page-owned dialog.
 */
import { POST_ACTION_ALERT } from '../errors';
import { likeSource, type ActionPost, type PagePostAction } from '../models/post-actions';
import { $isLoggedIn } from '../session/session';
import { $postMarks, setLiked, withMarks } from '../stores/posts';
import { announce } from './announce';
import { pageDialog } from './page-dialog';

export async function runPagePostAction(button: Element, action: PagePostAction, mark: ActionPost): Promise<void> {
  // One call at a time per button; logged out there is no one to like as.
  if (button.getAttribute('aria-busy') === 'true' || !$isLoggedIn.get()) return;
  if (action !== 'like') return;
  const post = withMarks(mark, $postMarks.get());
  button.setAttribute('aria-busy', 'true');
  try {
    const name = post.liked ? 'unlike' : 'like';
    const result = await setLiked(post, !post.liked, likeSource(location.pathname));
    if (!result) return;
    announce(button, 'tl-post-action', { action: name, postId: post.id, outcome: result.outcome.event });
    if (result.outcome.alert) void pageDialog({ kind: 'alert', message: POST_ACTION_ALERT });
  } finally {
    button.removeAttribute('aria-busy');
  }
}
