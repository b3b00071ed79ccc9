/**
 * Every DOM event name the elements dispatch, in one place (media-chrome style).
 * All are CustomEvents with `bubbles: true, composed: true`, so a listener on
 * `document` hears them through any shadow root.
 */
export const Events = {
  followChange: 'tl-follow-change',
  subscriptionChange: 'tl-subscription-change',
  blockChange: 'tl-block-change',
  blogCardOpen: 'tl-blog-card-open',
  blogCardClose: 'tl-blog-card-close',
  widgetError: 'tl-widget-error',
  /** Cancelable: an element is about to navigate the page (detail.url); preventDefault() keeps the page (SPA routers, tests). */
  navigate: 'tl-navigate',
  compose: 'tl-compose',
  postSaved: 'tl-post-saved',
  gifSelect: 'tl-gif-select',
  askSent: 'tl-ask-sent',
  /** <video-player>: playback state changed (detail.states: paused | playing | autoplay | loop | ended | error | fullscreen). */
  videoState: 'tl-video-state',
  /** <video-player>: the video failed (detail.code 1–5 or null, detail.name). */
  videoError: 'tl-video-error',
  /** <video-player>: switched between SD and HD (detail.hd). */
  videoQuality: 'tl-video-quality',
  /** <ask-form> opened / closed its form (detail: { blogName }). */
  askFormOpen: 'tl-ask-form-open',
  askFormClose: 'tl-ask-form-close',
  /** <gif-search> opened / closed its popover (detail: {}). */
  gifSearchOpen: 'tl-gif-search-open',
  gifSearchClose: 'tl-gif-search-close',
  /** <fast-compose> opened / closed (detail: { source } / {}). */
  fastComposeOpen: 'tl-fast-compose-open',
  fastComposeClose: 'tl-fast-compose-close',
  /** <blog-header> inbox button: the inbox store was toggled (detail: { open }). */
  inboxToggle: 'tl-inbox-toggle',
  /** Request, page → <messaging-dock>: dispatch on `document` with detail { blogName } to open a conversation with that blog. */
  messagingOpen: 'tl-messaging-open',
  /** Request → <messaging-dock>: send a post (and optional text) to a blog and open that conversation (detail: SendPostRequest). */
  messagingSendPost: 'tl-messaging-send-post',
  /** <share-popover> opened / closed (detail: { postId, blogName, mode } / same). */
  shareOpen: 'tl-share-open',
  shareClose: 'tl-share-close',
  /** <share-popover>: a share went out (detail: { network, postId, blogName }); network is email, twitter, facebook, pinterest, reddit, native, copy or message. */
  share: 'tl-share',
  /** Request, page → <ask-form>: dispatch on `document` with detail { blogName } to open the form for that blog. */
  askFormOpenRequest: 'tl-ask-form-open-request',
  /** <post-composer> opened / closed the post form. */
  composerOpen: 'tl-composer-open',
  composerClose: 'tl-composer-close',
  /** <peepr-drawer> opened a post. */
  postViewerOpen: 'tl-post-viewer-open',
  /** Saving to storage failed (detail: { key, error }). */
  storageError: 'tl-storage-error',
  /** <messaging-dock>: a conversation window opened / closed (detail: { key, blogNames }). */
  conversationOpen: 'tl-conversation-open',
  conversationClose: 'tl-conversation-close',
  /** <messaging-dock>: a message was delivered (detail: { conversationId, clientId }). */
  messageSent: 'tl-message-sent',
  /** <blog-header mobile>: the navigation drawer opened / closed. */
  headerDrawerOpen: 'tl-header-drawer-open',
  headerDrawerClose: 'tl-header-drawer-close',
  /** A tutorial popover's OK button was pressed (detail: { name }); it hides afterwards. */
  tutorialDismiss: 'tl-tutorial-dismiss',
  /** A tutorial popover finished its hide animation and was removed (detail: { name }). */
  tutorialRemoved: 'tl-tutorial-removed',
} as const;
