/**
 * `$composer`: the post form request every element shares.
 *
 *   { open: true, type: 'photo', source: 'fast-compose' }   someone asked for a new photo post
 *
 * Writers: the header's compose button (when the page has no <fast-compose>) and
 * <fast-compose> (Enter or a click on an icon), through openComposer(); page links to the post
 * routes, through openComposerFor(). Reader:
 * <post-composer>, which opens the form for `type` and calls closeComposer() when
 * the form closes. The post form itself announces `composer:open` / `composer:close`
 * on the bus when it really opens and closes (the header hides meanwhile; the video
 * player pauses).
 */
import { atom } from 'nanostores';
import type { PostType } from '../models/post-types';
import type { PostTarget } from '../models/post-routes';

export interface ComposerState {
  open: boolean;
  type: PostType | null;
  /** Who asked: 'fast-compose', 'header', 'link', 'route', or a page's own name. */
  source: string;
  /** An edit or a reblog (a new post needs only `type`). */
  target?: PostTarget;
  /**
   * Where the focus goes when the form closes. By default, where it was when the form opened; an
   * asker whose own control goes away as the form opens (a fast-compose icon) names what opened it.
   */
  returnFocus?: HTMLElement;
}

export const $composer = atom<ComposerState>({ open: false, type: null, source: '' });

export function openComposer(type: PostType, source: string, returnFocus?: HTMLElement): void {
  $composer.set({ open: true, type, source, ...(returnFocus ? { returnFocus } : {}) });
}

/** Opens the form for any target: a new post, an edit or a reblog. */
export function openComposerFor(target: PostTarget, source: string): void {
  $composer.set({ open: true, type: target.mode === 'new' ? target.type : null, source, target });
}

export function closeComposer(): void {
  const current = $composer.get();
  if (current.open) $composer.set({ ...current, open: false });
}

/**
 * Someone is about to compose: a pointer over (or focus on) a compose button, the fast compose
 * overlay open. <post-composer> fetches the form's chunk and the builder data then, so the open
 * that follows costs little more than a warm one. A counter: each signal is news.
 */
export const $composeIntent = atom(0);

export function signalComposeIntent(): void {
  $composeIntent.set($composeIntent.get() + 1);
}
