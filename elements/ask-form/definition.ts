import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <ask-form>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'ask-form',
  props: { blogName: 'string', open: 'flag', trigger: 'string' },
  load: () => import('./AskForm'),
} satisfies WidgetDefinition;

export default definition;
