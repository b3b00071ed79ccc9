/**
 * The page-wide event bus: elements hear each other's announcements here ("the post form opened",
 * "a follow changed"). Only `announce()` (src/core/announce.ts) puts events on it, and each event
 * has the name and detail type its element's contract declares (the same name as the DOM event).
 * Requests to another element do not travel here: they go through src/core/requests.ts.
 */
import type { AnnouncementName, Announcements } from '../core/announcements';

type Listener<N extends AnnouncementName> = (detail: Announcements[N]) => void;

const listeners = new Map<AnnouncementName, Set<Listener<never>>>();

export const bus = {
  on<N extends AnnouncementName>(name: N, listener: Listener<N>): () => void {
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => void set.delete(listener as Listener<never>);
  },

  /** @internal Use announce(): it also dispatches the DOM event. */
  emit<N extends AnnouncementName>(name: N, detail: Announcements[N]): void {
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        (listener as Listener<N>)(detail);
      } catch (error) {
        console.error(`bus listener for "${name}" failed`, error);
      }
    }
  },
};
