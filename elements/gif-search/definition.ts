import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <gif-search>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'gif-search',
  props: { open: 'flag', anchor: 'string', context: 'string', loadFull: 'flag', placement: 'string' },
  load: () => import('./GifSearch'),
} satisfies WidgetDefinition;

export default definition;
