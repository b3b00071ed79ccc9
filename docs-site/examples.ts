/**
 * The live example on each element's docs page: the element as a page would write it, with
 * attributes that make it show something against the reference server's seed (the docs pages are
 * served with the visitor's session, so the example acts as that user, alice by default). The
 * playground starts from these attributes. Every element in custom-elements.json needs one
 * (docs-site/site.test.ts).
 */
export interface Example {
  /** The attributes of the live element, in the order the snippet shows them ('' = present, no value). */
  attributes: Record<string, string>;
  /** Its light DOM (a label, a fallback link), as trusted constant markup. */
  content?: string;
  /** What the example shows and how to try it, one sentence. */
  note: string;
}

export const EXAMPLES: Readonly<Record<string, Example>> = {
  'activity-popover': {
    attributes: { 'blog-name': 'alice' },
    note: "Alice's activity: open it with its button, or tick open.",
  },
  'ask-form': {
    attributes: { 'blog-name': 'bob', trigger: 'button' },
    note: 'Press the button (or tick open), write a question and send it: the server takes it and the log shows tl-ask-sent.',
  },
  'blog-card': {
    attributes: { 'blog-name': 'bob', placement: 'bottom-start' },
    content: '<a href="/blog/bob">bob</a>',
    note: 'Point at or focus the link to open the card, or tick open.',
  },
  'blog-header': {
    attributes: { 'page-title': 'Docs' },
    note: 'The site header as the dashboard has it; tick mobile for the phone header.',
  },
  'fast-compose': {
    attributes: {},
    note: 'Tick open (or press z then c on the page) for the post-type picker.',
  },
  'gif-search': {
    attributes: { context: 'docs' },
    note: 'Press GIF and search: the grid comes from the reference server.',
  },
  'messaging-dock': {
    attributes: {},
    note: "The dock's own Messages button sits at the bottom right of the page.",
  },
  'peepr-drawer': {
    attributes: { shortcuts: 'on' },
    note: 'Write a blog name (bob, carol…) to open the drawer on that blog.',
  },
  'post-composer': {
    attributes: { inline: '', 'update-url': 'false' },
    note: 'Choose a type to open the post form here (inline); a post goes to the reference server as you.',
  },
  'share-popover': {
    attributes: { 'post-id': '731207014158', 'blog-name': 'bob', mode: 'share' },
    note: 'Press Share for the share options; switch mode to message to send the post.',
  },
  'video-player': {
    attributes: {
      src: '/assets/media/sd.mp4',
      'hd-url': '/assets/media/hd.mp4',
      poster: '/assets/media/poster.jpg',
      width: '640',
      height: '360',
      label: 'Sample video',
    },
    note: 'A player on the sample media the reference server serves: play it, or change its label (its accessible name).',
  },
};
