// Registers <blog-header>: `import '@tumblelog/elements/blog-header'`, or the loader once it meets the tag on the page.
import { defineWidget } from '../../src/core/define-widget';
import { widgetDefinition } from '../../src/core/contract';
import * as runtime from '../../src/core/runtime';
import * as module from './BlogHeader';
import { loadMobileHeader, mobileAtStart } from './BlogHeader';
import { contract } from './contract';

const define = () => defineWidget(widgetDefinition(contract, module), runtime);
// A header that starts mobile (a phone) upgrades once the mobile header's chunk is here, so its
// first paint is the whole bar (BlogHeader.tsx says why it is a chunk); until then the page's own
// placeholder for the tag stands, as it did while this file loaded. A failed load defines it
// anyway: the header then shows the bar's box and tries again.
if (mobileAtStart()) loadMobileHeader().then(define, define);
else define();
