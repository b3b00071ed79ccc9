import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <share-popover>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'share-popover',
  props: { postId: 'string', blogName: 'string' },
  load: () => import('./SharePopover'),
} satisfies WidgetDefinition;

export default definition;
