// Registers <blog-header>: `import '@tumblelog/elements/blog-header'`, or the loader once it meets the tag on the page.
import { defineWidget } from '../../src/core/define-widget';
import { widgetDefinition } from '../../src/core/contract';
import * as runtime from '../../src/core/runtime';
import * as module from './BlogHeader';
import { contract } from './contract';

defineWidget(widgetDefinition(contract, module), runtime);
