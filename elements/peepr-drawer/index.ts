// Defines <peepr-drawer> eagerly: `import '@tumblelog/elements/peepr-drawer'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './PeeprDrawer';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
