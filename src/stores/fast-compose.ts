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

export const $fastComposeOpen = atom<boolean>(false);

let mounted = 0;

export function registerFastCompose(): () => void {
  mounted++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    mounted--;
    if (mounted === 0) $fastComposeOpen.set(false);
  };
}

export function hasFastCompose(): boolean {
  return mounted > 0;
}
