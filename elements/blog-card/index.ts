// Defines <blog-card> eagerly: `import '@tumblelog/elements/blog-card'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './BlogCard';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
