/**
 * What a GIF search server message (header or body) may keep: text formatting and links only.
 * The spec strips script and link elements and onerror attributes; the allow-list drops those and
 * everything else that is not plain formatting (every event handler, style, iframe, form, svg…).
 * Links keep only http(s) and same-site targets.
 */
import { createSanitizer, TEXT_TAGS } from '../../src/core/sanitize';
import type { SafeHtml } from '../../src/core/trusted-types';
import { webUrl } from '../../src/models/urls';

const sanitize = createSanitizer<undefined>({
  tags: TEXT_TAGS,
  attributes: ['href', 'title'],
  links: (href) => webUrl(href) ?? null,
});

export const sanitizeGifMessage = (html: string): SafeHtml => sanitize.trusted(html, undefined);
