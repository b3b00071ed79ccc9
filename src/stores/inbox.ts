/**
 * `$inboxOpen`: whether the messaging inbox popover is open.
 *
 * The header's inbox button toggles it (and shows aria-expanded from it);
 * <messaging-dock> reads it to show or hide its inbox anchored to the header's
 * inbox button, and sets it back to false when the inbox closes (Escape, outside
 * click, opening a conversation). Page code may set it too. The bus event
 * `messaging:open` stays what it is: open a conversation with one blog.
 */
import { atom } from 'nanostores';

export const $inboxOpen = atom<boolean>(false);

/** The header's inbox button while it is on the page: what the inbox popover anchors to (null: dock it yourself). */
export const $inboxAnchor = atom<Element | null>(null);

export function setInboxOpen(open: boolean): void {
  if ($inboxOpen.get() !== open) $inboxOpen.set(open);
}
