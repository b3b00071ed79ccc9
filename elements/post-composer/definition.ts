import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <post-composer>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'post-composer',
  props: { type: 'string', mode: 'string', postId: 'string' },
  load: () => import('./PostComposer'),
} satisfies WidgetDefinition;

export default definition;
