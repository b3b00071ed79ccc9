/**
 * A marked page button's action (src/post-actions/page-buttons.ts), loaded on its first click: the
 * shared post actions, the spec's announcement, and the spec's alert in a page-owned dialog.
 */
import { POST_ACTION_ALERT } from '../errors';
import { runPostAction } from './api';
import { DELETE_CONFIRM, deletePayload, likeSource, type ActionPost, type PagePostAction } from './model';
import { $isLoggedIn } from '../session/session';
import { setLiked } from './like-and-reblog';
import { $postMarks, withMarks } from './marks';
import { announce } from '../core/announce';
import { pageDialog } from '../core/page-dialog';
import { Events } from '../core/events';

export async function runPagePostAction(button: Element, action: PagePostAction, mark: ActionPost): Promise<void> {
  // One call at a time per button; logged out there is no one to act as.
  if (button.getAttribute('aria-busy') === 'true' || !$isLoggedIn.get()) return;
  const post = withMarks(mark, $postMarks.get());
  if (action === 'delete' && !(await pageDialog(DELETE_CONFIRM))) return;
  button.setAttribute('aria-busy', 'true');
  try {
    const name = action === 'like' ? (post.liked ? 'unlike' : 'like') : 'delete';
    const result =
      action === 'like'
        ? await setLiked(post, !post.liked, likeSource(location.pathname))
        : await runPostAction('delete', deletePayload(post));
    if (!result) return;
    // The page hears the outcome (a deleted post's own markup is the page's to remove).
    announce(button, Events.postAction, { action: name, postId: post.id, outcome: result.outcome.event });
    if (result.outcome.alert) void pageDialog({ kind: 'alert', message: POST_ACTION_ALERT });
  } finally {
    button.removeAttribute('aria-busy');
  }
}
