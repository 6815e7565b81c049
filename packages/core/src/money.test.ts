import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('formats paise with Indian digit grouping', () => {
    expect(formatRupees(10_000_000)).toBe('₹1,00,000');
    expect(formatRupees(5_100)).toBe('₹51');
    expect(formatRupees(5_150)).toBe('₹51.50');
    expect(formatRupees(123_456_789)).toBe('₹12,34,567.89');
  });

  it('converts rupees with two decimals to exact paise', () => {
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(rupeesToPaise(1.15)).toBe(115);
    expect(rupeesToPaise(100000)).toBe(10_000_000);
    expect(paiseToRupees(29935)).toBe(299.35);
  });
});
