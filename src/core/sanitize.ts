/**
 * Every piece of HTML from a server or a paste goes through DOMPurify here,
 * with one allow-list per use. Each use gets its own DOMPurify instance so
 * hooks never leak between uses.
 */
import createDOMPurify from 'dompurify';
import { resolveDescriptionLink } from '../models/blog-card';

const TEXT_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'span', 'small', 'sub', 'sup', 'ul', 'ol', 'li', 'blockquote', 'code'];

let descriptionPurifier: ReturnType<typeof createDOMPurify> | null = null;
let currentBase = '';

/** A blog description: text formatting and links only; links resolved against the blog and opened safely. */
export function sanitizeBlogDescription(html: string, blogAddress: string): string {
  if (!descriptionPurifier) {
    descriptionPurifier = createDOMPurify(window);
    descriptionPurifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = resolveDescriptionLink(node.getAttribute('href'), currentBase);
      if (href) {
        node.setAttribute('href', href);
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        node.removeAttribute('href');
      }
    });
  }
  currentBase = blogAddress;
  return descriptionPurifier.sanitize(html, {
    ALLOWED_TAGS: TEXT_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
    ALLOW_DATA_ATTR: false,
  });
}
