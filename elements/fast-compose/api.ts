import type { ElementApi } from '../../src/core/element-api';
import { Events } from '../../src/core/events';

const api: ElementApi = {
  summary:
    'The fast compose overlay: a row of the seven post types (text, photo, quote, link, chat, audio, video). ' +
    'Opens with Alt+c on a Mac or z+c elsewhere (never while the user types in an input, textarea, select or contenteditable, ' +
    'in the page or in any open shadow root), with the header compose button, or with the `open` attribute. ' +
    'c / → / Tab next, Shift+c / ← / Shift+Tab previous, Enter creates the selected type, Escape closes. Logged-in users only; ' +
    'renders nothing for a logged-out visitor.',
  attributes: [
    { name: 'open', type: 'boolean (presence)', description: 'Adding it opens the overlay; removing it closes it. The overlay also opens from the shortcut and the header.' },
  ],
  events: [
    { name: Events.compose, detail: "{ type: 'text' | 'photo' | 'quote' | 'link' | 'chat' | 'audio' | 'video', source: 'fast-compose' }", description: 'A post type was chosen (Enter or a click); `$composer` is now `{ open: true, type }` and the overlay closes.' },
    { name: Events.fastComposeOpen, detail: "{ source: 'shortcut' | 'header' | 'attribute' }", description: 'The overlay opened.' },
    { name: Events.fastComposeClose, detail: '{}', description: 'The overlay closed (Escape, backdrop click, or after a choice); focus returns where it was.' },
  ],
  parts: [
    { name: 'panel', description: 'The overlay content (full viewport, above a blurred backdrop).' },
    { name: 'icons', description: 'The toolbar of post types.' },
    { name: 'icon', description: 'Each post-type button; also `icon-text`, `icon-photo`, … per type.' },
  ],
  cssProperties: [
    { name: '--tl-font', description: 'Font stack.' },
    { name: '--tl-color-accent', default: '#00b8ff', description: 'Focus ring.' },
  ],
};

export default api;
