import { isPlainObject, request, requestData } from './client';

export interface FollowContext {
  source?: string;
  placement_id?: string;
  pt?: string;
  context?: string;
  tlt?: string;
  offset?: number;
}

/** POST /svc/follow or /svc/unfollow; resolves with the server's following state. */
export async function setFollowing(blogName: string, following: boolean, context: FollowContext = {}): Promise<boolean> {
  return requestData(following ? '/svc/follow' : '/svc/unfollow', { method: 'POST', form: { tumblelog: blogName, ...context } }, (data) =>
    isPlainObject(data) && typeof data.following === 'boolean' ? data.following : following,
  );
}

/** POST subscribes, DELETE unsubscribes. */
export async function setSubscribed(blogName: string, subscribed: boolean, source?: string): Promise<void> {
  await request(`/svc/blog/${encodeURIComponent(blogName)}/subscription`, {
    method: subscribed ? 'POST' : 'DELETE',
    form: source ? { source } : {},
  });
}
