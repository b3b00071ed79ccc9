/**
 * The page-wide event bus. Elements announce what happened here; other
 * elements listen here; legacy page code hears the same events on `document`
 * as `tl:<type>` CustomEvents (e.g. `tl:composer:open`).
 */
import { BUS_MIRROR_PREFIX } from '../core/events';

/** Every bus event and its payload. Later elements extend this map. */
export interface BusEvents {
  'follow:change': { blogName: string; following: boolean; source: string };
  'subscription:change': { blogName: string; subscribed: boolean };
  'block:change': { blogName: string; blockedBy: string; blocked: boolean };
  'composer:open': { type: string };
  'composer:close': Record<string, never>;
  'post-viewer:open': { postId?: string };
  'ask-form:open': { blogName: string };
  'ask-form:close': { blogName: string };
  'messaging:open': { blogName?: string };
  log: { event: string; data?: Record<string, unknown> };
  /** <video-player>: its state changed (paused, playing, autoplay, loop, ended, error, fullscreen). Its
   *  logging payload (spec §3) goes out as `log` events named `video_<kind>` (data: the payload). */
  'video:state': { playerId: string; postId: string; states: string[] };
}

export type BusType = keyof BusEvents;
type Listener<T extends BusType> = (payload: BusEvents[T]) => void;

const listeners = new Map<BusType, Set<Listener<BusType>>>();

export const bus = {
  on<T extends BusType>(type: T, listener: Listener<T>): () => void {
    let set = listeners.get(type);
    if (!set) listeners.set(type, (set = new Set()));
    set.add(listener as Listener<BusType>);
    return () => set.delete(listener as Listener<BusType>);
  },

  emit<T extends BusType>(type: T, payload: BusEvents[T]): void {
    for (const listener of [...(listeners.get(type) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`bus listener for "${type}" failed`, error);
      }
    }
    if (typeof document !== 'undefined') {
      document.dispatchEvent(new CustomEvent(BUS_MIRROR_PREFIX + type, { detail: payload }));
    }
  },
};
