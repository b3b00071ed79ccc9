/** Keyboard movement in a single-select listbox (APG), as pure logic. */

export type ListboxKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/** Next active index for a navigation key; stops at the ends (APG listbox does not wrap). */
export function moveActive(index: number, key: ListboxKey, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
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
