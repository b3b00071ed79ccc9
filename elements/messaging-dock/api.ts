import type { ElementApi } from '../../src/core/element-api';
import { Events } from '../../src/core/events';

const api: ElementApi = {
  summary:
    'Private messaging: the inbox popover (anchored to the <blog-header> inbox button, or to the dock\'s own Messages button on pages without a header) ' +
    'and conversation windows docked at the page bottom. A blog selector with unread counts, compose with recipient search, paging, ' +
    'polling with back-off (verified e-mail only), and a send queue that keeps unsent messages across reloads and sends each exactly once. ' +
    'Open a conversation from page code with `document.dispatchEvent(new CustomEvent("tl-messaging-open", { detail: { blogName } }))`, ' +
    'or the bus event `messaging:open`. Logged out, it renders nothing.',
  attributes: [],
  events: [
    { name: Events.messagingOpen, detail: '{ blogName?: string }', description: 'Listened for on document: opens a conversation with that blog (or the inbox without a name).' },
    { name: Events.conversationOpen, detail: '{ key: string, blogNames: string[] }', description: 'A conversation window opened or was unminimized.' },
    { name: Events.conversationClose, detail: '{ key: string, blogNames: string[] }', description: 'A conversation window was closed.' },
    { name: Events.messageSent, detail: '{ conversationId: string, clientId: string }', description: 'A message was delivered.' },
  ],
  parts: [
    { name: 'dock', description: 'The fixed area at the page bottom holding the windows and tabs.' },
    { name: 'open-area', description: 'The open conversation windows.' },
    { name: 'minimized-area', description: 'The list of minimized conversations.' },
    { name: 'minimized-tab', description: 'One minimized conversation (avatar and unread badge).' },
    { name: 'trigger', description: "The dock's own Messages button (only without a <blog-header>)." },
    { name: 'badge', description: 'The unread badge on the trigger.' },
    { name: 'inbox', description: 'The inbox popover.' },
    { name: 'inbox-panel', description: 'The inbox panel inside the popover.' },
    { name: 'blog-selector', description: 'The sending-blog selector (users with more than one blog).' },
    { name: 'compose-toggle', description: "The 'Compose message' / 'Nevermind' button." },
    { name: 'conversation-list', description: 'The inbox list.' },
    { name: 'conversation-row', description: 'One conversation in the inbox.' },
    { name: 'empty', description: "The empty inbox ('Talk to a Tumblr')." },
    { name: 'favourites', description: "'More Tumblrs to talk to' under a short inbox." },
    { name: 'compose', description: "Compose mode: the 'To:' search." },
    { name: 'to-input', description: "The 'To:' input." },
    { name: 'window', description: 'An open conversation window.' },
    { name: 'actions', description: "The window's Actions menu." },
    { name: 'minimize', description: 'The Minimize button.' },
    { name: 'close', description: 'The Close button.' },
    { name: 'messages', description: 'The scrolling message list.' },
    { name: 'message-row', description: 'One message (with its timestamp header, if any).' },
    { name: 'unread-pill', description: 'The new-messages pill shown when the list is not at the bottom.' },
    { name: 'error', description: 'The conversation error view with Retry.' },
    { name: 'notice', description: "A footer notice (e.g. 'This Tumblr can't receive messages.') or the dock's short notice." },
    { name: 'compose-box', description: 'The compose form.' },
    { name: 'compose-input', description: 'The message textarea.' },
    { name: 'send', description: 'The Send button.' },
  ],
  cssProperties: [
    { name: '--tl-color-accent-contrast', description: 'Own message bubbles, the trigger, the pill and Send.' },
    { name: '--tl-color-badge', default: '#ff4930', description: 'Unread badges and dots.' },
    { name: '--tl-shadow', description: 'Window and tab shadow.' },
  ],
};

export default api;
