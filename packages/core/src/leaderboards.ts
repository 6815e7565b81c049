import type { Goal } from './leaderboard-responses.schema.ts';

/**
 * Fan leaderboards, donation goals and stream widgets (issue 11): the contract the server, the
 * donation page, the dashboard and the OBS widgets share. The schemas are in
 * leaderboards.schema.ts and the answers' shapes in leaderboard-responses.schema.ts, so the
 * donation page and the widgets do not download zod.
 */

/** What every public surface shows instead of the name of a fan who tipped anonymously. */
export const ANONYMOUS_DONOR_NAME = 'Anonymous';

/** Leaderboard windows, on the India calendar (Asia/Kolkata); a week starts on Monday. */
export const LEADERBOARD_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  all: 'All time',
};

export const LEADERBOARD_LIMITS = {
  /** Rows on the donation page. */
  publicEntries: 10,
  /** Rows in the dashboard. */
  dashboardEntries: 25,
  /** Rows on the leaderboard widget unless `limit` says otherwise (1–10). */
  widgetEntries: 5,
  widgetMaxEntries: 10,
  /** The recent-supporters widget. */
  recentSupporters: 5,
} as const;

// ── goals ────────────────────────────────────────────────────────────────────────────────────

export const GOAL_LIMITS = {
  titleMaxChars: 80,
  minTargetPaise: 100,
  /** ₹1 crore. */
  maxTargetPaise: 1_000_000_000,
} as const;

export const GOAL_MESSAGES = {
  titleRequired: 'Please give the goal a title.',
  titleTooLong: `The title must be at most ${String(GOAL_LIMITS.titleMaxChars)} characters.`,
  invalidTarget: 'Please enter a target between ₹1 and ₹1,00,00,000.',
  invalidEndDate: 'Please choose a valid end date.',
  endInPast: 'The end date must be in the future.',
  noActiveGoal: 'There is no current goal.',
} as const;

/** Progress in whole percent for a bar: 0–100, and 100 only once the target is reached. */
export function goalPercent(goal: Pick<Goal, 'raised_paise' | 'target_paise'>): number {
  if (goal.target_paise <= 0) return 0;
  if (goal.raised_paise >= goal.target_paise) return 100;
  return Math.min(99, Math.floor((goal.raised_paise / goal.target_paise) * 100));
}

export function isGoalReached(goal: Pick<Goal, 'raised_paise' | 'target_paise'>): boolean {
  return goal.raised_paise >= goal.target_paise;
}

// ── widgets ──────────────────────────────────────────────────────────────────────────────────

export const WIDGET_KINDS = ['leaderboard', 'goal', 'recent'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** The query flag that tells the overlay stream a widget is listening, not an alert overlay. */
export const WIDGET_STREAM_CLIENT = 'widget';

/** `/:slug/widgets/<kind>?token=…`, the browser source a streamer adds to OBS. */
export function widgetPath(slug: string, kind: WidgetKind, token: string): string {
  return `/${encodeURIComponent(slug)}/widgets/${kind}?token=${encodeURIComponent(token)}`;
}
