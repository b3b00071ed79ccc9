/**
 * The names and detail types of every announcement (each element contract's events, plus the
 * runtime's own) and of every request the elements answer. Types only (the bus, announce(),
 * request() and answer() use them).
 */
import type { Contracts } from '../elements';
import type { EventDetails, RequestDetails } from './contract';

/** Events the runtime itself dispatches, for every element or for the page's own marked parts. */
export interface RuntimeAnnouncements {
  /** An element failed to render and shows its error note instead. */
  'tl-widget-error': { tag: string; message: string };
  /** Saving to storage failed (full, refused or unavailable): what was kept only lives until the page closes. */
  'tl-storage-error': { key: string; error: string };
  /** A page's own ad box (`data-tl-ad-slot`): the ad script could not be loaded after 5 tries, one a second; the box is removed. Dispatched on the box. */
  'tl-ad-failure': { slot: string; tries: number };
  /** The session ended in another tab of this browser (it logged out, or loaded as someone else) or a call here was answered 401: polling stops and the dock says so. `ended: false` when a tab of the same user loads again. */
  'tl-session-end': { ended: boolean; reason?: 'logged-out' | 'switched' | undefined };
}

type ElementEventMaps = { [T in keyof Contracts]: EventDetails<Contracts[T]> }[keyof Contracts];
type NamesOf<M> = M extends unknown ? keyof M : never;
type DetailOf<M, N> = M extends unknown ? (N extends keyof M ? M[N] : never) : never;

export type AnnouncementName = NamesOf<ElementEventMaps> | keyof RuntimeAnnouncements;
/** Every announcement's detail type, by name (a name several elements announce has the union). */
export type Announcements = {
  [N in AnnouncementName]: N extends keyof RuntimeAnnouncements ? RuntimeAnnouncements[N] : DetailOf<ElementEventMaps, N>;
};

type ElementRequestMaps = { [T in keyof Contracts]: RequestDetails<Contracts[T]> }[keyof Contracts];

/** Every request an element answers (`tl-*-request`). */
export type RequestName = NamesOf<ElementRequestMaps>;
/** Every request's detail type, by name. */
export type RequestDetailsByName = { [N in RequestName]: DetailOf<ElementRequestMaps, N> };
