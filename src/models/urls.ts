/**
 * The one URL policy for values from server data (no DOM): what may go into an `href` or a `src`.
 * A web URL is absolute http(s) or root-relative; never protocol-relative (`//host`), and never
 * another scheme (`javascript:`, `data:` …).
 */

/** The trimmed URL when it is a web URL (http(s) or root-relative), else undefined. */
export function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return trimmed.startsWith('/') && !trimmed.startsWith('//') ? trimmed : undefined;
}

/** An image URL we are willing to put in src: http(s), root-relative or relative; never javascript:, data: or protocol-relative. */
export function safeImageUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const web = webUrl(url);
  if (web) return web;
  const trimmed = url.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return undefined;
  return trimmed === '' ? undefined : trimmed;
}

/** A link we may navigate to: http(s) or same-site paths. */
export function safeLinkUrl(url: string | undefined | null): string | undefined {
  return safeImageUrl(url);
}

/** Font names from theme data reach CSS only as plain words. */
export function safeFontFamily(font: string | undefined | null): string | undefined {
  if (!font) return undefined;
  return /^[A-Za-z0-9 -]{1,60}$/.test(font) ? font : undefined;
}

/** The host a URL points at (resolved against `base`, the page's address), or '' when it has none. */
export function hostOf(url: string, base: string): string {
  try {
    return new URL(url, base).host;
  } catch {
    return '';
  }
}
