/**
 * Which view is docked in the page's gutter (state/gutter.ts docks and undocks, its own chunk:
 * loaded on the Dock control's intent). A player reads this store from its first render, whether
 * or not anything on the page ever docks.
 */
import { atom } from 'nanostores';
import type { UndockReason } from '../model/gutter';

export interface DockedView {
  id: string;
  host: HTMLElement;
  /** Left where the player was: keeps the post's box and offers "Return video here". */
  placeholder: HTMLElement;
  /** Told before the view ends, so the player can pause itself (as the viewer would) and say so. */
  onUndock(reason: UndockReason, pause: boolean): void;
  /**
   * A view docked in place (an embedded player's frame: dockFrame()) puts itself back; without it
   * the host moves back into the placeholder's place.
   */
  restore?(): void;
}

/** The docked view of this page, or null. */
export const $dockedVideo = atom<DockedView | null>(null);

/** Whether the placeholder is still on the page (through the drawer's shadow root too). */
export function placeInPage(view: DockedView): boolean {
  return view.placeholder.isConnected;
}
