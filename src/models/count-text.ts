/**
 * A count as the spec writes it ('1,234'): digits grouped by three with commas.
 *
 * Not `Intl.NumberFormat`: the spec fixes this format whatever the visitor's language, and a
 * page's first `Intl` object loads ICU's locale data, one task of 90–300 ms under 4× CPU
 * throttling (#25) that the drawer's first open or the mobile header's menu would pay.
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return '0';
  return String(Math.round(count)).replace(/\B(?=(\d{3})+$)/g, ',');
}
