import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <peepr-drawer>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'peepr-drawer',
  props: { blogName: 'string', postId: 'string' },
  load: () => import('./PeeprDrawer'),
} satisfies WidgetDefinition;

export default definition;
