// Defines <gif-search> eagerly: `import '@tumblelog/elements/gif-search'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './GifSearch';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
