import type { RequestName } from './announcements';
import { isAnswered } from './answer';

/**
 * Some requests are answered by an element the page may not have: "Send a message" in a theme
 * page's blog menu with no <messaging-dock>, "Ask a question" on a blog card with no <ask-form>.
 * Unanswered, the request would wait in the queue for good (src/core/requests.ts) and the click
 * would do nothing. The element that makes such a request brings the answerer first: the tag is
 * appended to <body> when the page has none (a dock docks its windows at the page bottom from
 * there, an ask form opens its dialog), and its registration is imported, because a page that
 * imports elements one by one has no loader to notice the new tag.
 *
 * `answers` is the request the element answers; `load` is the caller's
 * `() => import('../<tag>/index')` (src/ never imports elements/).
 */
export function bringElement(
  tag: string,
  answers: RequestName,
  load: () => Promise<unknown>,
  attributes: Record<string, string> = {},
): void {
  // Answered already (perhaps by one inside another element's shadow root): nothing to bring.
  if (isAnswered(answers)) return;
  if (!document.querySelector(tag)) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
  }
  // Offline or a failed deploy: the request stays queued, and a later click tries again.
  load().catch((error: unknown) => console.error(`<${tag}> could not load`, error));
}
