// Registers <peepr-drawer>: `import '@tumblelog/elements/peepr-drawer'`, or the loader once it meets the tag on the page.
import { defineWidget } from '../../src/core/define-widget';
import { widgetDefinition } from '../../src/core/contract';
import * as runtime from '../../src/core/runtime';
import * as module from './PeeprDrawer';
import { contract } from './contract';

// A side sheet, shown on request: it renders after the page's elements in flow, not in the task
// that upgrades them (src/core/mount-queue.ts).
defineWidget(widgetDefinition(contract, module, { renderLater: true }), runtime);
