/**
 * A marked page button's action (src/post-actions/page-buttons.ts), loaded on its first click: the
 * shared post actions, the spec's announcement, and the spec's alert in a page-owned dialog.
 */
import { POST_ACTION_ALERT } from '../errors';
import { runPostAction, type PostActionResult } from './api';
import {
  ANSWER_EMPTY_ALERT,
  DELETE_CONFIRM,
  DENY_CONFIRM,
  answerPayload,
  approvePayload,
  deletePayload,
  denyPayload,
  likeSource,
  promotePayload,
  promotedTagId,
  publishPayload,
  removeAppAttributionPayload,
  unpromotePayload,
  type ActionPost,
  type PostActionName,
} from './model';
import type { PagePostAction } from './page-mark';
import { $isLoggedIn } from '../session/session';
import { setLiked } from './like-and-reblog';
import { $postMarks, withMarks } from './marks';
import { announce } from '../core/announce';
import { pageDialog } from '../core/page-dialog';
import { Events } from '../core/events';

/** The page's answer field for an Answer button (`data-answer-field="<id>"`), if it names one. */
function answerField(button: Element): HTMLTextAreaElement | HTMLInputElement | null {
  const id = button.getAttribute('data-answer-field');
  const field = id ? document.getElementById(id) : null;
  return field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement ? field : null;
}

/**
 * What the button's action sends: the endpoint's name (what the announcement says) and the call,
 * or null when there is nothing to send (a confirmation declined, an empty answer).
 */
async function prepare(
  button: Element,
  action: PagePostAction,
  post: ActionPost,
): Promise<{ name: PostActionName; run: () => Promise<PostActionResult | null>; done?: (result: PostActionResult) => void } | null> {
  switch (action) {
    case 'like':
      return { name: post.liked ? 'unlike' : 'like', run: () => setLiked(post, !post.liked, likeSource(location.pathname)) };
    case 'delete':
      if (!(await pageDialog(DELETE_CONFIRM))) return null;
      return { name: 'delete', run: () => runPostAction('delete', deletePayload(post)) };
    case 'publish':
    case 'queue':
      return { name: action, run: () => runPostAction(action, publishPayload(post, action === 'queue')) };
    case 'approve':
      return {
        name: 'approveSubmission',
        run: () => runPostAction('approveSubmission', approvePayload(post, button.getAttribute('data-queue') === '1')),
      };
    case 'deny':
      if (!(await pageDialog(DENY_CONFIRM))) return null;
      return { name: 'denySubmission', run: () => runPostAction('denySubmission', denyPayload(post)) };
    case 'promote': {
      // A toggle: pressed means promoted, and the button keeps the promotion's tag_id for undoing it.
      const tag = button.getAttribute('data-tag') ?? '';
      const tagId = button.getAttribute('data-tag-id') ?? '';
      if (!tag || (button.getAttribute('aria-pressed') === 'true' && !tagId)) {
        console.error('[tumblelog] a promote button needs data-tag (and data-tag-id once pressed)', button);
        return null;
      }
      if (button.getAttribute('aria-pressed') === 'true') {
        return {
          name: 'unpromote',
          run: () => runPostAction('unpromote', unpromotePayload(post, tag, tagId)),
          done: (result) => {
            if (result.outcome.event !== 'success') return;
            button.setAttribute('aria-pressed', 'false');
            button.removeAttribute('data-tag-id');
          },
        };
      }
      return {
        name: 'promote',
        run: () => runPostAction('promote', promotePayload(post, tag)),
        done: (result) => {
          const id = result.outcome.event === 'success' ? promotedTagId(result.data) : null;
          if (!id) return;
          button.setAttribute('aria-pressed', 'true');
          button.setAttribute('data-tag-id', id);
        },
      };
    }
    case 'remove-app-attribution':
      return {
        name: 'removeAppAttribution',
        run: () => runPostAction('removeAppAttribution', removeAppAttributionPayload(post)),
        done: (result) => {
          if (result.outcome.event !== 'success') return;
          // The "via …" line goes, button and all: focus moves to the post's next control first,
          // so it never falls to <body>.
          const line = button.closest('.app_attribution') ?? button;
          const next = line.closest('.post_container, li, article')?.querySelector<HTMLElement>('.post_control:not(.remove_attribution)');
          if (line.contains(document.activeElement)) next?.focus();
          line.remove();
        },
      };
    case 'answer': {
      const field = answerField(button);
      const text = field?.value.trim() ?? '';
      if (!text) {
        // When the alert closes, the blogger lands in the field to fill (not back on the button).
        await pageDialog(field ? { ...ANSWER_EMPTY_ALERT, returnFocus: field } : ANSWER_EMPTY_ALERT);
        return null;
      }
      return { name: 'answer', run: () => runPostAction('answer', answerPayload(post, text)) };
    }
  }
}

export async function runPagePostAction(button: Element, action: PagePostAction, mark: ActionPost): Promise<void> {
  // One call at a time per button; logged out there is no one to act as.
  if (button.getAttribute('aria-busy') === 'true' || !$isLoggedIn.get()) return;
  const post = withMarks(mark, $postMarks.get());
  const prepared = await prepare(button, action, post);
  if (!prepared) return;
  button.setAttribute('aria-busy', 'true');
  try {
    const result = await prepared.run();
    if (!result) return;
    // The page hears the outcome: a post that leaves its list (deleted, published, answered …) is the page's to remove.
    // Announced from the button before the action changes the page (it may take the button away).
    announce(button, Events.postAction, { action: prepared.name, postId: post.id, outcome: result.outcome.event });
    prepared.done?.(result);
    if (result.outcome.alert) void pageDialog({ kind: 'alert', message: POST_ACTION_ALERT });
  } finally {
    button.removeAttribute('aria-busy');
  }
}
