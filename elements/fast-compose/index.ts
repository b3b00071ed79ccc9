// Defines <fast-compose> eagerly: `import '@tumblelog/elements/fast-compose'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './FastCompose';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
