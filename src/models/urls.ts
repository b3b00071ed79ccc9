/** URL checks for values from server data (no DOM). */

/** An image URL we are willing to put in src: http(s), root-relative or relative; never javascript:, data: or protocol-relative. */
export function safeImageUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
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
