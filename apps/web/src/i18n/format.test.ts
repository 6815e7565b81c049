import { describe, expect, it } from 'vitest';

import { formatAmount, formatDate } from './format';

describe('formatAmount', () => {
  it('groups lakhs and crores with the rupee sign and Latin digits', () => {
    expect(formatAmount(10_000_000)).toBe('₹1,00,000');
    expect(formatAmount(1_234_567_800)).toBe('₹1,23,45,678');
    expect(formatAmount(5150)).toBe('₹51.50');
  });
});

describe('formatDate', () => {
  // 20:00 UTC is 01:30 the next day in India: the date must be India's, not the device's.
  const lateEveningUtc = '2026-11-25T20:00:00Z';

  it('gives the date in India time in English', () => {
    expect(formatDate(lateEveningUtc, 'en-IN')).toBe('26 Nov 2026');
    expect(formatDate(lateEveningUtc, 'en-IN', 'dayTime')).toBe('26 Nov, 1:30 am');
  });

  it('gives the date in India time in Hindi words with Latin digits', () => {
    expect(formatDate(lateEveningUtc, 'hi')).toMatch(/^26 नव.* 2026$/);
    expect(formatDate(lateEveningUtc, 'hi', 'dayTime')).toMatch(/1:30/);
    expect(formatDate(lateEveningUtc, 'hi', 'dayTime')).not.toMatch(/[०-९]/);
  });
});
