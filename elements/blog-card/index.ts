// Registers <blog-card>: `import '@tumblelog/elements/blog-card'`, or the loader once it meets the tag on the page.
import { defineWidget } from '../../src/core/define-widget';
import { widgetDefinition } from '../../src/core/contract';
import * as runtime from '../../src/core/runtime';
import * as module from './BlogCard';
import { contract } from './contract';

defineWidget(widgetDefinition(contract, module), runtime);
