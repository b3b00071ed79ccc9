/**
 * "The page has forms open" (messaging-and-browsing spec §2, Ask form: while it is open, keyboard
 * commands and the drawer are suspended and the page is flagged as having forms open).
 *
 * `$formsOpen` counts the open forms; page-wide keyboard shortcuts and the blog preview drawer
 * stay quiet while it is above 0. Legacy page code sees the same flag as
 * `<html data-tl-forms-open>`.
 */
import { atom, computed } from 'nanostores';

export const $openFormCount = atom<number>(0);
export const $formsOpen = computed($openFormCount, (n) => n > 0);

export const FORMS_OPEN_ATTRIBUTE = 'data-tl-forms-open';

function reflect(count: number) {
  if (typeof document === 'undefined') return;
  if (count > 0) document.documentElement.setAttribute(FORMS_OPEN_ATTRIBUTE, '');
  else document.documentElement.removeAttribute(FORMS_OPEN_ATTRIBUTE);
}

/** Flags one more open form; the returned function (safe to call twice) takes it back. */
export function openForm(): () => void {
  $openFormCount.set($openFormCount.get() + 1);
  reflect($openFormCount.get());
  let done = false;
  return () => {
    if (done) return;
    done = true;
    $openFormCount.set(Math.max(0, $openFormCount.get() - 1));
    reflect($openFormCount.get());
  };
}
