/**
 * The sides a popover can take (floating-ui's placements), in a module free of React: the
 * contracts of the elements with a `placement` attribute declare them as its values, and the
 * Popover reads a page's value against them.
 */
export const PLACEMENTS = [
  'top',
  'bottom',
  'left',
  'right',
  'top-start',
  'top-end',
  'bottom-start',
  'bottom-end',
  'left-start',
  'left-end',
  'right-start',
  'right-end',
] as const;
