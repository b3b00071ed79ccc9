// Defines <messaging-dock> eagerly: `import '@tumblelog/elements/messaging-dock'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './MessagingDock';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
