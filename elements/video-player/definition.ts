import type { WidgetDefinition } from '../../src/core/widget-definition';

/** <video-player>: what the lazy loader needs to know before the element's chunk loads. */
const definition = {
  tag: 'video-player',
  props: {
    src: 'string',
    hdUrl: 'string',
    poster: 'string',
    filmstrip: 'json',
    autoplay: 'flag',
    // Tri-state: absent = the spec's default (muted); muted="false" starts with sound.
    muted: 'string',
    loop: 'flag',
    duration: 'number',
    minLoopDuration: 'number',
    livestream: 'flag',
    autoheight: 'flag',
    hlsService: 'string',
    iframePostData: 'json',
    forceHd: 'flag',
    postId: 'string',
    rootPostId: 'string',
    blogUuid: 'string',
    blogName: 'string',
    vendor: 'string',
    width: 'number',
    height: 'number',
    label: 'string',
  },
  load: () => import('./VideoPlayer'),
} satisfies WidgetDefinition;

/**
 * Reserve the player's box before its code loads (no layout shift on the host page): the
 * loader defines the tag at once, and this rule sizes it from then on. `:where()` keeps it
 * at zero specificity so any page rule wins. A constructable sheet, so a strict CSP allows it.
 */
if (typeof document !== 'undefined' && 'adoptedStyleSheets' in document) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(':where(video-player){display:block;aspect-ratio:var(--tl-video-aspect-ratio,var(--_tl-video-ratio,16/9));background:#000}');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

export default definition;
