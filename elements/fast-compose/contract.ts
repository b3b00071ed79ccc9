import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';

/** <fast-compose>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'fast-compose',
  summary:
    'The fast compose overlay: a row of the seven post types (text, photo, quote, link, chat, audio, video). Opens with Alt+c on a Mac or z+c elsewhere (never while the user types in an input, textarea, select or contenteditable, in the page or in any open shadow root), with the header compose button, or with the `open` attribute. c / → / Tab next, Shift+c / ← / Shift+Tab previous, Enter creates the selected type, Escape closes. Logged-in users only; renders nothing for a logged-out visitor.',
  attributes: {
    open: attribute('flag', 'Adding it opens the overlay; removing it closes it. The overlay also opens from the shortcut and the header.'),
  },
  events: {
    'tl-compose': event<{ type: 'text' | 'photo' | 'quote' | 'link' | 'chat' | 'audio' | 'video'; source: 'fast-compose' }>(
      'A post type was chosen (Enter or a click); `$composer` is now `{ open: true, type }` and the overlay closes.',
    ),
    'tl-fast-compose-open': event<{ source: 'shortcut' | 'header' | 'attribute' }>('The overlay opened.'),
    'tl-fast-compose-close': event<Record<string, never>>(
      'The overlay closed (Escape, backdrop click, or after a choice); focus returns where it was.',
    ),
  },
  parts: {
    panel: 'The overlay content (full viewport, above a blurred backdrop).',
    icons: 'The toolbar of post types.',
    icon: 'Each post-type button; also `icon-text`, `icon-photo`, … per type.',
  },
  cssProperties: themeProperties(['font'], { accent: 'Focus ring.' }),
});
