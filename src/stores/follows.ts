/**
 * What this page knows about following, shared by every element: a card, a
 * drawer and a post header showing the same blog agree. Actions are optimistic
 * and revert on failure (spec §4 Follow and block). The element that made the change announces
 * it (`tl-follow-change`, `tl-subscription-change`); other elements read these stores.
 */
import { map } from 'nanostores';
import { setFollowing, setSubscribed, type FollowContext } from '../api/follow';
import { countAfter } from '../models/counts';
import { $session, updateUser } from '../session/session';

/** blog name → following, for blogs whose state this page has seen or changed. */
export const $following = map<Record<string, boolean>>({});
/** blog name → subscribed. */
export const $subscribed = map<Record<string, boolean>>({});

/** Sets following optimistically; reverts and rethrows if the server says no. */
export async function changeFollowing(name: string, following: boolean, context: FollowContext = {}): Promise<void> {
  const before = $following.get()[name];
  const subscribedBefore = $subscribed.get()[name];
  $following.setKey(name, following);
  if (!following) $subscribed.setKey(name, false);
  try {
    const confirmed = await setFollowing(name, following, context);
    $following.setKey(name, confirmed);
    const user = $session.get().user;
    if (user && confirmed !== (before ?? !following)) updateUser({ friend_count: countAfter(user.friend_count, confirmed ? 1 : -1) });
  } catch (error) {
    $following.setKey(name, before ?? !following);
    if (subscribedBefore !== undefined) $subscribed.setKey(name, subscribedBefore);
    throw error;
  }
}

export async function changeSubscribed(name: string, subscribed: boolean, source?: string): Promise<void> {
  const before = $subscribed.get()[name];
  $subscribed.setKey(name, subscribed);
  try {
    await setSubscribed(name, subscribed, source);
  } catch (error) {
    $subscribed.setKey(name, before ?? !subscribed);
    throw error;
  }
}
