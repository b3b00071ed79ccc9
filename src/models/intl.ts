/**
 * Intl formatters, made once per locale and options and kept for the page's life. Making one
 * loads and parses locale data (about a millisecond each, more on a slow phone), formatting with
 * one is cheap: the inbox made three per row at every render (36 ms of a 4× throttled open in a
 * profile), the activity list one per notification.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A count as the spec writes it ('1,234'). */
export function formatCount(count: number, locale = 'en-US'): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(count);
}
