/**
 * Post actions (authoring spec §4 "Post actions", §7 "Post actions", §8): like, reblog, reply,
 * delete, publish, queue, answer, submissions, promote, app attribution. The rules only — no DOM, no network.
 * The dashboard's own buttons and <peepr-drawer> both run them through src/post-actions/api.ts.
 */

/** The post fields the actions read (authoring spec §3 "Post fields read by post actions"). */
export interface ActionPost {
  id: string;
  root_id?: string;
  reblog_key: string;
  placement_id?: string;
  is_recommended?: boolean;
  pt?: string;
  liked: boolean;
  reblogged: boolean;
  is_mine: boolean;
  tumblelog: string;
  tumblelog_key?: string;
  tumblelog_uuid?: string;
  post_url?: string;
  following?: boolean;
  reblog_source?: { name: string; following: boolean };
}

/** Every action the spec names, and its endpoint. The queue action's path is not shown: ours is /queue. */
export const POST_ACTION_ENDPOINTS = {
  like: '/svc/like',
  unlike: '/svc/unlike',
  reblog: '/fast_reblog',
  reply: '/svc/reply',
  publish: '/publish',
  queue: '/queue',
  delete: '/svc/post/delete',
  promote: '/svc/promote',
  unpromote: '/svc/unpromote',
  answer: '/answer',
  denySubmission: '/deny_submission',
  approveSubmission: '/approve_submission',
  removeAppAttribution: '/remove_app_attribution',
} as const;

export type PostActionName = keyof typeof POST_ACTION_ENDPOINTS;

/** Thrown for an action with no endpoint (spec §8 "Unknown action endpoint"). */
export class MissingEndpointError extends Error {
  override readonly name = 'MissingEndpointError';
  constructor(readonly action: string) {
    super(`No endpoint for the post action "${action}"`);
  }
}

export function endpointFor(action: string): string {
  const path = (POST_ACTION_ENDPOINTS as Record<string, string>)[action];
  if (!path || !Object.hasOwn(POST_ACTION_ENDPOINTS, action)) throw new MissingEndpointError(action);
  return path;
}

/**
 * What a post action's HTTP status means (spec §8): 200 a success event; 401, 404 and 500 the
 * alert and a failure event; 403 a forbidden event. Anything else fails quietly (a failure event,
 * no alert: the spec names no alert for it).
 */
export type ActionOutcome =
  { event: 'success'; alert: false } | { event: 'failure'; alert: boolean } | { event: 'forbidden'; alert: false };

export function actionOutcome(status: number): ActionOutcome {
  if (status >= 200 && status < 300) return { event: 'success', alert: false };
  if (status === 403) return { event: 'forbidden', alert: false };
  return { event: 'failure', alert: status === 401 || status === 404 || status === 500 };
}

/** Like sets liked only when the post is not the user's own and not already liked; null = nothing to do. */
export function applyLike<T extends Pick<ActionPost, 'liked' | 'is_mine'>>(post: T): T | null {
  if (post.is_mine || post.liked) return null;
  return { ...post, liked: true };
}

/** Unlike clears liked only when it was liked; null = nothing to do. */
export function applyUnlike<T extends Pick<ActionPost, 'liked'>>(post: T): T | null {
  if (!post.liked) return null;
  return { ...post, liked: false };
}

/** Reblog success sets reblogged. */
export function applyReblogged<T extends Pick<ActionPost, 'reblogged'>>(post: T): T {
  return { ...post, reblogged: true };
}

export type LikeSource =
  'dashboard' | 'tagged' | 'likes' | 'inbox' | 'search' | 'explore' | 'tv' | 'indash_blog' | 'indash_blog_search' | 'unknown';

/**
 * The like source from the current path (authoring spec §2, "Client routes and URL patterns"): the first path segment names the
 * page; the in-dashboard blog viewer is its own source (its search variant too), whatever page
 * it is open over. Any other path is unknown.
 */
export function likeSource(path: string, viewer?: { drawer: boolean; searching?: boolean }): LikeSource {
  if (viewer?.drawer) return viewer.searching ? 'indash_blog_search' : 'indash_blog';
  const first = path.split(/[?#]/)[0]!.split('/').filter(Boolean)[0] ?? '';
  switch (first) {
    case 'dashboard':
    case 'tagged':
    case 'likes':
    case 'inbox':
    case 'search':
    case 'explore':
    case 'tv':
      return first;
    default:
      return 'unknown';
  }
}

/** The form of /svc/like and /svc/unlike (authoring spec §7). */
export function likePayload(post: ActionPost, source: LikeSource, offset?: number): Record<string, string> {
  return {
    id: post.id,
    root_id: post.root_id ?? post.id,
    key: post.reblog_key,
    placement_id: post.placement_id ?? '',
    is_recommended: post.is_recommended ? '1' : '0',
    pt: post.pt ?? '',
    method: 'post',
    source,
    offset: offset === undefined ? '' : String(offset),
  };
}

/** The form of /fast_reblog. */
export function reblogPayload(post: ActionPost, queue = false): Record<string, string> {
  return { reblog_key: post.reblog_key, reblog_post_id: post.id, queue: queue ? '1' : '0', pt: post.pt ?? '' };
}

/** The form of /svc/reply. */
export function replyPayload(post: ActionPost, text: string, source: LikeSource): Record<string, string> {
  return { reply_text: text, post_id: post.id, tumblelog: post.tumblelog, tumblelog_key: post.tumblelog_key ?? '', source };
}

/** The forms of /publish and the queue action (spec §7: "id, queue"). */
export function publishPayload(post: Pick<ActionPost, 'id'>, queue: boolean): Record<string, string> {
  return { id: post.id, queue: queue ? '1' : '0' };
}

/** The form of /answer. */
export function answerPayload(post: Pick<ActionPost, 'id' | 'tumblelog' | 'reblog_key'>, text: string): Record<string, string> {
  return { post_id: post.id, tumblelog: post.tumblelog, key: post.reblog_key, answer_text: text };
}

/** The form of /approve_submission (queue: into the queue rather than published at once). */
export function approvePayload(post: Pick<ActionPost, 'id'>, queue: boolean): Record<string, string> {
  return { id: post.id, queue: queue ? '1' : '0' };
}

/** The form of /deny_submission. */
export function denyPayload(post: Pick<ActionPost, 'id'>): Record<string, string> {
  return { pid: post.id };
}

/** The form of /remove_app_attribution (authoring spec §7: post_id, tumblelog_id). */
export function removeAppAttributionPayload(post: Pick<ActionPost, 'id' | 'tumblelog'>): Record<string, string> {
  return { post_id: post.id, tumblelog_id: post.tumblelog };
}

/** The form of /svc/promote. */
export function promotePayload(post: Pick<ActionPost, 'id' | 'tumblelog' | 'reblog_key'>, tag: string): Record<string, string> {
  return { tag, post_id: post.id, reblog_key: post.reblog_key, tumblelog_name: post.tumblelog };
}

/** The form of /svc/unpromote: the promotion's tag_id plus the same fields. */
export function unpromotePayload(
  post: Pick<ActionPost, 'id' | 'tumblelog' | 'reblog_key'>,
  tag: string,
  tagId: string,
): Record<string, string> {
  return { tag_id: tagId, ...promotePayload(post, tag) };
}

/** The tag_id in /svc/promote's answer (`{ tag_id }`), or null when it names none. */
export function promotedTagId(data: unknown): string | null {
  const id = typeof data === 'object' && data !== null ? (data as { tag_id?: unknown }).tag_id : undefined;
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' && Number.isFinite(id) ? String(id) : null;
}

/** An empty answer is not sent (the spec shows no text: ours). */
export const ANSWER_EMPTY_ALERT = { kind: 'alert', message: 'Write an answer first.' } as const;

/** Deny asks first (the spec shows no text: ours), like Delete. */
export const DENY_CONFIRM = {
  kind: 'confirm',
  message: 'Deny this submission? It will be deleted.',
  okText: 'Deny',
  cancelText: 'Nevermind',
  danger: true,
} as const;

/** Delete asks first (the spec shows no text for it: ours, shared by the drawer and page buttons). */
export const DELETE_CONFIRM = {
  kind: 'confirm',
  message: 'Delete this post?',
  okText: 'Delete',
  cancelText: 'Nevermind',
  danger: true,
} as const;

/** The form of /svc/post/delete. */
export function deletePayload(post: Pick<ActionPost, 'id' | 'tumblelog'>): Record<string, string> {
  return { post_id: post.id, channel_id: post.tumblelog };
}
