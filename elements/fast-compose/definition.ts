import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <fast-compose>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'fast-compose',
  props: { open: 'flag' },
  load: () => import('./FastCompose'),
} satisfies WidgetDefinition;

export default definition;
