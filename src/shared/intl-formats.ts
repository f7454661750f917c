/**
 * Intl's formatters, made once per locale and options and then kept, on the server and in the
 * browser alike. Each `new Intl.DateTimeFormat` or `new Intl.NumberFormat` builds ICU's formatter in
 * native memory that V8 gives back only when a full garbage collection finds the small object
 * holding it, so a server making two for every message it sent grew by 50 MB while it worked
 * through 3,000 confirmations (and a loop making 3,000 sets of three grew a process by 170 MB).
 * Made once, a formatter is also about a hundred times quicker to use than to make.
 *
 * Each cache holds what the product asks for (a few option sets, two languages, the time zones of
 * its tours, its currencies); past 1,000 kinds it starts again, so no caller can grow it without
 * bound.
 */
const MAX_KEPT = 1000;

function keeper<F>(make: (locale: string | undefined, options: object) => F) {
  const kept = new Map<string, F>();
  return (locale: string | undefined, options: object): F => {
    const key = `${locale ?? ''}|${JSON.stringify(options)}`;
    let format = kept.get(key);
    if (!format) {
      format = make(locale, options);
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, format);
    }
    return format;
  };
}

export const dateTimeFormat: (locale: string | undefined, options: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat = keeper((locale, options) => new Intl.DateTimeFormat(locale, options));

export const numberFormat: (locale: string | undefined, options: Intl.NumberFormatOptions) => Intl.NumberFormat = keeper((locale, options) => new Intl.NumberFormat(locale, options));
