// Defines <activity-popover> eagerly: `import '@tumblelog/elements/activity-popover'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './ActivityPopover';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
