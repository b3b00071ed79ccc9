/**
 * The page's own post buttons. A legacy page marks one with
 * `data-post-action="like" data-post='{"id":"…","reblog_key":"…","tumblelog":"…","liked":false}'`
 * (and `aria-pressed`); every page with an SDK element runs it through the same post actions as
 * the drawer's buttons (src/post-actions/like-and-reblog.ts): the same rules, call, status handling and alert.
 *
 * The buttons' `aria-pressed` follows the page's post marks, so a post liked in the drawer shows
 * liked on the page and the other way round. Only this listener is eager; the action code loads
 * on the first click (src/post-actions/page-button-action.ts).
 */
import { isPagePostAction, readActionMark } from './page-mark';
import { $postMarks, type PostMarks } from './marks';
import { isPlainClick } from '../core/plain-click';

export const POST_ACTION_MARK = 'data-post-action';

const state = ((globalThis as { __tumblelogPostMarks?: { listening?: 1 } }).__tumblelogPostMarks ??= {});

/** Each button's post id, read from its `data-post` as it was then (a dashboard has hundreds of buttons). */
const postIds = new WeakMap<Element, { mark: string | null; id: string | undefined }>();

function postIdOf(button: Element): string | undefined {
  const mark = button.getAttribute('data-post');
  const known = postIds.get(button);
  if (known && known.mark === mark) return known.id;
  const id = readActionMark(mark)?.id;
  postIds.set(button, { mark, id });
  return id;
}

/**
 * Shows the page's marks on every marked Like button (aria-pressed, which the page styles). It runs
 * in the click that likes a post: each button's mark is parsed once, not on every change.
 */
function syncButtons(marks: Record<string, PostMarks>): void {
  for (const button of document.querySelectorAll(`[${POST_ACTION_MARK}="like"]`)) {
    const id = postIdOf(button);
    const mark = id ? marks[id] : undefined;
    const pressed = mark && String(mark.liked);
    if (pressed && button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
  }
}

function onClick(event: MouseEvent): void {
  if (!isPlainClick(event)) return;
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest(`[${POST_ACTION_MARK}]`);
  if (!button) return;
  event.preventDefault();
  const action = button.getAttribute(POST_ACTION_MARK);
  const post = readActionMark(button.getAttribute('data-post'));
  if (!isPagePostAction(action) || !post) {
    console.error(`[tumblelog] a ${POST_ACTION_MARK} button names no action or post it can run`, button);
    return;
  }
  import('./page-button-action')
    .then((m) => m.runPagePostAction(button, action, post))
    .catch((error: unknown) => console.error('[tumblelog] the post action could not load', error));
}

/** Idempotent (also across two copies of the package): the shared runtime calls it once per page. */
export function listenForPostActionMarks(): void {
  if (state.listening || typeof document === 'undefined') return;
  state.listening = 1;
  document.addEventListener('click', onClick);
  $postMarks.listen(syncButtons);
}
