import { attribute, defineContract } from '../../src/core/contract';

/** <share-popover>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'share-popover',
  summary:
    'Registered; its behaviour arrives with its own issue. Until then it renders its light-DOM fallback content.',
  attributes: {
    postId: attribute('string', 'Reserved for its issue.'),
    blogName: attribute('string', 'Reserved for its issue.'),
  },
});
