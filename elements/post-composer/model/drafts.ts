/**
 * Drafts of the post form (authoring spec: "nothing typed is lost"): what a stored one holds and
 * how it is read back. Beside the form, not with the routes: the element's shell (which parses
 * routes on every page) must not carry the whole post model for it.
 */
import { createPost, typeErrors, type PostModel } from './post';
import { isPostType } from '../../../src/models/post-types';

/** What a stored draft holds. */
export interface StoredDraft {
  post: PostModel;
  savedAt: number;
}
/** Drafts wait this long after the last keystroke before they are written. */
export const DRAFT_SAVE_DEBOUNCE_MS = 400;

/** A stored draft, if it is one: a model of a known type whose fields all have their types (an older or damaged draft is dropped). */
export function parseDraft(value: unknown): StoredDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { post, savedAt } = value as { post?: unknown; savedAt?: unknown };
  if (typeof post !== 'object' || post === null || typeof savedAt !== 'number') return null;
  const type = (post as { type?: unknown }).type;
  if (!isPostType(type)) return null;
  const merged = { ...createPost(type), ...(post as Record<string, unknown>) };
  return typeErrors(merged).length ? null : { post: merged as PostModel, savedAt };
}
