/**
 * Keys typed between the request that opens the post form and its first field taking focus: kept,
 * then given to that field, so a person who clicks Text and types at once loses nothing (a native
 * <dialog> focuses its field inside the click; the form renders a moment later).
 *
 * Only printable keys without Ctrl, Alt or Meta are kept, and Backspace takes back the last one.
 * Any other key (Escape, Tab, an arrow, a shortcut), a key typed into a field somewhere, or
 * TYPE_AHEAD_MS without a field to give them to ends the capture, and that key goes where it
 * would have gone.
 */
import { isTypingPath, type PathNode } from '../../src/models/typing';

/** How long keys are kept for a form that does not appear (its chunk failing to load, say). */
export const TYPE_AHEAD_MS = 3000;

let typed: string | null = null;
let stopCapture: (() => void) | null = null;

/** Starts keeping keys (again a no-op while a capture runs). */
export function startTypeAhead(): void {
  if (stopCapture) return;
  typed = '';
  const onKeyDown = (event: KeyboardEvent) => {
    const path = event.composedPath() as PathNode[];
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.isComposing || isTypingPath(path) || !(printable || event.key === 'Backspace')) {
      stop();
      typed = null;
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    typed = event.key === 'Backspace' ? (typed ?? '').slice(0, -1) : (typed ?? '') + event.key;
  };
  const timer = setTimeout(() => {
    stop();
    typed = null;
  }, TYPE_AHEAD_MS);
  const stop = () => {
    clearTimeout(timer);
    removeEventListener('keydown', onKeyDown, true);
    stopCapture = null;
  };
  addEventListener('keydown', onKeyDown, true);
  stopCapture = stop;
}

/** Ends the capture and returns what was typed ('' when nothing, or when it ended on its own). */
export function takeTypeAhead(): string {
  stopCapture?.();
  const text = typed ?? '';
  typed = null;
  return text;
}

/** Puts `text` into a text field at its caret, as typing would (React sees an input event). */
export function typeIntoField(field: Element | null, text: string): void {
  if (!text || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  // Some inputs (url, email) have no caret position: the text goes at the end.
  let start = field.value.length;
  let end = start;
  try {
    start = field.selectionStart ?? start;
    end = field.selectionEnd ?? end;
  } catch {
    // no selection API on this input type
  }
  const value = field.value.slice(0, start) + text + field.value.slice(end);
  // React tracks the value through the prototype's setter: set it there, then say so.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  try {
    field.setSelectionRange(start + text.length, start + text.length);
  } catch {
    // as above
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
