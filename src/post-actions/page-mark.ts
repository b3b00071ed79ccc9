/**
 * The page's own post buttons' marks: which action a `data-post-action` names and which post its
 * `data-post` JSON names. Apart from the rules (./model.ts) because the shared runtime reads marks on
 * every page, while the rules load with the first action (a module shared by the drawer and the page
 * buttons is carried by the runtime chunk whole).
 */
import type { ActionPost } from './model';

const markStr = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/**
 * A page button’s `data-post` mark (JSON of the fields of ActionPost, ./model.ts) as an ActionPost; null when it
 * names no post (an id of digits, a blog name and a reblog key are required).
 */
export function readActionMark(value: string | null | undefined): ActionPost | null {
  let data: unknown;
  try {
    data = JSON.parse(value ?? '');
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const v = data as Record<string, unknown>;
  const id = markStr(v.id) || markStr(v.post_id);
  const tumblelog = markStr(v.tumblelog) || markStr(v.tumblelog_name);
  const key = markStr(v.reblog_key);
  if (!/^\d{1,20}$/.test(id) || !/^[a-z0-9][a-z0-9-]{0,63}$/i.test(tumblelog) || !key) return null;
  return {
    id,
    root_id: markStr(v.root_id) || id,
    reblog_key: key,
    tumblelog,
    liked: v.liked === true,
    reblogged: v.reblogged === true,
    is_mine: v.is_mine === true,
    ...(markStr(v.placement_id) ? { placement_id: markStr(v.placement_id) } : {}),
    ...(markStr(v.pt) ? { pt: markStr(v.pt) } : {}),
  };
}

/**
 * The page-button actions a `data-post-action` mark may name: Like and Delete on any post; on the
 * blog's own pages (authoring spec §2 context pages) Publish and Queue for drafts and the queue,
 * Answer for an ask, Approve (`data-queue="1"` to queue it) and Deny for a submission; Promote (a
 * toggle, `aria-pressed`) for the user's own post in the tag its `data-tag` names.
 */
export const PAGE_POST_ACTIONS = [
  'like',
  'delete',
  'publish',
  'queue',
  'answer',
  'approve',
  'deny',
  'promote',
  'remove-app-attribution',
] as const;
export type PagePostAction = (typeof PAGE_POST_ACTIONS)[number];
export const isPagePostAction = (v: string | null): v is PagePostAction => (PAGE_POST_ACTIONS as readonly (string | null)[]).includes(v);
