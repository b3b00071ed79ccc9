// Defines <post-composer> eagerly: `import '@tumblelog/elements/post-composer'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './PostComposer';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
