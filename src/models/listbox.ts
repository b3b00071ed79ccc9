/** Keyboard movement in a single-select listbox (APG), as pure logic. */

export type ListboxKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/**
 * Next active index for a navigation key. A listbox stops at the ends (APG); a menu wraps
 * (`wrap: true`).
 */
export function moveActive(index: number, key: ListboxKey, count: number, { wrap = false } = {}): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return wrap && index >= count - 1 ? 0 : Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return wrap && index <= 0 ? count - 1 : Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}

/**
 * Type-ahead: the first label after `from` (wrapping) that starts with the
 * typed prefix; repeating one character cycles through matches.
 */
export function typeAhead(labels: readonly string[], from: number, typed: string): number {
  const prefix = typed.toLowerCase();
  if (!prefix || labels.length === 0) return from;
  const cycling = prefix.length > 1 && [...prefix].every((c) => c === prefix[0]);
  const needle = cycling ? prefix[0]! : prefix;
  const start = cycling || prefix.length === 1 ? from + 1 : from;
  for (let i = 0; i < labels.length; i++) {
    const index = (start + i + labels.length) % labels.length;
    if (labels[index]!.toLowerCase().startsWith(needle)) return index;
  }
  return from;
}

/** Typed characters within this long of each other make one type-ahead prefix. */
export const TYPE_AHEAD_RESET_MS = 500;

/** The type-ahead buffer after one more key at `now` (a pause longer than the reset starts anew). */
export function typeAheadBuffer(previous: { text: string; at: number }, key: string, now: number): { text: string; at: number } {
  return { text: (now - previous.at < TYPE_AHEAD_RESET_MS ? previous.text : '') + key, at: now };
}

/** Whether a key press is a printable character for type-ahead (no modifier shortcuts). */
export function isTypeAheadKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
}
