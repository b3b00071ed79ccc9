import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';

/** <ask-form>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'ask-form',
  summary:
    'Ask a blog a question, on any page (a stranger\'s blog theme with nothing else of the SDK, or the dashboard): a trigger, a modal form on a native <dialog> with a glass backdrop, and a short "Sent!" confirmation. Also answers the request `tl-ask-form-open-request` (e.g. "Ask a question" in a <blog-card> menu).',
  attributes: {
    blogName: attribute(
      'string',
      'The blog to ask. Without it the element is a delegate: it renders nothing until the request `tl-ask-form-open-request` names a blog.',
    ),
    open: attribute(
      'flag',
      'Opens the form for `blog-name`; removed again when the form closes, so setting it reopens. Setting `open` to false closes it.',
    ),
    trigger: attribute(
      'string',
      "`button`: an \"Ask {blog} a question\" button (slot its label). `menu`: the blog's messaging/ask icon with 'Send a message' / 'Ask a question' / 'Submit' per the blog's settings; with asks off the icon opens messaging directly (request `tl-messaging-open-request`). `none`: no trigger; open it with `open` or the request.",
      { default: 'button', values: ['button', 'menu', 'none'] },
    ),
  },
  events: {
    'tl-ask-sent': event<{ blogName: string; question: string; anonymous: boolean }>('The server took the question (the form has closed).'),
    'tl-ask-form-open': event<{ blogName: string }>(
      'The form opened. A playing video pauses, and the page is flagged as having forms open (`<html data-tl-forms-open>`).',
    ),
    'tl-ask-form-close': event<{ blogName: string }>('The form closed (sent, cancelled, Escape or a click on the backdrop).'),
  },
  requests: {
    'tl-ask-form-open-request': event<{ blogName: string }>(
      'Opens the form for that blog: on the <ask-form> for it, else a delegate (no `blog-name`), else the first one on the page. Made before the element has loaded, it waits.',
    ),
  },
  parts: {
    trigger: 'The trigger button (or the messaging/ask icon button).',
    form: 'The form inside the dialog.',
    textarea: 'The question box.',
    counter: 'Characters left, shown from 100 left; `data-level` is ok, warning or danger.',
    errors: 'The error list (the first validation or server error).',
    submit: 'The Ask button.',
    closed: 'The message shown when the blog takes no questions.',
    login: 'The message shown to a logged-out visitor when the blog takes no anonymous questions.',
    sent: 'The "Sent!" confirmation, echoing the question.',
  },
  slots: {
    '': 'The trigger button\'s label (default "Ask {blog} a question"); also what the page shows before the script loads.',
  },
  cssProperties: themeProperties(['text', 'muted', 'surface', 'accentContrast', 'border', 'radius', 'font', 'shadow'], {
    accent: 'Buttons, focus ring, confirmation.',
    danger: 'Errors and the danger counter.',
  }),
});
