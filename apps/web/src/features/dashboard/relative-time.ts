const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const UNITS: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number; until: number }> = [
  { unit: 'minute', seconds: 60, until: 60 * 60 },
  { unit: 'hour', seconds: 60 * 60, until: 24 * 60 * 60 },
  { unit: 'day', seconds: 24 * 60 * 60, until: 30 * 24 * 60 * 60 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60, until: 365 * 24 * 60 * 60 },
  { unit: 'year', seconds: 365 * 24 * 60 * 60, until: Number.POSITIVE_INFINITY },
];

/**
 * '2 minutes ago', '3 hours ago', 'just now' for the last minute (and for times a skewed clock
 * puts in the future).
 */
export function formatRelativeTime(iso: string, nowMs: number): string {
  const elapsedSeconds = (nowMs - new Date(iso).getTime()) / 1000;
  if (!Number.isFinite(elapsedSeconds) || elapsedSeconds < 60) return 'just now';
  const unit = UNITS.find((candidate) => elapsedSeconds < candidate.until) ?? UNITS[0];
  if (!unit) return 'just now';
  return relative.format(-Math.floor(elapsedSeconds / unit.seconds), unit.unit);
}

const absolute = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** The exact time in India, for a tooltip beside the relative one. */
export function formatIndiaDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${absolute.format(date)} IST`;
}
