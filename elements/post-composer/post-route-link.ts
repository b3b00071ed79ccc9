/**
 * The link in a click's (or a hover's) path that opens the post form: an anchor to one of this
 * site's post routes (new, edit, reblog) that the page itself would follow (no other target, no
 * download). PostComposer opens the form for it; use-form-prefetch.ts starts loading the form when
 * one is hovered or focused.
 */
import { parsePostRoute, type PostTarget } from '../../src/models/post-routes';

export function postRouteLink(path: readonly EventTarget[]): { anchor: HTMLAnchorElement; target: PostTarget } | null {
  const anchor = path.find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement && n.hasAttribute('href'));
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  const target = parsePostRoute(url.pathname);
  if (!target) return null;
  // An edit link inside a post that names its blog (the dashboard's data-blog-name): the fetch says
  // which blog it is edited on.
  if (target.mode === 'edit') {
    const post = path.find((n): n is HTMLElement => n instanceof HTMLElement && n.hasAttribute('data-blog-name'));
    const channelId = post?.getAttribute('data-blog-name')?.trim();
    if (channelId) return { anchor, target: { ...target, channelId } };
  }
  return { anchor, target };
}
