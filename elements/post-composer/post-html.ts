/**
 * The HTML a post body may hold (authoring spec §3 "Editor content", §5 "Editor rules"): text
 * formatting, lists, quotes, headings, links (http, https, mailto), images, iframes (http(s)
 * only, sandboxed), figures and `hr` — whose only class is `read-more`, the read-more break.
 * Enforced on paste, on load and on save, so a paste from a word processor or a web page keeps
 * only structure this list allows.
 */
import { editorLink } from './model/editor-links';
import { createSanitizer } from '../../src/core/sanitize';
import type { SafeHtml } from '../../src/core/trusted-types';

export const POST_HTML_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'del',
  'u',
  'sub',
  'sup',
  'small',
  'span',
  'code',
  'pre',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'img',
  'figure',
  'figcaption',
  'iframe',
] as const;
export const POST_HTML_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'width', 'height', 'class', 'allowfullscreen'] as const;

/** An iframe in a post runs its own page, never ours: scripts yes, top navigation and our origin no. */
export const POST_IFRAME_SANDBOX = 'allow-scripts allow-popups allow-presentation';

function httpSource(src: string | null): string | null {
  const s = (src ?? '').trim();
  if (!s) return null;
  try {
    const url = new URL(s.startsWith('//') ? `https:${s}` : s, typeof location === 'undefined' ? 'http://localhost/' : location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const sanitize = createSanitizer<undefined>({
  tags: POST_HTML_TAGS,
  attributes: POST_HTML_ATTRIBUTES,
  links: (href) => (href === null ? null : editorLink(href)),
  newTab: false,
  sources: (src) => httpSource(src),
  classes: { hr: ['read-more'] },
  enforce: { iframe: { sandbox: POST_IFRAME_SANDBOX, referrerpolicy: 'no-referrer' } },
});

/** A post body as the allow-list keeps it, as a string: for saving and converting. */
export function sanitizePostHtml(html: string): string {
  return sanitize.string(html, undefined);
}

/**
 * A post body as the allow-list keeps it, as the body of an inert document (the editor and the
 * Markdown converter read it; no HTML sink). A body, not a bare fragment: Lexical's import expects
 * every text node to have a parent element.
 */
export function postHtmlDocument(html: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.append(sanitize.fragment(html, undefined));
  return doc;
}

/** A post body as the allow-list keeps it, for an HTML sink (the Markdown preview). */
export function trustedPostHtml(html: string): SafeHtml {
  return sanitize.trusted(html, undefined);
}
