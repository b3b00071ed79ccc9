import type { ElementApi } from '../../src/core/element-api';
import { Events } from '../../src/core/events';

const api: ElementApi = {
  summary:
    'Ask a blog a question, on any page (a stranger\'s blog theme with nothing else of the SDK, or the dashboard): a trigger, a modal form on a native <dialog> with a glass backdrop, ' +
    'and a short "Sent!" confirmation. Also answers the bus event `ask-form:open` (e.g. "Ask a question" in a <blog-card> menu).',
  attributes: [
    { name: 'blog-name', type: 'string', description: 'The blog to ask. Without it the element is a delegate: it renders nothing until the bus event `ask-form:open` names a blog.' },
    { name: 'open', type: 'boolean (presence)', description: 'Opens the form for `blog-name`; removed again when the form closes, so setting it reopens. Setting `open` to false closes it.' },
    {
      name: 'trigger',
      type: "'button' | 'menu' | 'none'",
      default: 'button',
      description:
        "`button`: an \"Ask {blog} a question\" button (slot its label). `menu`: the blog's messaging/ask icon with 'Send a message' / 'Ask a question' / 'Submit' per the blog's settings; with asks off the icon opens messaging directly (bus `messaging:open`). `none`: no trigger; open it with `open` or the bus.",
    },
  ],
  events: [
    { name: Events.askSent, detail: '{ blogName: string, question: string, anonymous: boolean }', description: 'The server took the question (the form has closed).' },
    { name: Events.askFormOpen, detail: '{ blogName: string }', description: 'The form opened. The bus hears `ask-form:open` (a video player pauses) and the page is flagged as having forms open (`<html data-tl-forms-open>`).' },
    { name: Events.askFormClose, detail: '{ blogName: string }', description: 'The form closed (sent, cancelled, Escape or a click on the backdrop). The bus hears `ask-form:close`.' },
  ],
  parts: [
    { name: 'trigger', description: 'The trigger button (or the messaging/ask icon button).' },
    { name: 'form', description: 'The form inside the dialog.' },
    { name: 'textarea', description: 'The question box.' },
    { name: 'counter', description: 'Characters left, shown from 100 left; `data-level` is ok, warning or danger.' },
    { name: 'errors', description: 'The error list (the first validation or server error).' },
    { name: 'submit', description: 'The Ask button.' },
    { name: 'closed', description: 'The message shown when the blog takes no questions.' },
    { name: 'login', description: 'The message shown to a logged-out visitor when the blog takes no anonymous questions.' },
    { name: 'sent', description: 'The "Sent!" confirmation, echoing the question.' },
  ],
  cssProperties: [
    { name: '--tl-color-text', default: '#1a1a1a', description: 'Text colour.' },
    { name: '--tl-color-muted', default: '#5c5c5c', description: 'Secondary text.' },
    { name: '--tl-color-surface', default: '#ffffff', description: 'Dialog surface.' },
    { name: '--tl-color-accent', default: '#00b8ff', description: 'Buttons, focus ring, confirmation.' },
    { name: '--tl-color-accent-contrast', default: '#001935', description: 'Text on the accent colour.' },
    { name: '--tl-color-danger', default: '#b3261e', description: 'Errors and the danger counter.' },
    { name: '--tl-color-border', description: 'Hairlines.' },
    { name: '--tl-radius', default: '8px', description: 'Corner radius.' },
    { name: '--tl-font', description: 'Font stack.' },
    { name: '--tl-shadow', description: 'Dialog shadow.' },
  ],
  slots: [{ name: '', description: 'The trigger button\'s label (default "Ask {blog} a question"); also what the page shows before the script loads.' }],
};

export default api;
