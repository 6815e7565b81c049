import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('formats paise with Indian digit grouping', () => {
    expect(formatRupees(10_000_000)).toBe('₹1,00,000');
    expect(formatRupees(5_100)).toBe('₹51');
    expect(formatRupees(5_150)).toBe('₹51.50');
    expect(formatRupees(123_456_789)).toBe('₹12,34,567.89');
  });

  it('prints what Intl prints for en-IN rupees, across every grouping length and sign', () => {
    const whole = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    const withPaise = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 105, 110, 999, 1_000, 99_999, 100_000, 123_456];
    // Up to 13-digit rupee amounts: paise beyond that are no longer exact integers in JavaScript.
    for (let digits = 1; digits <= 13; digits += 1) {
      const rupees = Number('9'.repeat(digits));
      amounts.push(rupees * 100, rupees * 100 + 7, rupees * 100 + 50, 10 ** (digits + 1));
    }
    for (const paise of [
      ...amounts,
      ...amounts.filter((amount) => amount > 0).map((amount) => -amount),
    ]) {
      const intl = (paise % 100 === 0 ? whole : withPaise).format(paise / 100);
      expect(formatRupees(paise), `${paise} paise`).toBe(intl);
    }
  });

  it('converts rupees with two decimals to exact paise', () => {
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(rupeesToPaise(1.15)).toBe(115);
    expect(rupeesToPaise(100000)).toBe(10_000_000);
    expect(paiseToRupees(29935)).toBe(299.35);
  });
});
