/**
 * The post viewer (the blog preview drawer) open on this page, or null. The drawer also announces
 * `tl-post-viewer-open`, but an announcement reaches only who listens at that moment: a drawer
 * opened from the address at page load opens before the page's players have mounted. A player
 * that mounts while this is set pauses too (elements/video-player/use-page-signals.ts).
 */
import { atom } from 'nanostores';

export const $postViewer = atom<Element | null>(null);

/** Whether `node` is inside `container`, through shadow roots (a player in the viewer's own list). */
export function isWithin(node: Node, container: Node): boolean {
  for (let n: Node | null = node; n; n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null)) if (n === container) return true;
  return false;
}
