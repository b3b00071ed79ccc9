/**
 * `<script type="module" src=".../dist/loader.js">`: defines all eleven tags up
 * front; an element's chunk and the React runtime load on the first connection
 * of that tag. Keep this file (and what it imports) tiny: every page pays for it.
 */
import { defineWidget } from './core/define-widget';
import { elementDefinitions } from './element-definitions';

for (const definition of elementDefinitions) defineWidget(definition);
