import { localized, t } from '../../i18n/i18n';

/** Every text of the admin console's Backups panel (issue 31). */
export const BACKUPS_TEXT = /* @__PURE__ */ localized('backups', {
  tab: 'Backups',
  heading: 'Daily backups',
  off: 'Scheduled backups are off (BACKUP_TIME=off). Take one with npm run admin -- backup <file>.',
  schedule: (time: string) => t('backups.scheduleFn', { time }, `Every day at ${time} India time`),
  keeps: (daily: number, weekly: number) =>
    t(
      'backups.keepsFn',
      { daily, weekly },
      `Keeps the newest of the last ${daily} days and of the ${weekly} weeks before them`,
    ),
  destination: 'Stored in',
  nextAt: 'Next backup',
  lastVerified: 'Last checked backup',
  never: 'None yet',
  failedTitle: 'The latest backup failed',
  missedTitle: 'A backup was missed',
  open: 'Open Backups',
  allWell: 'The latest backup was taken and checked by a test restore.',
  noRuns: 'No backup has run yet. The first one runs at the next scheduled time.',
  runsCaption: 'Recent backups, newest first',
  rows: (rows: string) => t('backups.rowsFn', { rows }, `${rows} rows`),
  status: { verified: 'Checked', failed: 'Failed', running: 'Running' },
  late: 'taken late',
  pruned: 'deleted by retention',
} as const);
