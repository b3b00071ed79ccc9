/**
 * What this page knows about posts' like and reblog state, shared by every element and the page's
 * own buttons: the drawer and the dashboard's Like button showing the same post agree. A store only
 * (no network), so the page-button listener can follow it without loading the actions.
 */
import { map } from 'nanostores';
import type { ActionPost } from './model';

export interface PostMarks {
  liked: boolean;
  reblogged: boolean;
}

/** post id → its marks, for posts this page has seen change. */
export const $postMarks = map<Record<string, PostMarks>>({});

/** A post with the page's newer marks applied. */
export function withMarks<P extends ActionPost>(post: P, marks: Record<string, PostMarks>): P {
  const m = marks[post.id];
  return m ? { ...post, liked: m.liked, reblogged: m.reblogged } : post;
}
