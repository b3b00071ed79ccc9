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

let gifMessagePurifier: ReturnType<typeof createDOMPurify> | null = null;

/**
 * A GIF search server message (header or body): text formatting and links only. The spec strips
 * script and link elements and onerror attributes; the allow-list drops those and everything
 * else that is not plain formatting (every event handler, style, iframe, form, svg…). Links
 * keep only http(s) and same-site targets and open in a new tab.
 */
export function sanitizeGifMessage(html: string): string {
  if (!gifMessagePurifier) {
    gifMessagePurifier = createDOMPurify(window);
    gifMessagePurifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = (node.getAttribute('href') ?? '').trim();
      if (/^https?:\/\//i.test(href) || (href.startsWith('/') && !href.startsWith('//'))) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        node.removeAttribute('href');
      }
    });
  }
  return gifMessagePurifier.sanitize(html, {
    ALLOWED_TAGS: TEXT_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
    FORBID_TAGS: ['script', 'link', 'style'],
    FORBID_ATTR: ['onerror'],
    ALLOW_DATA_ATTR: false,
  });
}
