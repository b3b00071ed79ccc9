import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <blog-header>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'blog-header',
  props: {
    mobile: 'flag',
    pageTitle: 'string',
    searchTerm: 'string',
    appUrl: 'string',
    featuredPost: 'json',
    tutorial: 'json',
  },
  load: () => import('./BlogHeader'),
} satisfies WidgetDefinition;

export default definition;
