import type { SendPostRequest } from '../../src/messaging/model/send-post';
import { defineContract, deprecatedAliases, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';

/** <messaging-dock>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'messaging-dock',
  summary:
    'Private messaging: the inbox popover (anchored to the <blog-header> inbox button, or to the dock\'s own Messages button on pages without a header) and conversation windows docked at the page bottom. A blog selector with unread counts, compose with recipient search, paging, polling with back-off (verified e-mail only), a send queue that keeps unsent messages across reloads, sends each exactly once and retries on its own; image attachments (picker, drop, paste), GIFs through <gif-search>, posts by kind, blurred images, spam, block and delete, the intro card, the first-time tutorial, sounds and desktop notifications, and windows that persist across reloads. Switches in the bootstrap config, each on unless `false`: `messaging_minimize`, `messaging_persistence`, `messaging_send_photos`, `messaging_gif_search`, `messaging_icebreakers`, `messaging_tutorial`, `messaging_desktop_notifications`; also `messaging_image_max_bytes` and `messaging_sound_pack`. Open a conversation from page code with `document.dispatchEvent(new CustomEvent("tl-messaging-open-request", { detail: { blogName } }))`, or `request(Requests.messagingOpen, { blogName })` from code. Logged out, it renders nothing.',
  attributes: {},
  events: {
    'tl-conversation-open': event<{ key: string; blogNames: string[] }>('A conversation window opened or was unminimized.'),
    'tl-conversation-close': event<{ key: string; blogNames: string[] }>('A conversation window was closed.'),
    'tl-message-sent': event<{ conversationId: string | undefined; clientId: string }>('A message was delivered.'),
  },
  requests: {
    'tl-messaging-open-request': deprecatedAliases(
      event<{ blogName?: string }>(
        'Opens a conversation with that blog (or the inbox without a name). Made before the element has loaded, it waits.',
      ),
      'tl-messaging-open',
    ),
    'tl-messaging-send-post-request': deprecatedAliases(
      event<SendPostRequest>(
        "Sends a post, then the optional text, from `sender` (one of the user's blogs) to `recipient` through the send queue, and opens that conversation (what <share-popover> asks).",
      ),
      'tl-messaging-send-post',
    ),
  },
  parts: {
    dock: 'The fixed area at the page bottom holding the windows and tabs.',
    'open-area': 'The open conversation windows.',
    'minimized-area': 'The list of minimized conversations.',
    'minimized-tab': 'One minimized conversation (avatar, unread badge, and the not-sent mark).',
    'unsent-mark':
      'The "not sent" mark on a minimized tab or an inbox row: a message of that conversation has not gone out yet (it is retried by itself).',
    trigger: "The dock's own Messages button (only without a <blog-header>).",
    badge: 'The unread badge on the trigger.',
    inbox: 'The inbox popover.',
    'inbox-panel': 'The inbox panel inside the popover.',
    'blog-selector': 'The sending-blog selector (users with more than one blog).',
    'compose-toggle': "The 'Compose message' / 'Nevermind' button.",
    'conversation-list': 'The inbox list.',
    'conversation-row': 'One conversation in the inbox.',
    empty: "The empty inbox ('Talk to a Tumblr').",
    favourites: "'More Tumblrs to talk to' under a short inbox.",
    compose: "Compose mode: the 'To:' search.",
    'to-input': "The 'To:' input.",
    window: 'An open conversation window.',
    actions: "The window's Actions menu.",
    minimize: 'The Minimize button.',
    close: 'The Close button.',
    messages: 'The scrolling message list.',
    'message-row': 'One message (with its timestamp header, if any).',
    'unread-pill': 'The new-messages pill shown when the list is not at the bottom.',
    error: 'The conversation error view with Retry.',
    notice: "A footer notice (e.g. 'This Tumblr can't receive messages.') or the dock's short notice.",
    'compose-box': 'The compose form.',
    'compose-input': 'The message textarea.',
    send: 'The Send button.',
    attach: 'The "Add a photo" button.',
    gif: "The compose box's <gif-search>.",
    'image-preview': 'The photo waiting to be sent, above the compose box (at most 210×150).',
    'attachment-error': "Why a photo was refused ('Invalid file type.', the size limit, an unreadable file).",
    'drop-zone': 'What shows while files are dragged over a window.',
    reveal: "The cover of a blurred image ('Blurred because you don't follow this Tumblr yet. Click to reveal.').",
    'spam-notice': "The possible-spam footer with 'Mark as spam'.",
    'message-controls': "A message's options button (Block, Report, Delete).",
    message: 'A message bubble (a sent post also has `data-kind`: photo, photoset, gif, link, quote, audio, video, chat or post).',
    'post-nsfw': "A sent post hidden by safe mode ('This may be NSFW').",
    'intro-card': 'The conversation intro card (icebreakers) at the start of a conversation.',
    'intro-description': 'The blog description in the intro card.',
    'intro-relationship': 'The relationship line in the intro card.',
    'intro-tags': "The blog's tags in the intro card (a new conversation).",
    tutorial: "The first-time messaging tutorial ('Talk to a Tumblr').",
  },
  cssProperties: themeProperties([], {
    accentContrast: 'Own message bubbles, the trigger, the pill and Send.',
    badge: 'Unread badges and dots.',
    shadow: 'Window and tab shadow.',
  }),
});
