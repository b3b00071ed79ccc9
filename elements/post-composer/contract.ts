import { attribute, defineContract, event } from '../../src/core/contract';

/** <post-composer>: its public contract, declared once (see src/core/contract.ts). */
export const contract = defineContract({
  tag: 'post-composer',
  summary:
    'Registered; its behaviour arrives with its own issue. Until then it renders its light-DOM fallback content.',
  attributes: {
    type: attribute('string', 'Reserved for its issue.'),
    mode: attribute('string', 'Reserved for its issue.'),
    postId: attribute('string', 'Reserved for its issue.'),
  },
  events: {
    'tl-composer-open': event<{ type: string }>('The post form opened (the header hides, a playing video pauses).'),
    'tl-composer-close': event<Record<string, never>>('The post form closed.'),
    'tl-post-saved': event<{ postId: string; blogName: string }>('A post was saved (the page updates itself with it).'),
  },
});
