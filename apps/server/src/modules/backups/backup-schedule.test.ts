import { describe, expect, it } from 'vitest';
import { backupName, backupsToKeep, indiaDate, latestSlot, nextSlot } from './backup-schedule.ts';

/** 04:00 India time on a day of November 2026 (22:30 UTC the day before). */
const fourAm = (day: number) => new Date(Date.UTC(2026, 10, day - 1, 22, 30));

describe('backup schedule', () => {
  it('finds the slot in India time, whatever the server’s time zone', () => {
    // 22:29 UTC on 1 November is 03:59 on 2 November in India: the latest slot is the 1st's.
    expect(latestSlot(new Date('2026-11-01T22:29:00Z'), '04:00')).toEqual(fourAm(1));
    expect(latestSlot(new Date('2026-11-01T22:30:00Z'), '04:00')).toEqual(fourAm(2));
    expect(nextSlot(new Date('2026-11-01T22:30:00Z'), '04:00')).toEqual(fourAm(3));
    // 23:45 India time is 18:15 UTC the same day.
    expect(latestSlot(new Date('2026-11-05T18:15:00Z'), '23:45')).toEqual(
      new Date('2026-11-05T18:15:00Z'),
    );
    expect(indiaDate(new Date('2026-11-01T18:30:00Z'))).toBe('2026-11-02');
    expect(backupName(fourAm(2))).toBe('shabaash-2026-11-02-0400-ist');
  });

  it('keeps the newest of the last 7 days, then the newest of each of the 4 weeks before', () => {
    // A backup every day from Monday 2 November to Wednesday 16 December.
    const backups = Array.from({ length: 45 }, (_, index) => ({
      slot: new Date(fourAm(2).getTime() + index * 86_400_000),
    }));
    const kept = backupsToKeep(backups, { keepDaily: 7, keepWeekly: 4 }).map((backup) =>
      indiaDate(backup.slot),
    );
    expect(kept).toEqual([
      // daily: 10 to 16 December
      '2026-12-16',
      '2026-12-15',
      '2026-12-14',
      '2026-12-13',
      '2026-12-12',
      '2026-12-11',
      '2026-12-10',
      // weekly: the week of 7 December's newest left, then the Sundays before
      '2026-12-09',
      '2026-12-06',
      '2026-11-29',
      '2026-11-22',
    ]);
  });

  it('keeps one per day when a day has several, and everything when there are few', () => {
    const twiceADay = [
      { slot: new Date('2026-11-02T00:00:00Z') },
      { slot: new Date('2026-11-02T10:00:00Z') },
      { slot: new Date('2026-11-03T10:00:00Z') },
    ];
    expect(backupsToKeep(twiceADay, { keepDaily: 7, keepWeekly: 4 })).toEqual([
      twiceADay[2],
      twiceADay[1],
    ]);
    expect(backupsToKeep([], { keepDaily: 7, keepWeekly: 4 })).toEqual([]);
    expect(
      backupsToKeep(twiceADay.slice(1), { keepDaily: 1, keepWeekly: 0 }).map((b) => b.slot),
    ).toEqual([twiceADay[2]?.slot]);
  });
});
