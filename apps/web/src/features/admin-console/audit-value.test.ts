import { describe, expect, it } from 'vitest';

import { auditValueLines } from './audit-value';

describe('auditValueLines', () => {
  it('reads amounts in rupees, switches as On/Off and nothing as a dash', () => {
    expect(auditValueLines(5000, 'min_amount_paise')).toEqual(['₹50']);
    expect(auditValueLines(true, 'show_leaderboard')).toEqual(['On']);
    expect(auditValueLines(null, 'default_streamer')).toEqual(['—']);
    expect(auditValueLines([10000, 50000], 'preset_amounts_paise')).toEqual(['₹100, ₹500']);
  });

  it('gives one labelled line per key of an object, nested values in words', () => {
    expect(
      auditValueLines(
        { youtube: 'https://youtube.com/@x', text_alert_max_ms: 15000, tiers: { gold_paise: 100 } },
        'social_links',
      ),
    ).toEqual(['youtube: https://youtube.com/@x', 'text alert max ms: 15000', 'tiers: gold ₹1']);
  });

  it('cuts a long value to 160 characters', () => {
    const [line] = auditValueLines('x'.repeat(500), 'bio');
    expect(line).toHaveLength(160);
    expect(line?.endsWith('…')).toBe(true);
  });
});
