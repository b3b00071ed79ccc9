/**
 * A photoset's layout (authoring spec §3 photo `layout`, §7 `post[photoset_layout]`): one digit per
 * row, the number of photos in that row, in order ("12" is one photo, then two side by side). The
 * spec names the field only; the choices the form offers are ours (README, "Photo posts"): rows of
 * one, two or three, and a first photo on its own above rows of two. Pure: no DOM, no React.
 */

/** Photos in one row: a row of four is too small to see on a phone. */
const MAX_PER_ROW = 3;

/** A layout string is valid for `count` photos when its rows are 1–3 photos and add up to `count`. */
export function isLayoutFor(layout: string, count: number): boolean {
  if (!new RegExp(`^[1-${MAX_PER_ROW}]+$`).test(layout)) return false;
  return [...layout].reduce((sum, d) => sum + Number(d), 0) === count;
}

/** Rows of `perRow`, the last one taking what is left. */
function rowsOf(perRow: number, count: number): string {
  const full = Math.floor(count / perRow);
  const rest = count % perRow;
  return String(perRow).repeat(full) + (rest ? String(rest) : '');
}

export interface LayoutChoice {
  layout: string;
  label: string;
}

/** What the form offers for `count` photos (none for one photo: it has only one layout). */
export function layoutChoices(count: number): LayoutChoice[] {
  if (count < 2) return [];
  const choices: LayoutChoice[] = [
    { layout: rowsOf(1, count), label: 'One per row' },
    { layout: rowsOf(2, count), label: 'Two per row' },
  ];
  if (count >= 3) {
    choices.push({ layout: `1${rowsOf(2, count - 1)}`, label: 'First large, then two per row' });
    choices.push({ layout: rowsOf(3, count), label: 'Three per row' });
  }
  // Two choices can come out the same (two photos: "11" and "2" differ, three: "111", "21", "12", "3").
  return choices.filter((c, i) => choices.findIndex((o) => o.layout === c.layout) === i);
}

/**
 * The layout sent and shown for `count` photos: the chosen one while it still fits the photos (adding
 * or removing a photo makes a chosen layout wrong), else one photo per row.
 */
export function photosetLayout(layout: string, count: number): string {
  if (count < 1) return '';
  return isLayoutFor(layout, count) ? layout : rowsOf(1, count);
}

/** The rows of a layout as photo counts, for drawing it: "12" → [1, 2]. */
export function layoutRows(layout: string): number[] {
  return [...layout].map(Number);
}
