/**
 * When backups are due and which ones retention keeps. Pure functions of a time, so the tests
 * drive them with any clock. India has one offset all year (no daylight saving), which keeps
 * the arithmetic exact.
 */

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The scheduled time at or before `now` for a daily backup at `time` (HH:MM, India time). */
export function latestSlot(now: Date, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const india = new Date(now.getTime() + INDIA_OFFSET_MS);
  const todayAtTime =
    Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate(), hours, minutes) -
    INDIA_OFFSET_MS;
  return new Date(todayAtTime <= now.getTime() ? todayAtTime : todayAtTime - DAY_MS);
}

/** The next scheduled time after `now`. */
export function nextSlot(now: Date, time: string): Date {
  return new Date(latestSlot(now, time).getTime() + DAY_MS);
}

/** The India calendar day of a time, as YYYY-MM-DD. */
export function indiaDate(time: Date): string {
  return new Date(time.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Monday (India calendar) that starts the week of a time, as YYYY-MM-DD. */
function indiaWeek(time: Date): string {
  const india = new Date(time.getTime() + INDIA_OFFSET_MS);
  const daysSinceMonday = (india.getUTCDay() + 6) % 7;
  return new Date(india.getTime() - daysSinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** A file name for a slot's backup that sorts by time and says it is India time. */
export function backupName(slot: Date): string {
  const india = new Date(slot.getTime() + INDIA_OFFSET_MS).toISOString();
  return `shabaash-${india.slice(0, 10)}-${india.slice(11, 13)}${india.slice(14, 16)}-ist`;
}

export type Retention = { keepDaily: number; keepWeekly: number };

/**
 * The backups retention keeps: the newest of each of the `keepDaily` most recent India days
 * that have one, then, among the older ones, the newest of each of the `keepWeekly` most recent
 * weeks (Monday to Sunday) that have one. With a backup every day that is the last 7 days and
 * the last backup of each of the 4 weeks before them: 11 files covering about five weeks.
 */
export function backupsToKeep<T extends { slot: Date }>(backups: T[], retention: Retention): T[] {
  const newestFirst = [...backups].sort((a, b) => b.slot.getTime() - a.slot.getTime());
  const kept = new Set<T>();
  const days = new Set<string>();
  for (const backup of newestFirst) {
    const day = indiaDate(backup.slot);
    if (days.has(day)) continue;
    if (days.size === retention.keepDaily) break;
    days.add(day);
    kept.add(backup);
  }
  const oldestKeptDay = [...days].sort()[0];
  const weeks = new Set<string>();
  for (const backup of newestFirst) {
    if (kept.has(backup)) continue;
    if (oldestKeptDay !== undefined && indiaDate(backup.slot) >= oldestKeptDay) continue;
    const week = indiaWeek(backup.slot);
    if (weeks.has(week)) continue;
    if (weeks.size === retention.keepWeekly) break;
    weeks.add(week);
    kept.add(backup);
  }
  return newestFirst.filter((backup) => kept.has(backup));
}
