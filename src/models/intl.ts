/**
 * Intl date formatters, made once per locale and options and kept for the page's life. Making one
 * loads and parses locale data (the page's first one also ICU's, 90–300 ms under 4× throttling;
 * the next about a millisecond), formatting with one is cheap: the activity list would otherwise
 * make one per notification. Only what needs the user's language and time zone uses it (the
 * activity popover); counts and the dock's times are written without it.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
