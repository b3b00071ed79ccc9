/**
 * Whether a key press belongs to a field the user types into, so single-key commands (fast
 * compose's z+c, the drawer's j/k/l/r/s) leave it alone. Shared by every element with page keys.
 */

/** The parts of an event-path node the typing check reads (an Element, or anything else). */
export interface PathNode {
  localName?: string;
  isContentEditable?: boolean;
  type?: string;
}

const NON_TEXT_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image']);

/**
 * True when a key event's composed path (`event.composedPath()`, which crosses open
 * shadow roots where `document.activeElement` stops at the first host) starts in a
 * place the user types into: an input, textarea, select or contenteditable.
 */
export function isTypingPath(path: readonly PathNode[]): boolean {
  for (const node of path) {
    const name = node.localName;
    if (!name) continue;
    if (name === 'textarea' || name === 'select') return true;
    if (name === 'input') return !NON_TEXT_INPUTS.has((node.type ?? 'text').toLowerCase());
    if (node.isContentEditable) return true;
  }
  return false;
}

/** A key press that is part of an IME composition (Japanese, Chinese, Korean input …) is never a command. */
export function isComposingKey(event: { isComposing?: boolean; keyCode?: number }): boolean {
  return event.isComposing === true || event.keyCode === 229;
}
