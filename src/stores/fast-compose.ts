/**
 * `$fastComposeOpen`: whether the <fast-compose> overlay is open. The header's
 * compose button sets it to true; <fast-compose> opens on it (and on its own
 * shortcut) and sets it back to false when it closes.
 *
 * <fast-compose> counts itself in while connected (registerFastCompose), so the
 * header knows whether a picker exists: without one, the compose button asks the
 * post form for a text post directly.
 */
import { atom } from 'nanostores';
import { pageInstances } from '../core/page-instances';

export const $fastComposeOpen = atom<boolean>(false);

/** The <fast-compose>s on the page; when the last goes, the overlay counts as closed. */
const pickers = pageInstances<object>(() => () => $fastComposeOpen.set(false));

export function registerFastCompose(): () => void {
  return pickers.join({});
}

export function hasFastCompose(): boolean {
  return pickers.size > 0;
}
