// Registers <messaging-dock>: `import '@tumblelog/elements/messaging-dock'`, or the loader once it meets the tag on the page.
import { defineWidget } from '../../src/core/define-widget';
import { widgetDefinition } from '../../src/core/contract';
import * as runtime from '../../src/core/runtime';
import * as module from './MessagingDock';
import { contract } from './contract';

// Its dock is fixed to the page bottom and adds nothing to the flow: it renders after the page's
// elements in flow, not in the task that upgrades them (src/core/mount-queue.ts).
defineWidget(widgetDefinition(contract, module, { renderLater: true }), runtime);
