/**
 * Editor link rules (authoring spec §5 "Editor rules"): a link's URL is trimmed, only http, https
 * and mailto are allowed, and an address typed without a scheme gets one (http://, the spec's
 * "{host}" prefix: the page's own scheme is not known here, and every site answers http).
 */
const ALLOWED = /^(https?|mailto):/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The link to store, or null when it may not be a link at all. */
export function editorLink(raw: string): string | null {
  const url = raw.trim();
  if (!url) return null;
  if (ALLOWED.test(url)) return /^mailto:/i.test(url) ? url : safeHttp(url);
  // "host:port/path" has a colon but no scheme: a scheme is letters followed by ":" and not a digit.
  if (HAS_SCHEME.test(url) && !/^[^:/]+:\d/.test(url)) return null;
  if (url.startsWith('//')) return safeHttp(`http:${url}`);
  if (url.startsWith('/') || url.startsWith('#') || url.startsWith('?')) return url;
  return safeHttp(`http://${url}`);
}

function safeHttp(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.hostname ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Spec §9: the link bubble is 200 to 600 px wide. */
export const LINK_BUBBLE_MIN_PX = 200;
export const LINK_BUBBLE_MAX_PX = 600;
export const linkBubbleWidth = (wanted: number): number => Math.min(LINK_BUBBLE_MAX_PX, Math.max(LINK_BUBBLE_MIN_PX, Math.round(wanted)));
