/** Follow and subscription rules from the spec (no DOM). */

export interface FollowFields {
  following: boolean;
  can_subscribe: boolean;
  is_subscribed: boolean;
}

/** Unfollowing clears can_subscribe and is_subscribed; following sets can_subscribe. */
export function applyFollow<T extends FollowFields>(blog: T, following: boolean): T {
  return following
    ? { ...blog, following: true, can_subscribe: true }
    : { ...blog, following: false, can_subscribe: false, is_subscribed: false };
}

/** Following and like counts move with events and never go below 0. */
export function adjustCount(count: number, delta: number): number {
  const base = Number.isFinite(count) ? count : 0;
  return Math.max(0, base + delta);
}
