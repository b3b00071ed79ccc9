import { POST_TYPES } from '../../src/models/post-types';
import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';
import type { SaveResponse } from './model/post-responses';

/** <post-composer>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'post-composer',
  summary:
    "The post form for all eight types (text, photo, quote, link, chat, audio, video, answer): new posts, edits and reblogs, as a modal over a glass overlay or inline. Opens from `$composer` (fast compose, the header's compose button), from its attributes, from the routes /new/{type}, /edit/{id} and /reblog/{id}/{key} (on load, on Back/Forward, and on a plain click on any link to them), and keeps the address bar on the route while open. Drafts are kept as you type and offered back after a reload; after a save the page is updated (`tl-post-saved`).",
  attributes: {
    type: attribute('string', 'Opens the form for a new post of this type. Remove it (or close the form) to close.', {
      values: POST_TYPES,
    }),
    postId: attribute('string', "Opens the form to edit this post (one of the user's own)."),
    reblogId: attribute('string', 'With `reblog-key`: opens the form to reblog this post.'),
    reblogKey: attribute('string', 'The reblog key of `reblog-id`.'),
    inline: attribute(
      'flag',
      "Renders the form in the element's own place (in place of the page's post buttons or of the post being edited) instead of as a modal. The host gets `data-open` while the form is open, so the page can hide what it replaces.",
    ),
    updateUrl: attribute(
      'boolean',
      'Keep the address bar on the form\'s route while it is open (pushState, through the cancelable `tl-navigate`) and return to the base route on close. The browser\'s Back button then closes the form. `update-url="false"` turns it off.',
      { default: 'true' },
    ),
    baseRoute: attribute(
      'string',
      "The route the address returns to on close (default: the page's path, or /dashboard on a post-form route).",
    ),
  },
  events: {
    'tl-composer-open': event<{ type: string; mode: 'new' | 'edit' | 'reblog' }>(
      'The post form opened (the header hides, a playing video pauses).',
    ),
    'tl-composer-close': event<{ saved: boolean }>('The post form closed.'),
    'tl-post-saved': event<{
      postId: string;
      blogName: string;
      mode: 'new' | 'edit' | 'reblog';
      contextPage: string | null;
      response: SaveResponse;
    }>(
      'Cancelable. A post was saved and the form has closed. Unless a listener calls preventDefault(), the element updates the page: a new post on the dashboard, drafts or inbox fetches the newer posts and inserts them at the top of `#posts` (sanitised), an edit replaces `#post_{id}` (or removes it when it moved to another context page), the queue page reloads.',
    ),
    'tl-navigate': event<{ url: string }>(
      'Cancelable. The address is about to change to `url` (pushState while the form opens, the base route when it closes). preventDefault() keeps the address as it is.',
    ),
    'tl-auto-send-change': event<{ blogName: string; twitter: boolean; facebook: boolean }>(
      "The blogger changed a blog's auto-send settings from the post form's options (the server saved them; the detail is what it saved).",
    ),
  },
  parts: {
    overlay: 'The glass overlay behind the modal form.',
    form: 'The form.',
    header: "The form's top row: the blog picker and the type.",
    field: "Each field's wrapper (with `data-field`).",
    error: "A field's error message.",
    tags: 'The tags input.',
    state: 'The state menu (publish now, queue, draft, schedule, private).',
    options: 'The content options.',
    'auto-send': "The blog's auto-send switches (every new post to Twitter, to Facebook), in the options.",
    'post-button': 'The Post button.',
    'cancel-button': 'The Close button.',
    reblog: "The reblogged post, above the user's own addition.",
    draft: 'The "restore your draft" notice.',
    status: "The status line (saving, offline, the server's message).",
    toast: 'The toast shown after some saves.',
  },
  cssProperties: themeProperties(['text', 'muted', 'surface', 'accentContrast', 'danger', 'border', 'radius', 'font', 'shadow'], {
    accent: 'Buttons, focus ring.',
  }),
});
