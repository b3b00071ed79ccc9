import { PLACEMENTS } from '../../src/ui/placements';
import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';
import type { GifMedia } from '../../src/models/gif-search';

/** <gif-search>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'gif-search',
  summary:
    'A GIF search popover anchored to a trigger (its own button, or a page element named by `anchor`): a search box, a virtualised masonry grid of results with keyboard navigation, server messages, no-results lines and Retry. Selecting a result emits `tl-gif-select` with the media item.',
  attributes: {
    open: attribute('flag', 'Opens the popover; removed again when it closes, so setting it reopens.'),
    anchor: attribute(
      'string',
      'The id of a page element that acts as the trigger: clicking it toggles the popover, which is positioned against it. Without it the element renders its own "GIF" button.',
    ),
    context: attribute('string', 'Sent as `context` with every search (e.g. `post-chrome`, `messaging-gif`).'),
    loadFull: attribute('flag', 'Load the full image (with a loader on the result) before emitting `tl-gif-select`.'),
    placement: attribute('string', 'Preferred side; flips and shifts to stay 10 px inside the viewport.', {
      default: 'bottom-start',
      values: PLACEMENTS,
    }),
  },
  events: {
    'tl-gif-select': event<GifMedia>(
      'A result was chosen (click, or Enter on the active result). The popover closes and focus returns to the trigger.',
    ),
    'tl-gif-search-open': event<Record<string, never>>('The popover opened.'),
    'tl-gif-search-close': event<Record<string, never>>('The popover closed.'),
  },
  parts: {
    trigger: "The element's own trigger button (not rendered with `anchor`).",
    popover: 'The popover panel.',
    search: 'The search box wrapper.',
    input: 'The search input ("Find a GIF").',
    message: 'A server message (sanitised header and body) with "View results anyway".',
    results: 'The scrolling results area.',
    result: 'One result; the active one also has `result-active`.',
    loading: 'The loader while a search runs.',
    empty: 'The no-results line.',
    error: 'A failed search, with Retry.',
  },
  slots: {
    '': 'The own trigger button\'s label (default "GIF").',
  },
  cssProperties: themeProperties(['text', 'surface', 'danger', 'border', 'radius', 'font', 'shadow'], {
    muted: 'Placeholder and hints.',
    accent: "Focus ring and the active result's outline.",
  }),
});
