/**
 * The drawer header's actions on the blog it shows: follow and unfollow (optimistic through the
 * follows store, which puts the old state back on failure), subscribe, and block after the spec's
 * confirmation (authoring spec §4 "Follow and block", §8).
 */
import { useCallback, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { blockBlog } from '../../src/api/block';
import { BLOCK_CONFIRM_NOTE, blockConfirmText } from '../../src/models/blog';
import type { DrawerBlog } from './model/rules';
import { $session } from '../../src/session/session';
import { $following, $subscribed, changeFollowing, changeSubscribed } from '../../src/stores/follows';
import { useConfirm } from '../../src/ui/ConfirmQueue';
import { Events } from '../../src/core/events';

export function useBlogActions(blog: DrawerBlog | null) {
  const { announce } = useWidget();
  const confirm = useConfirm();
  const followingMap = useStore($following);
  const subscribedMap = useStore($subscribed);
  const [followBusy, setFollowBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const following = blog ? (followingMap[blog.name] ?? blog.following) : false;
  const subscribed = blog ? (subscribedMap[blog.name] ?? blog.is_subscribed) : false;

  const toggleFollow = useCallback(async () => {
    if (!blog || followBusy) return;
    setFollowBusy(true);
    const next = !following;
    try {
      await changeFollowing(blog.name, next, { source: 'indash_blog' });
      announce(Events.followChange, { blogName: blog.name, following: next });
    } catch (error) {
      // The store has put the old state back (spec §8 "Follow failure").
      console.warn('[tumblelog] <peepr-drawer>: follow failed', error);
    } finally {
      setFollowBusy(false);
    }
  }, [blog, following, followBusy, announce]);

  /** Block, as the current blog, after the spec's confirmation (authoring spec §8), then POST /svc/block/add. */
  const block = useCallback(async () => {
    if (!blog) return;
    const session = $session.get();
    const currentBlog = session.currentChannel ?? session.user?.primary ?? '';
    const ok = await confirm({
      kind: 'confirm',
      message: blockConfirmText(blog.name, currentBlog),
      note: BLOCK_CONFIRM_NOTE,
      okText: 'Block',
      cancelText: 'Nevermind',
      danger: true,
    });
    if (!ok) return;
    try {
      await blockBlog(currentBlog, blog.name);
      $following.setKey(blog.name, false);
      announce(Events.blockChange, { blogName: blog.name, blockedBy: currentBlog, blocked: true });
      setNotice(`${blog.name} is blocked.`);
    } catch {
      setNotice(`Couldn't block ${blog.name}. Try again.`);
    }
  }, [blog, confirm, announce]);

  const toggleSubscribe = useCallback(() => {
    if (!blog) return;
    changeSubscribed(blog.name, !subscribed, 'indash_blog').catch((error: unknown) =>
      console.warn('[tumblelog] <peepr-drawer>: subscription failed', error),
    );
  }, [blog, subscribed]);

  return { following, subscribed, followBusy, notice, toggleFollow, block, toggleSubscribe };
}
