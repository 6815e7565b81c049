import { LEADERBOARD_PERIOD_LABELS } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Every word the OBS widgets show (the token screens reuse the overlay's words). */
export const WIDGET_TEXT = localized('overlay.widget', {
  leaderboardTitle: 'Top supporters',
  periodLabels: LEADERBOARD_PERIOD_LABELS,
  leaderboardEmpty: 'Be the first to top the board!',
  recentTitle: 'Recent supporters',
  recentEmpty: 'Tips will show up here.',
  goalReached: 'Goal reached!',
  goalCelebration: 'Goal reached! Thank you!',
  goalEnded: 'Goal ended',
  raisedOf: (raised: string, target: string) =>
    t('overlay.widget.raisedOfFn', { raised, target }, `${raised} / ${target}`),

  linksTitle: 'Stream widgets',
  linksDescription:
    'Add these as browser sources in OBS (1920×1080). They use your OBS token and update live.',
  linksNeedToken: 'Create an OBS token first (OBS tab); the widget links appear here.',
  copy: 'Copy',
  copied: 'Copied!',
  widgetNames: {
    leaderboard: 'Leaderboard (add &period=week, month or all, and &limit=1–10)',
    goal: 'Goal progress bar',
    recent: 'Recent supporters (last 5)',
  },
} as const);

/** How long the goal widget celebrates reaching its target. */
export const GOAL_CELEBRATION_MS = 8_000;

/**
 * Widgets re-read their data on every alert; this slower poll catches what raises no alert
 * (a goal edited in the dashboard, midnight resetting today's board).
 */
export const WIDGET_REFRESH_MS = 30_000;
