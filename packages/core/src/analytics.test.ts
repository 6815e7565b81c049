import { describe, expect, it } from 'vitest';
import {
  addDays,
  csvCell,
  csvLine,
  csvRupees,
  formatIndiaDateTime,
  historyFilterParams,
  indiaDay,
  indiaDayStart,
  DEFAULT_HISTORY_FILTER,
} from './analytics.ts';
import { historyQuerySchema } from './analytics.schema.ts';

describe('analytics rules', () => {
  it('writes rupees with paise, no symbol, for spreadsheets to sum', () => {
    expect(csvRupees(5_105)).toBe('51.05');
    expect(csvRupees(100)).toBe('1.00');
    expect(csvRupees(7)).toBe('0.07');
    expect(csvRupees(10_000_000_00)).toBe('10000000.00');
  });

  it('neutralises cells a spreadsheet would run, and quotes what CSV needs quoted', () => {
    for (const formula of ['=1+1', '+91', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('Asha')).toBe('Asha');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvLine(['a', '=b'])).toBe("a,'=b\r\n");
  });

  it('puts instants on India calendar days (UTC+5:30)', () => {
    expect(indiaDay(new Date('2026-03-10T18:29:59Z'))).toBe('2026-03-10');
    expect(indiaDay(new Date('2026-03-10T18:30:00Z'))).toBe('2026-03-11');
    expect(indiaDayStart('2026-03-11').toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(formatIndiaDateTime(new Date('2026-03-10T04:30:05Z'))).toBe('2026-03-10 10:00:05');
  });

  it('round-trips the filter through the query string', () => {
    const filter = {
      ...DEFAULT_HISTORY_FILTER,
      q: ' asha ',
      type: 'voice' as const,
      from: '2026-03-01',
    };
    const parsed = historyQuerySchema.parse(Object.fromEntries(historyFilterParams(filter)));
    expect(parsed).toMatchObject({
      q: 'asha',
      type: 'voice',
      payment: 'success',
      from: '2026-03-01',
    });
    expect(historyQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(
      false,
    );
    expect(historyQuerySchema.safeParse({ from: '2026-13-45' }).success).toBe(false);
  });
});
