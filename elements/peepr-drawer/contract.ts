import { attribute, defineContract, event } from '../../src/core/contract';

/** <peepr-drawer>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'peepr-drawer',
  summary:
    'Registered; its behaviour arrives with its own issue. Until then it renders its light-DOM fallback content.',
  attributes: {
    blogName: attribute('string', 'Reserved for its issue.'),
    postId: attribute('string', 'Reserved for its issue.'),
  },
  events: {
    'tl-post-viewer-open': event<{ postId?: string }>('A post opened in the drawer (a playing video pauses).'),
  },
});
