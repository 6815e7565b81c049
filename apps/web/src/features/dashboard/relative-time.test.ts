import { describe, expect, it } from 'vitest';

import { formatIndiaDateTime, formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [5, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [150, '2 minutes ago'],
    [3600, '1 hour ago'],
    [5 * 3600, '5 hours ago'],
    [86_400 * 2, '2 days ago'],
    [86_400 * 65, '2 months ago'],
    [86_400 * 800, '2 years ago'],
  ])('%i seconds → %s', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), NOW)).toBe(expected);
  });

  it('says just now for the future and for bad dates', () => {
    expect(formatRelativeTime(ago(-120), NOW)).toBe('just now');
    expect(formatRelativeTime('not a date', NOW)).toBe('just now');
  });
});

describe('formatIndiaDateTime', () => {
  it('shows India time', () => {
    expect(formatIndiaDateTime('2026-03-10T18:30:00Z')).toMatch(/11 Mar 2026.*12:00.*am IST/i);
  });
});
