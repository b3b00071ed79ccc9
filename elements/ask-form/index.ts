// Defines <ask-form> eagerly: `import '@tumblelog/elements/ask-form'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './AskForm';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
