import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <blog-card>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'blog-card',
  props: { blogName: 'string', open: 'flag', placement: 'string', source: 'string', scope: 'string' },
  load: () => import('./BlogCard'),
} satisfies WidgetDefinition;

export default definition;
