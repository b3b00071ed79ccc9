/**
 * The page's side of a save (authoring spec §4 "Post form lifecycle"), run unless a listener of
 * `tl-post-saved` called preventDefault(). It serves a page laid out like the demo dashboard: a
 * list `#posts` of `<li id="post_{id}" data-post-id>`. Server HTML goes in only through the
 * dashboard sanitiser.
 */
import { fetchPostsAround } from './api/posts';
import { afterSave, type ContextPage } from '../../src/models/post-routes';
import type { SaveResponse } from './model/post-responses';
import { sanitizeDashboardPost } from './dashboard-html';

export interface PageUpdateInput {
  mode: 'new' | 'edit' | 'reblog';
  contextPage: ContextPage | null;
  baseRoute: string;
  response: SaveResponse;
  /** Reloads the page at a URL (the queue page). */
  navigate: (url: string) => void;
  /** The `dashboard_refresh` flag: the dashboard loads again after a new post (src/models/post-routes.ts). */
  dashboardRefresh?: boolean;
}

/** Sanitised post markup as nodes (DOMPurify parses it inertly; no HTML sink). */
function postNodes(html: string): HTMLLIElement[] {
  return [...sanitizeDashboardPost.fragment(html, undefined).children].filter(
    (n): n is HTMLLIElement => n instanceof HTMLLIElement && n.id.startsWith('post_'),
  );
}

function postList(): HTMLElement | null {
  return document.getElementById('posts');
}

export async function updatePageAfterSave(input: PageUpdateInput): Promise<void> {
  const { response } = input;
  const plan = afterSave({
    mode: input.mode,
    contextPage: input.contextPage,
    postContextPage: response.post_context_page || null,
    baseRoute: input.baseRoute,
    dashboardRefresh: input.dashboardRefresh === true,
  });
  const existing = document.getElementById(`post_${response.post.id}`);
  switch (plan.kind) {
    case 'reload':
      input.navigate(plan.to);
      return;
    case 'remove':
      existing?.remove();
      return;
    case 'replace': {
      const [fresh] = postNodes(response.post_dashboard_html);
      if (existing && fresh) existing.replaceWith(fresh);
      return;
    }
    case 'insert': {
      const list = postList();
      if (!list || !input.contextPage) return;
      const items = [...list.querySelectorAll<HTMLElement>(':scope > li[data-post-id]')];
      const reference = plan.direction === 'before' ? items[0] : items[items.length - 1];
      let html = response.post_dashboard_html;
      if (reference?.dataset.postId) {
        try {
          html = (await fetchPostsAround(input.contextPage, plan.direction, reference.dataset.postId)).html;
        } catch (error) {
          // Spec §8: a failed fetch of the dashboard posts is only logged (a warning: it is handled,
          // the post is saved and the page simply keeps its list until the next save or load).
          console.warn('[tumblelog] <post-composer>: loading the dashboard posts after the save failed', error);
          return;
        }
      }
      const fresh = postNodes(html).filter((node) => !document.getElementById(node.id));
      if (plan.direction === 'before') list.prepend(...fresh);
      else list.append(...fresh);
      return;
    }
    case 'none':
      return;
  }
}
