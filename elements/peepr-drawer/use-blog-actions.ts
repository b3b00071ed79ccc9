/**
 * The drawer header's actions on the blog it shows: follow and unfollow (optimistic through the
 * follows store, which puts the old state back on failure), subscribe, and block after the spec's
 * confirmation (authoring spec §4 "Follow and block", §8).
 */
import { useCallback, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import type { DrawerBlog } from './model/rules';
import { $following, $subscribed, changeFollowing, changeSubscribed } from '../../src/stores/follows';
import { useBlockBlog } from '../../src/ui/use-block-blog';
import { Events } from '../../src/core/events';
import { followFailedText, followSpoken } from '../../src/models/blog';
import { useSaidNotice } from '../../src/ui/use-said-notice';
import { useSay } from '../../src/ui/use-say';

export function useBlogActions(blog: DrawerBlog | null) {
  const { announce } = useWidget();
  const say = useSay();
  const followingMap = useStore($following);
  const subscribedMap = useStore($subscribed);
  const [followBusy, setFollowBusy] = useState(false);
  const [notice, setNotice] = useSaidNotice();
  const following = blog ? (followingMap[blog.name] ?? blog.following) : false;
  const subscribed = blog ? (subscribedMap[blog.name] ?? blog.is_subscribed) : false;

  const toggleFollow = useCallback(async () => {
    if (!blog || followBusy) return;
    setFollowBusy(true);
    const next = !following;
    try {
      await changeFollowing(blog.name, next, { source: 'indash_blog' });
      announce(Events.followChange, { blogName: blog.name, following: next });
      say(followSpoken(blog.name, next));
    } catch (error) {
      // The store has put the old state back (spec §8 "Follow failure"); the user is told, as in the card.
      console.warn('[tumblelog] <peepr-drawer>: follow failed', error);
      setNotice(followFailedText(blog.name, next));
    } finally {
      setFollowBusy(false);
    }
  }, [blog, following, followBusy, announce, say, setNotice]);

  /** Block, as the current blog, after the spec's confirmation (authoring spec §8), then POST /svc/block/add. */
  const blockAsCurrent = useBlockBlog(setNotice);
  const block = useCallback(async () => {
    if (blog) await blockAsCurrent(blog.name);
  }, [blog, blockAsCurrent]);

  const toggleSubscribe = useCallback(() => {
    if (!blog) return;
    changeSubscribed(blog.name, !subscribed, 'indash_blog').catch((error: unknown) =>
      console.warn('[tumblelog] <peepr-drawer>: subscription failed', error),
    );
  }, [blog, subscribed]);

  return { following, subscribed, followBusy, notice, toggleFollow, block, toggleSubscribe };
}
