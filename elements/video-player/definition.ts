import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <video-player>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'video-player',
  props: { src: 'string', hdUrl: 'string', poster: 'string', autoplay: 'flag', muted: 'flag', loop: 'flag', duration: 'number' },
  load: () => import('./VideoPlayer'),
} satisfies WidgetDefinition;

export default definition;
