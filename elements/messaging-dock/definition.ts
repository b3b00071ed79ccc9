import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <messaging-dock>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'messaging-dock',
  props: {},
  load: () => import('./MessagingDock'),
} satisfies WidgetDefinition;

export default definition;
