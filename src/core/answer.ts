/**
 * Answering requests (src/core/requests.ts): what an element does, never the loader, so it lives
 * apart from the asking side, which rides in the loader's 0.9 KiB chunk.
 */
import type { RequestDetailsByName, RequestName } from './announcements';
import { requestState as state, type RequestHandler } from './request-state';
import { request, type TriggerRequest } from './requests';

/**
 * Answers `name` from now on. Requests queued before are handed over first, in order, each once.
 * Returns the function that stops answering (a later request queues again).
 */
export function answer<N extends RequestName>(name: N, handler: (detail: RequestDetailsByName[N]) => void): () => void;
export function answer(name: TriggerRequest, handler: () => void): () => void;
export function answer(name: string, handler: RequestHandler): () => void {
  state.handlers[name] = handler;
  const queue = state.queue;
  state.queue = [];
  for (const [queuedName, detail] of queue) (request as (n: string, d?: unknown) => void)(queuedName, detail); // ours go to the handler, in order; the rest queue again
  return () => {
    if (state.handlers[name] === handler) delete state.handlers[name];
  };
}

/** Whether some element answers `name` now (a request made now would not wait). */
export function isAnswered(name: RequestName): boolean {
  return name in state.handlers;
}
