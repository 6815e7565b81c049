import { z } from 'zod';
import type { PublicDonation } from './donations.ts';
import { leaderboardPeriodSchema } from './leaderboards.schema.ts';

/**
 * What the leaderboard, goal and widget endpoints answer (issue 11), for the donation page, the
 * dashboard and the OBS widgets. Those pages import only the types, so the schemas (and zod)
 * stay out of their bundles; the server's tests parse its answers with them.
 */

/**
 * One row of a leaderboard. A supporter is a fan (a private, cookie-held key) under one name:
 * two fans with the same name are two rows. Equal totals share a rank ("1, 2, 2, 4"); within
 * a tie, whoever reached the total first is listed first.
 */
export const leaderboardEntrySchema = z.strictObject({
  rank: z.number().int().min(1),
  name: z.string(),
  amount_paise: z.number().int().min(0),
});
export type LeaderboardEntry = z.output<typeof leaderboardEntrySchema>;

/** The dashboard's row also says how many tips made the total. */
export const dashboardLeaderboardEntrySchema = leaderboardEntrySchema.extend({
  tip_count: z.number().int().min(1),
});
export type DashboardLeaderboardEntry = z.output<typeof dashboardLeaderboardEntrySchema>;

/** `GET /api/streamers/:slug/leaderboard?period=`: the donation page's top supporters. */
export const leaderboardResponseSchema = z.strictObject({
  period: leaderboardPeriodSchema,
  entries: z.array(leaderboardEntrySchema),
});
export type LeaderboardResponse = z.output<typeof leaderboardResponseSchema>;

/** `GET /api/streamers/:slug/supporters?period=`: the dashboard's leaderboard. */
export const dashboardLeaderboardResponseSchema = z.strictObject({
  period: leaderboardPeriodSchema,
  /** Whether the donation page shows the leaderboard (the widget always can). */
  show_leaderboard: z.boolean(),
  entries: z.array(dashboardLeaderboardEntrySchema),
});
export type DashboardLeaderboardResponse = z.output<typeof dashboardLeaderboardResponseSchema>;

/** `GET /api/overlay/:slug/widgets/leaderboard?token=&period=&limit=`. */
export const widgetLeaderboardResponseSchema = leaderboardResponseSchema.extend({
  streamer_name: z.string(),
});
export type WidgetLeaderboardResponse = z.output<typeof widgetLeaderboardResponseSchema>;

/**
 * A goal and its progress: paid, approved tips since `starts_at` (and before `ends_at`).
 * `status` is 'ended' once the end date has passed.
 */
export const goalSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  target_paise: z.number().int().min(0),
  raised_paise: z.number().int().min(0),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime().nullable(),
  status: z.enum(['active', 'ended']),
});
export type Goal = z.output<typeof goalSchema>;

/**
 * `GET`, `POST` and `PATCH /api/streamers/:slug/goal` and `GET /api/overlay/:slug/widgets/goal`:
 * the open goal, or null when there is none.
 */
export const goalResponseSchema = z.strictObject({ goal: goalSchema.nullable() });
export type GoalResponse = z.output<typeof goalResponseSchema>;

/**
 * `GET /api/overlay/:slug/widgets/recent?token=`: the newest paid, approved tips, as the donation
 * page's recent support shows them (a public donation has no schema of its own yet).
 */
export type WidgetRecentResponse = { donations: PublicDonation[] };
