import {
  MODERATION_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  TIP_TYPE_LABELS,
  WEEKDAY_LABELS,
  type AnalyticsPeriod,
} from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Every text of the dashboard's Analytics tab (issue 28), in the dashboard's language. */
export const ANALYTICS_TEXT = /* @__PURE__ */ localized('analytics', {
  historyTitle: 'Tip history',
  historyDescription:
    'Every tip to your page. Search by donor name or message, filter, and export what you see.',
  searchLabel: 'Search donor or message',
  searchPlaceholder: 'e.g. Asha or “happy birthday”',
  typeLabel: 'Type',
  paymentLabel: 'Payment',
  moderationLabel: 'Moderation',
  fromLabel: 'From (India date)',
  toLabel: 'To (India date)',
  allOption: 'All',
  apply: 'Apply filters',
  reset: 'Reset',
  summary: (count: number, total: string) =>
    t(
      'analytics.summaryFn',
      { count, total },
      `${count.toLocaleString('en-IN')} ${count === 1 ? 'tip' : 'tips'} · ${total}`,
    ),
  summaryLabel: 'Matching tips and their total',
  loading: 'Loading tips…',
  empty: 'No tips match these filters.',
  loadError: 'Could not load the tips. Please try again.',
  retry: 'Try again',
  loadMore: 'Show older tips',
  loadingMore: 'Loading…',
  exportCsv: 'Export CSV',
  exporting: 'Preparing CSV…',
  exportFailed: 'The export failed. Please try again.',
  donorLine: (name: string) => t('analytics.donorLineFn', { name }, `Tips from ${name}`),
  showDonor: (name: string) => t('analytics.showDonorFn', { name }, `Show all tips from ${name}`),
  backToAll: 'Back to all tips',
  columns: {
    date: 'Date (IST)',
    donor: 'Donor',
    type: 'Type',
    amount: 'Amount',
    message: 'Message',
    status: 'Status',
  },
  chartsTitle: 'Charts',
  chartsDescription: 'Paid tips per day, compared with the period before.',
  periodLabel: 'Chart period',
  periodOption: (days: AnalyticsPeriod) =>
    t('analytics.periodOptionFn', { days }, `${String(days)} days`),
  chartsLoading: 'Loading charts…',
  chartsError: 'Could not load the charts. Please try again.',
  revenueTitle: (days: AnalyticsPeriod) =>
    t('analytics.revenueTitleFn', { days }, `Revenue per day, last ${String(days)} days`),
  countTitle: 'Tips per day',
  thisPeriod: 'This period',
  previousPeriod: 'Previous period',
  periodTotals: (current: string, previous: string) =>
    t(
      'analytics.periodTotalsFn',
      { current, previous },
      `This period ${current} · previous period ${previous}`,
    ),
  byTypeTitle: 'By tip type',
  hoursTitle: 'Best hours (India time)',
  weekdaysTitle: 'Best weekdays',
  topSupportersTitle: 'Top supporters',
  topSupportersEmpty: 'No approved tips in this period yet.',
  showTable: 'Show as table',
  tableColumns: {
    day: 'Day',
    revenue: 'Revenue',
    tips: 'Tips',
    previousRevenue: 'Previous period revenue',
    previousTips: 'Previous period tips',
    type: 'Type',
    hour: 'Hour',
    weekday: 'Weekday',
    rank: 'Rank',
    name: 'Name',
  },
  hourLabel: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
} as const);

/**
 * The words of the tip types, statuses and weekdays the tab shows: core's (which the CSV export
 * writes in English) in the dashboard's language.
 */
export const ANALYTICS_LABELS = /* @__PURE__ */ localized('analytics.labels', {
  tipType: { ...TIP_TYPE_LABELS },
  payment: { ...PAYMENT_STATUS_LABELS },
  moderation: { ...MODERATION_STATUS_LABELS },
  weekdays: [...WEEKDAY_LABELS],
  /** The weekday chart's axis: 'Mon' … 'Sun'. */
  weekdaysShort: WEEKDAY_LABELS.map((name) => name.slice(0, 3)),
});
