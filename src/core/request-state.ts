/**
 * The request queue's page-wide state: requests waiting for an answerer, and the answerers. On
 * `globalThis`, so two copies of the package on one page (a loader plus an eager import from
 * another bundle) share one queue. Written by src/core/requests.ts (asking) and src/core/answer.ts
 * (answering).
 */
export type RequestHandler = (detail: unknown) => void;

export interface RequestState {
  queue: [name: string, detail: unknown][];
  handlers: Record<string, RequestHandler>;
  listening?: 1;
}

export const requestState: RequestState = ((globalThis as { __tumblelogRequests?: RequestState }).__tumblelogRequests ??= {
  queue: [],
  handlers: {},
});
