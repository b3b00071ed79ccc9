// Defines <share-popover> eagerly: `import '@tumblelog/elements/share-popover'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './SharePopover';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
