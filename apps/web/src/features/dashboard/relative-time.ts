import type { Language } from '@shabaash/core';

import { formatDate } from '../../i18n/format';
import { activeLanguage, localized } from '../../i18n/i18n';

const RELATIVE_TEXT = /* @__PURE__ */ localized('relativeTime', { justNow: 'just now' });

/** '2 minutes ago' in English, '2 मिनट पहले' in Hindi (Latin digits in both). */
const RELATIVE_FORMATS: Record<Language, Intl.RelativeTimeFormat> = {
  'en-IN': new Intl.RelativeTimeFormat('en', { numeric: 'always' }),
  hi: new Intl.RelativeTimeFormat('hi-IN-u-nu-latn', { numeric: 'always' }),
};

const UNITS: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number; until: number }> = [
  { unit: 'minute', seconds: 60, until: 60 * 60 },
  { unit: 'hour', seconds: 60 * 60, until: 24 * 60 * 60 },
  { unit: 'day', seconds: 24 * 60 * 60, until: 30 * 24 * 60 * 60 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60, until: 365 * 24 * 60 * 60 },
  { unit: 'year', seconds: 365 * 24 * 60 * 60, until: Number.POSITIVE_INFINITY },
];

/**
 * '2 minutes ago', '3 hours ago', 'just now' for the last minute (and for times a skewed clock
 * puts in the future), in the language texts are read in.
 */
export function formatRelativeTime(iso: string, nowMs: number): string {
  const elapsedSeconds = (nowMs - new Date(iso).getTime()) / 1000;
  if (!Number.isFinite(elapsedSeconds) || elapsedSeconds < 60) return RELATIVE_TEXT.justNow;
  const unit = UNITS.find((candidate) => elapsedSeconds < candidate.until) ?? UNITS[0];
  if (!unit) return RELATIVE_TEXT.justNow;
  return RELATIVE_FORMATS[activeLanguage()].format(
    -Math.floor(elapsedSeconds / unit.seconds),
    unit.unit,
  );
}

/** The exact time in India, for a tooltip beside the relative one, in the active language. */
export function formatIndiaDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `${formatDate(date, activeLanguage(), 'dateTime')} IST`;
}
