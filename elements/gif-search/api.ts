import type { ElementApi } from '../../src/core/element-api';
import { Events } from '../../src/core/events';

const api: ElementApi = {
  summary:
    'A GIF search popover anchored to a trigger (its own button, or a page element named by `anchor`): a search box, a virtualised masonry grid of results with keyboard navigation, ' +
    'server messages, no-results lines and Retry. Selecting a result emits `tl-gif-select` with the media item.',
  attributes: [
    { name: 'open', type: 'boolean (presence)', description: 'Opens the popover; removed again when it closes, so setting it reopens.' },
    { name: 'anchor', type: 'id', description: 'The id of a page element that acts as the trigger: clicking it toggles the popover, which is positioned against it. Without it the element renders its own "GIF" button.' },
    { name: 'context', type: 'string', description: 'Sent as `context` with every search (e.g. `post-chrome`, `messaging-gif`).' },
    { name: 'load-full', type: 'boolean (presence)', description: 'Load the full image (with a loader on the result) before emitting `tl-gif-select`.' },
    { name: 'placement', type: "'bottom-start' | 'top' | … (Floating UI placements)", default: 'bottom-start', description: 'Preferred side; flips and shifts to stay 10 px inside the viewport.' },
  ],
  events: [
    {
      name: Events.gifSelect,
      detail: '{ mediaUrl, postUrl, rootPostUrl, rootPostUrlHash, rootBlog, rootBlogUrl, rootBlogKey, postTags, popularSearchTag, width, height, postBlog?, postId? }',
      description: 'A result was chosen (click, or Enter on the active result). The popover closes and focus returns to the trigger.',
    },
    { name: Events.gifSearchOpen, detail: '{}', description: 'The popover opened.' },
    { name: Events.gifSearchClose, detail: '{}', description: 'The popover closed.' },
  ],
  parts: [
    { name: 'trigger', description: 'The element\'s own trigger button (not rendered with `anchor`).' },
    { name: 'popover', description: 'The popover panel.' },
    { name: 'search', description: 'The search box wrapper.' },
    { name: 'input', description: 'The search input ("Find a GIF").' },
    { name: 'message', description: 'A server message (sanitised header and body) with "View results anyway".' },
    { name: 'results', description: 'The scrolling results area.' },
    { name: 'result', description: 'One result; the active one also has `result-active`.' },
    { name: 'loading', description: 'The loader while a search runs.' },
    { name: 'empty', description: 'The no-results line.' },
    { name: 'error', description: 'A failed search, with Retry.' },
  ],
  cssProperties: [
    { name: '--tl-color-text', default: '#1a1a1a', description: 'Text colour.' },
    { name: '--tl-color-muted', default: '#5c5c5c', description: 'Placeholder and hints.' },
    { name: '--tl-color-surface', default: '#ffffff', description: 'Popover surface.' },
    { name: '--tl-color-accent', default: '#00b8ff', description: 'Focus ring and the active result\'s outline.' },
    { name: '--tl-color-danger', default: '#b3261e', description: 'Errors.' },
    { name: '--tl-color-border', description: 'Hairlines.' },
    { name: '--tl-radius', default: '8px', description: 'Corner radius.' },
    { name: '--tl-font', description: 'Font stack.' },
    { name: '--tl-shadow', description: 'Popover shadow.' },
  ],
  slots: [{ name: '', description: 'The own trigger button\'s label (default "GIF").' }],
};

export default api;
