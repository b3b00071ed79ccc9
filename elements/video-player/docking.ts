/**
 * Docking into the page's gutter, one chunk: what moves the player (state/gutter.ts) and what it
 * shows while docked (Gutter.tsx). VideoPlayer.tsx loads it on the Dock control's intent.
 */
export { dockPlayer, endDockedView, forgetDockedPlayer } from './state/gutter';
export { DockBar, DockedPlaceholder } from './Gutter';
export { GUTTER_TEXT } from './model/gutter';
