import { LEADERBOARD_PERIODS } from '@shabaash/core';
import type { LeaderboardPeriod } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Every word the leaderboards show on the donation page and in the dashboard. */
export const LEADERBOARD_TEXT = /* @__PURE__ */ localized('leaderboard', {
  title: 'Top Supporters',
  periodsLabel: 'Leaderboard period',
  empty: 'No supporters yet in this period. Your tip could top the board!',
  loadError: 'The leaderboard could not be loaded.',
  rank: (rank: number) => `#${String(rank)}`,
  tips: (count: number) =>
    t('leaderboard.tipsFn', { count }, count === 1 ? '1 tip' : `${String(count)} tips`),
} as const);

/** The period tabs, with short labels so all four fit on a phone. */
const PERIOD_TAB_LABELS: Record<LeaderboardPeriod, string> = localized('leaderboard.periods', {
  today: 'Today',
  week: 'Week',
  month: 'Month',
  all: 'All time',
});
export const PERIOD_TABS = LEADERBOARD_PERIODS.map((period) => ({
  value: period,
  // Read when shown, so the tab speaks the page's language.
  get label() {
    return PERIOD_TAB_LABELS[period];
  },
}));

/** Medals for the podium; other ranks show their number. */
export const PODIUM: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };

/** The dashboard's leaderboard panel (its own export, so the donation page does not carry it). */
export const LEADERBOARD_PANEL_TEXT = /* @__PURE__ */ localized('leaderboard', {
  panelTitle: 'Fan leaderboard',
  panelDescription:
    'Your top supporters by total paid and approved tips. Anonymous tips show as Anonymous.',
  showOnPage: 'Show the leaderboard on my donation page',
  showOnPageHint: 'The OBS leaderboard widget works either way.',
  settingSaved: 'Leaderboard setting saved.',
  settingFailed: 'Could not save the setting. Please try again.',
  howCounted:
    'A supporter is a name from one phone or browser: the same fan tipping from two devices shows as two rows with that name until you merge them.',
  mergeTitle: 'Same name, more than one row',
  merge: (name: string) => t('leaderboard.mergeFn', { name }, `Merge the rows named ${name}`),
  merging: 'Merging…',
  merged: (name: string) =>
    t('leaderboard.mergedFn', { name }, `The rows named ${name} are one supporter now.`),
  mergeFailed: 'Could not merge the rows. Please try again.',
} as const);
