// Defines <video-player> eagerly: `import '@tumblelog/elements/video-player'`.
import { defineWidget } from '../../src/core/define-widget';
import '../../src/core/runtime';
import * as module from './VideoPlayer';
import definition from './definition';

defineWidget({ ...definition, load: () => Promise.resolve(module) });
