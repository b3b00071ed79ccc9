/**
 * Requests: a page (or another element) asks an element to do something — "open a conversation
 * with bob", "open the ask form". Unlike announcements ("this happened", src/core/announce.ts) a
 * request has exactly one answerer, and it must never be lost: one made before the answering
 * element's code has arrived waits in a queue and is replayed, once, when the element starts
 * answering (the command queue of Intercom or Crisp, which are safe to call before they load).
 *
 * Answering lives in src/core/answer.ts: only elements answer, and this file rides in the loader.
 *
 * Three ways in, one queue:
 *   - page code dispatches a `tl-*-request` event on `document` (e.g. `tl-messaging-open-request`);
 *   - a click on a page element that some element uses as its trigger (`anchor="<id>"`);
 *   - code calls `request(name, detail)` (other elements, or the public API).
 *
 * The loader imports this file, so it must stay tiny and free of React. Its state lives on
 * `globalThis`, so two copies of the package on one page (a loader plus an eager import from
 * another bundle) share one queue.
 */
import type { RequestDetailsByName, RequestName } from './announcements';
import { PAGE_REQUESTS } from './request-names';

import { requestState as state } from './request-state';

/** A click on the page element with this id, when an element uses it as `anchor` (no detail). */
export type TriggerRequest = `click#${string}`;

/** The request a click on the page element with this id makes, when an element uses it as `anchor`. */
export const triggerRequest = (id: string): TriggerRequest => `click#${id}`;

/** Sends a request to its answerer, or queues it until an element answers that name. */
export function request<N extends RequestName>(name: N, detail: RequestDetailsByName[N]): void;
export function request(name: TriggerRequest): void;
export function request(name: string, detail?: unknown): void {
  const handler = state.handlers[name];
  if (handler) handler(detail);
  else state.queue.push([name, detail]);
}

/**
 * Routes request events on `document` and clicks on page triggers into the queue. Idempotent; the
 * loader calls it at once, and so does every element's registration (for pages with no loader).
 */
export function listenForPageRequests(): void {
  if (state.listening) return;
  state.listening = 1;
  // An earlier name (no -request) is queued under its own name; the runtime forwards it to its
  // request with a warning (deprecated-requests.ts), to keep this module small.
  for (const name of PAGE_REQUESTS)
    document.addEventListener(name, (event) => (request as (name: string, detail?: unknown) => void)(name, (event as CustomEvent).detail));
  // Capture phase: the trigger's own handlers (if any) must not be able to stop it reaching us.
  document.addEventListener(
    'click',
    (event) => {
      for (const node of event.composedPath()) {
        const id = (node as Element).id;
        // Only elements that some <tag anchor="id"> names as its trigger, in the same tree or the page.
        const named = `[anchor="${id && CSS.escape(id)}"]`;
        if (id && (((node as Element).getRootNode() as ParentNode).querySelector(named) || document.querySelector(named))) {
          request(triggerRequest(id));
          return;
        }
      }
    },
    true,
  );
}
