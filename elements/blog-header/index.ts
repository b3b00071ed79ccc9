// Defines <blog-header> eagerly: `import '@tumblelog/elements/blog-header'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './BlogHeader';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
