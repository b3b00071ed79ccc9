import { PLACEMENTS } from '../../src/ui/placements';
import { attribute, defineContract, event } from '../../src/core/contract';
import { themeProperties } from '../../src/core/theme-properties';

export interface ShareEventDetail {
  postId: string;
  blogName: string;
  mode: 'share' | 'message';
}
export interface SharedDetail {
  /** email, twitter, facebook, pinterest, reddit, native (the device's share sheet), copy, or message. */
  network: string;
  postId: string;
  blogName: string;
}

/** <share-popover>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'share-popover',
  summary:
    'Sharing a post: a popover anchored to its trigger with the share options the post allows (the device\'s own share sheet where there is one, copy link, e-mail, Twitter, Facebook, Pinterest, Reddit, embed code, permalink, reporting), each with its sub-view, and a "Send as a message" mode that sends the post to a blog through <messaging-dock>\'s send queue. With `post-id` and `blog-name` it shares that post from its own button (or the page element named by `anchor`); without them it serves every page element marked `data-share-post="<post id>"` with `data-share-blog="<blog name>"` (and optional `data-share-mode="message"`).',
  attributes: {
    postId: attribute('string', 'The post to share. With `blog-name`, the element renders its own trigger (or uses `anchor`).'),
    blogName: attribute('string', 'The blog of the post.'),
    anchor: attribute(
      'string',
      'The id of a page element that acts as the trigger (with `post-id`): clicking it toggles the popover, which is positioned against it.',
    ),
    mode: attribute('string', '`share` (the share options) or `message` (send the post as a message first; the networks row below).', {
      default: 'share',
      values: ['share', 'message'],
    }),
    placement: attribute('string', 'Preferred side; flips and shifts to stay 10 px inside the viewport.', {
      default: 'bottom-end',
      values: PLACEMENTS,
    }),
  },
  events: {
    'tl-share-open': event<ShareEventDetail>('The popover opened for a post.'),
    'tl-share-close': event<ShareEventDetail>('The popover closed.'),
    'tl-share': event<SharedDetail>(
      "A share went out: sent by e-mail or to a network, handed to the device's share sheet, copied, or sent as a message.",
    ),
  },
  parts: {
    trigger: "The element's own trigger button (with `post-id`, without `anchor`).",
    popover: 'The popover panel.',
    options: 'The list of share options.',
    option:
      'One option (also `option-<name>`: option-native, option-copy-link, option-email, option-twitter, option-facebook, option-pinterest, option-reddit, option-embed, option-permalink, option-report, option-message).',
    view: 'A sub-view (e-mail, Twitter, Facebook, embed code, permalink).',
    status: 'The "Sent!" / "Error!" / "Copied" line.',
    recipient: 'The send-a-post recipient search ("Message to...").',
    networks: "The send-a-post popover's row of external networks.",
    message: 'The send-a-post message box.',
    loading: 'The loader while the share data loads.',
    error: 'The share data failed to load, with Retry.',
  },
  slots: {
    '': 'The own trigger button\'s label (default "Share").',
  },
  cssProperties: themeProperties(['text', 'surface', 'border', 'radius', 'font', 'shadow'], {
    muted: 'Secondary text and the counter.',
    accent: 'Focus ring, buttons.',
    danger: 'Errors and an exceeded counter.',
  }),
});
