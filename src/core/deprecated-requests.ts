/**
 * Earlier request names (`tl-messaging-open`) still work until 1.0 (README, "Names and versions").
 * The loader queues them under their own names, like any request (src/core/requests.ts must stay
 * small); the runtime, once it has loaded, answers each one by passing it on to its new name
 * (`tl-messaging-open-request`) and warns once per name that it is deprecated.
 */
import { PAGE_REQUESTS } from './request-names';
import { answer } from './answer';
import { request } from './requests';

let forwarding = false;

export function forwardDeprecatedRequests(): void {
  if (forwarding) return;
  forwarding = true;
  const forward = answer as (name: string, handler: (detail: unknown) => void) => () => void;
  const send = request as (name: string, detail: unknown) => void;
  for (const old of PAGE_REQUESTS.filter((name) => !name.endsWith('-request'))) {
    let warned = false;
    forward(old, (detail) => {
      if (!warned) console.warn(`${old} is deprecated: use ${old}-request`);
      warned = true;
      send(`${old}-request`, detail);
    });
  }
}
