import { formatRupees, type Language } from '@shabaash/core';

/**
 * Amounts and dates for every language (issue 21): amounts the Indian way with the rupee sign
 * and Latin digits in both languages (₹1,00,000; Hindi readers of the web write them so too);
 * dates and times in India time whatever the device's zone, in the language's words.
 */

/** Paise as rupees: 10000000 → "₹1,00,000", 5150 → "₹51.50", the same in every language. */
export function formatAmount(amountPaise: number): string {
  return formatRupees(amountPaise);
}

const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** The Intl locale of each language: Latin digits always (`-u-nu-latn`). */
const INTL_LOCALE: Record<Language, string> = {
  'en-IN': 'en-IN-u-nu-latn',
  hi: 'hi-IN-u-nu-latn',
};

/** The fields of each date style. */
const DATE_STYLES = {
  /** "26 Nov 2026" / "26 नव॰ 2026". */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "26 Nov, 1:30 am" / "26 नव॰, 1:30 am". */
  dayTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  /** "26 Nov 2026, 1:30 pm" / "26 नव॰ 2026, 1:30 pm". */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date (and a time, with `dayTime`) in India time, in the language's words. */
export function formatDate(
  date: Date | string | number,
  language: Language,
  style: keyof typeof DATE_STYLES = 'date',
): string {
  const key = `${language}/${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], {
      ...DATE_STYLES[style],
      timeZone: INDIA_TIME_ZONE,
    });
    dateFormats.set(key, format);
  }
  return format.format(new Date(date));
}
