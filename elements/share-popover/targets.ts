import { isBlogName, isPostId } from '../../src/models/names';

/** Which post a press shares, and from where (the trigger is the popover's anchor and gets focus back). */
export interface ShareTarget {
  postId: string;
  blogName: string;
  mode: 'share' | 'message';
  anchor: HTMLElement;
}

/**
 * The page element marked for sharing on an event's path: `data-share-post="<post id>"` with
 * `data-share-blog="<blog name>"`, and optionally `data-share-mode="message"`. A mark with a
 * malformed id or name is not one (said once in the console), so a bad attribute never opens an
 * empty popover.
 */
export function pageTrigger(path: readonly EventTarget[]): ShareTarget | null {
  for (const node of path) {
    if (!(node instanceof HTMLElement) || !node.hasAttribute('data-share-post')) continue;
    const postId = (node.getAttribute('data-share-post') ?? '').trim();
    const blogName = (node.getAttribute('data-share-blog') ?? '').trim();
    if (!isPostId(postId) || !isBlogName(blogName)) {
      console.error('<share-popover>: a [data-share-post] element needs a post id and data-share-blog with the blog name', node);
      return null;
    }
    return { postId, blogName, mode: node.getAttribute('data-share-mode') === 'message' ? 'message' : 'share', anchor: node };
  }
  return null;
}
