/**
 * The unread counts the dock, the header badge and the blog selectors show: set from each poll's
 * answer (polled in this tab or another, shared-polling.ts) with this tab's "just read" overrides on
 * top, and cleared at once when a conversation is read here or in another of the user's tabs.
 */
import { setChannelUnread } from '../../../src/session/session';
import { tabChannel, TabMessages } from '../../../src/tabs/tab-channel';
import { unreadSignature, unreadSum, type UnreadData } from '../../../src/messaging/model/conversation';
import { addOverride, applyOverrides, pruneOverrides, type UnreadOverrides } from '../model/dock';
import { newArrivals } from '../model/alerts';
import { alertArrivals } from './alerts';
import { $unread } from './stores';

let overrides: UnreadOverrides = {};

/** A conversation was just read (its messages fetched): count it as 0 now and for 500 ms, here and in the user's other tabs. */
export function markRead(blogName: string, conversationId: string): void {
  markReadHere(blogName, conversationId);
  tabChannel()?.post(TabMessages.conversationRead, { blog: blogName, conversation: conversationId });
}

/** The same, told by another tab (so not told again). */
export function markReadHere(blogName: string, conversationId: string): void {
  overrides = addOverride(pruneOverrides(overrides, Date.now()), conversationId, Date.now());
  const unread = $unread.get();
  const counts = unread[blogName];
  if (counts?.[conversationId]) {
    const { [conversationId]: _gone, ...rest } = counts;
    void _gone;
    setUnread({ ...unread, [blogName]: rest });
  }
}

function setUnread(next: UnreadData): void {
  $unread.set(next);
  const sums: Record<string, number> = {};
  for (const [name, counts] of Object.entries(next)) sums[name] = unreadSum(counts);
  setChannelUnread(sums);
}

let lastSignature = '';

/** A poll's answer, polled here or in another tab; only the tab that polled alerts. */
export function applyUnread(answer: UnreadData, alert: { hidden: boolean } | null): boolean {
  const unread = applyOverrides(answer, overrides, Date.now());
  const signature = unreadSignature(unread);
  const changed = signature !== lastSignature;
  const first = lastSignature === '';
  lastSignature = signature;
  if (changed) {
    const arrivals = first ? [] : newArrivals($unread.get(), unread);
    setUnread(unread);
    if (alert) alertArrivals(arrivals, alert.hidden);
  }
  return changed;
}

export function resetUnread(): void {
  overrides = {};
  lastSignature = '';
}
