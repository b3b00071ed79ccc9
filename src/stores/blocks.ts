/**
 * What this page knows about blocking by the current blog: blog name → blocked, for blogs this
 * page has seen (a card's `is_blocked`) or changed. A card offers Block or Unblock from it.
 */
import { map } from 'nanostores';

export const $blocked = map<Record<string, boolean>>({});
