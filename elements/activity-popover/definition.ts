import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <activity-popover>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'activity-popover',
  props: { blogName: 'string', open: 'flag', inline: 'flag' },
  load: () => import('./ActivityPopover'),
} satisfies WidgetDefinition;

export default definition;
