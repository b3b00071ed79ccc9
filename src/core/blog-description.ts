/** What a blog description may keep: text formatting and links, resolved against the blog. */
import { createSanitizer, TEXT_TAGS } from './sanitize';
import { resolveDescriptionLink } from '../models/blog';

export const sanitizeBlogDescription = createSanitizer<string>({
  tags: TEXT_TAGS,
  attributes: ['href', 'title'],
  links: (href, blogAddress) => resolveDescriptionLink(href, blogAddress),
});
