import { z } from 'zod';
import {
  GOAL_LIMITS,
  GOAL_MESSAGES,
  LEADERBOARD_LIMITS,
  LEADERBOARD_PERIODS,
} from './leaderboards.ts';

/** The leaderboard, goal and widget schemas (the server's request checks and the goal form). */

export const leaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS, {
  error: 'period must be today, week, month or all.',
});

/** `?period=` on every leaderboard endpoint; today when absent. */
export const leaderboardQuerySchema = z.object({
  period: leaderboardPeriodSchema.default('today'),
});

export const leaderboardSettingsSchema = z.object({
  show_leaderboard: z.boolean({ error: 'show_leaderboard must be true or false.' }),
});
export type LeaderboardSettings = z.infer<typeof leaderboardSettingsSchema>;

/** `POST /api/streamers/:slug/supporters/merge`: every supporter row of this name becomes one. */
export const supporterMergeSchema = z.object({
  name: z
    .string({ error: 'name must be a supporter name.' })
    .min(1, { error: 'name must be a supporter name.' })
    .max(200, { error: 'name must be a supporter name.' }),
});
export type SupporterMergeResponse = { merged: number };

const goalTitleSchema = z
  .string({ error: GOAL_MESSAGES.titleRequired })
  .trim()
  .min(1, GOAL_MESSAGES.titleRequired)
  .refine((title) => Array.from(title).length <= GOAL_LIMITS.titleMaxChars, {
    message: GOAL_MESSAGES.titleTooLong,
  });

const goalTargetSchema = z
  .number({ error: GOAL_MESSAGES.invalidTarget })
  .int(GOAL_MESSAGES.invalidTarget)
  .min(GOAL_LIMITS.minTargetPaise, GOAL_MESSAGES.invalidTarget)
  .max(GOAL_LIMITS.maxTargetPaise, GOAL_MESSAGES.invalidTarget);

/** An ISO 8601 instant with its offset, or null for a goal without an end. */
const goalEndSchema = z.iso
  .datetime({ offset: true, error: GOAL_MESSAGES.invalidEndDate })
  .nullable();

/** A new goal; it starts counting the moment it is created. */
export const goalCreateSchema = z.object({
  title: goalTitleSchema,
  target_paise: goalTargetSchema,
  ends_at: goalEndSchema.default(null),
});
export type GoalCreateRequest = z.input<typeof goalCreateSchema>;

/** Edits the current goal without resetting its progress. */
export const goalUpdateSchema = z.object({
  title: goalTitleSchema.optional(),
  target_paise: goalTargetSchema.optional(),
  ends_at: goalEndSchema.optional(),
});
export type GoalUpdateRequest = z.input<typeof goalUpdateSchema>;

/** `?limit=` on the leaderboard widget. */
export const widgetLeaderboardQuerySchema = leaderboardQuerySchema.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LEADERBOARD_LIMITS.widgetMaxEntries)
    .default(LEADERBOARD_LIMITS.widgetEntries),
});
