/**
 * What the user's tabs show, put together for the one tab that polls (README, "Many tabs, one
 * user"): polling runs while any tab has the inbox or a conversation open, at the conversation rate
 * while any tab has a conversation open, and an alert is a desktop notification only while no tab
 * is in sight. A tab repeats its view every VIEW_REFRESH_MS, so the view of a tab that crashed
 * (and never said goodbye) stops counting after VIEW_STALE_MS. No DOM.
 */
import { isRecord } from '../../../src/models/record';

export const VIEW_REFRESH_MS = 20000;
export const VIEW_STALE_MS = 50000;
/** A leader hidden this long lets a tab in sight poll instead (hidden tabs' timers are throttled). */
export const HIDDEN_HANDOVER_MS = 60000;

export interface TabView {
  inboxOpen: boolean;
  conversationOpen: boolean;
  visible: boolean;
}

export interface HeardView {
  view: TabView;
  /** When it was heard (ms). */
  at: number;
}

/** A view as another tab posted it, or null when it is not one. */
export function readView(raw: unknown): TabView | null {
  if (!isRecord(raw)) return null;
  const { inboxOpen, conversationOpen, visible } = raw;
  if (typeof inboxOpen !== 'boolean' || typeof conversationOpen !== 'boolean' || typeof visible !== 'boolean') return null;
  return { inboxOpen, conversationOpen, visible };
}

/** This tab's view together with the fresh views heard from the others. */
export function combineViews(own: TabView, others: Iterable<HeardView>, now: number): TabView {
  const all = [own];
  for (const heard of others) if (now - heard.at < VIEW_STALE_MS) all.push(heard.view);
  return {
    inboxOpen: all.some((v) => v.inboxOpen),
    conversationOpen: all.some((v) => v.conversationOpen),
    visible: all.some((v) => v.visible),
  };
}

/** Whether a tab other than this one is in sight (a hidden leader hands over only to one). */
export function anotherTabVisible(others: Iterable<HeardView>, now: number): boolean {
  for (const heard of others) if (heard.view.visible && now - heard.at < VIEW_STALE_MS) return true;
  return false;
}
