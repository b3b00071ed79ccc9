/**
 * The actions on the drawer's posts (authoring spec §4 "Post actions", §8): like and unlike
 * (applied first, never on the user's own posts), fast reblog, reply, delete after its
 * confirmation, and share (one <share-popover>, anchored to the post's Share button). Each
 * outcome is announced and shown on its post; a 401/404/500 also gets the spec's alert.
 */
import { useCallback, useState } from 'react';
import { useWidget } from '../../src/core/widget-context';
import { useSay } from '../../src/ui/use-say';
import { request, triggerRequest } from '../../src/core/requests';
import { runPostAction, type PostActionResult } from '../../src/post-actions/api';
import { POST_ACTION_ALERT } from '../../src/errors';
import type { DrawerPost } from './model/rules';
import { DELETE_CONFIRM, deletePayload, likeSource, replyPayload, type PostActionName } from '../../src/post-actions/model';
import { fastReblog, setLiked } from '../../src/post-actions/like-and-reblog';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import type { PostAction } from './PostCard';
import { Events } from '../../src/core/events';

interface PostActionsOptions {
  loggedIn: boolean;
  /** Whether the drawer shows search results (the like source says so). */
  searching: boolean;
  shareTarget: DrawerPost | null;
  setShareTarget: (post: DrawerPost) => void;
  /** A post the server has deleted: the drawer stops showing it. */
  onDeleted: (post: DrawerPost) => void;
}

export function usePostActions({ loggedIn, searching, shareTarget, setShareTarget, onDeleted }: PostActionsOptions) {
  const { announce } = useWidget();
  const say = useSay();
  const confirm = useConfirm();
  /** post id → the action running on it */
  const [busy, setBusy] = useState<Record<string, PostAction>>({});
  /** post id → what the last action on it came to */
  const [status, setStatus] = useState<Record<string, string>>({});
  const source = () => likeSource(location.pathname, { drawer: true, searching });

  const report = useCallback(
    (action: PostActionName, post: DrawerPost, result: PostActionResult | null, success?: string) => {
      if (!result) return;
      announce(Events.postAction, { action, postId: post.id, outcome: result.outcome.event });
      const text =
        result.outcome.event === 'success'
          ? (success ?? '')
          : result.outcome.event === 'forbidden'
            ? "That isn't allowed on this post."
            : 'That did not work.';
      setStatus((s) => ({ ...s, [post.id]: text }));
      say(text);
      if (result.outcome.alert) void confirm({ kind: 'alert', message: POST_ACTION_ALERT });
    },
    [announce, confirm, say],
  );

  const act = useCallback(
    async (action: PostAction, post: DrawerPost) => {
      if (!loggedIn || busy[post.id]) return;
      if (action === 'share') {
        // One <share-popover> in the drawer (a popover outside a modal dialog would be inert),
        // anchored to this post's Share button; the request reaches it once it answers for that anchor.
        if (shareTarget?.id !== post.id) {
          setShareTarget(post);
          request(triggerRequest(`peepr-share-${post.id}`));
        }
        return;
      }
      if (action === 'like') {
        if (post.is_mine) return;
        report(post.liked ? 'unlike' : 'like', post, await setLiked(post, !post.liked, source()), post.liked ? 'Unliked.' : 'Liked.');
        return;
      }
      if (action === 'delete') {
        const ok = await confirm(DELETE_CONFIRM);
        if (!ok) return;
      }
      setBusy((b) => ({ ...b, [post.id]: action }));
      try {
        if (action === 'reblog') {
          const result = await fastReblog(post);
          const to = (result.data as { post_tumblelog?: { name_or_id?: string } } | undefined)?.post_tumblelog?.name_or_id;
          report('reblog', post, result, to ? `Reblogged to ${to}.` : 'Reblogged.');
        } else if (action === 'delete') {
          const result = await runPostAction('delete', deletePayload(post));
          report('delete', post, result);
          if (result.outcome.event === 'success') onDeleted(post);
        }
      } finally {
        setBusy((b) => {
          const { [post.id]: _, ...rest } = b;
          return rest;
        });
      }
    },
    [loggedIn, busy, shareTarget, setShareTarget, onDeleted, report, confirm, searching],
  );

  const reply = useCallback(
    async (post: DrawerPost, text: string) => {
      const result = await runPostAction('reply', replyPayload(post, text, source()));
      report('reply', post, result, 'Reply sent.');
      return result.outcome.event === 'success';
    },
    [report, searching],
  );

  const clearStatus = useCallback(() => setStatus({}), []);

  return { busy, status, act, reply, clearStatus };
}
