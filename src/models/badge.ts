/** Unread badges (header inbox button, blog selector, tabs): no DOM. */

/** Spec: badge and pill cap 99, shown as '99+'. */
export const BADGE_CAP = 99;

/** The sum of unread counts over the user's blogs; bad values count as 0. */
export function unreadTotal(channels: readonly { unread_count?: number }[]): number {
  let total = 0;
  for (const c of channels) {
    const n = c.unread_count;
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) total += Math.floor(n);
  }
  return total;
}

/** What the badge shows: null (hidden) at 0, the count up to 99, '99+' above. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** The accessible name of a button carrying a badge: "Inbox" / "Inbox, 3 unread" / "Inbox, more than 99 unread". */
export function badgeLabel(label: string, count: number): string {
  const text = badgeText(count);
  if (text === null) return label;
  return count > BADGE_CAP ? `${label}, more than ${BADGE_CAP} unread` : `${label}, ${text} unread`;
}
