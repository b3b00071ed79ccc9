/**
 * `$composer`: the post form request every element shares.
 *
 *   { open: true, type: 'photo', source: 'fast-compose' }   someone asked for a new photo post
 *
 * Writers: the header's compose button (when the page has no <fast-compose>) and
 * <fast-compose> (Enter or a click on an icon), through openComposer(). Reader:
 * <post-composer>, which opens the form for `type` and calls closeComposer() when
 * the form closes. The post form itself announces `composer:open` / `composer:close`
 * on the bus when it really opens and closes (the header hides meanwhile; the video
 * player pauses).
 */
import { atom } from 'nanostores';
import type { PostType } from '../models/fast-compose';

export interface ComposerState {
  open: boolean;
  type: PostType | null;
  /** Who asked: 'fast-compose', 'header', or a page's own name. */
  source: string;
}

export const $composer = atom<ComposerState>({ open: false, type: null, source: '' });

export function openComposer(type: PostType, source: string): void {
  $composer.set({ open: true, type, source });
}

export function closeComposer(): void {
  const current = $composer.get();
  if (current.open) $composer.set({ ...current, open: false });
}
