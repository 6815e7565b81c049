import { z } from 'zod';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from './settings.ts';
import {
  YOUTUBE_ERROR_CODES,
  YOUTUBE_LIMITS,
  YOUTUBE_MESSAGES,
  YOUTUBE_UNAVAILABLE_REASONS,
} from './youtube.ts';

/** The YouTube chat contract (issue 30): settings sent, and what the dashboard is answered. */

const templateSchema = z
  .string()
  .trim()
  .max(YOUTUBE_LIMITS.templateMaxChars, YOUTUBE_MESSAGES.templateTooLong)
  .refine((template) => template.includes('{amount}'), YOUTUBE_MESSAGES.templateNeedsAmount);

export const youtubeChatSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  min_amount_paise: z
    .number({ error: SETTINGS_MESSAGES.amountInvalid })
    .int(SETTINGS_MESSAGES.amountInvalid)
    .min(SETTINGS_LIMITS.minAmountPaise, SETTINGS_MESSAGES.minAmountTooLow)
    .max(SETTINGS_LIMITS.maxAmountPaise, SETTINGS_MESSAGES.minAmountTooHigh),
  templates: z.strictObject({ hi: templateSchema, en: templateSchema }),
});
export type YoutubeChatSettings = z.output<typeof youtubeChatSettingsSchema>;

/** Google sent the browser back with these; the dashboard hands them over with its session. */
export const youtubeConnectCompleteSchema = z.strictObject({
  code: z.string().min(1).max(2048),
  state: z.string().min(16).max(128),
});
export type YoutubeConnectComplete = z.output<typeof youtubeConnectCompleteSchema>;

export const youtubeChatStatusSchema = z.object({
  available: z.boolean(),
  unavailable_reason: z.enum(YOUTUBE_UNAVAILABLE_REASONS).nullable(),
  connection: z
    .object({
      status: z.enum(['connected', 'revoked']),
      channel_id: z.string(),
      channel_title: z.string(),
      connected_at: z.string(),
    })
    .nullable(),
  settings: youtubeChatSettingsSchema,
  last_error: z.object({ code: z.enum(YOUTUBE_ERROR_CODES), at: z.string() }).nullable(),
  /** Units this creator used today (Pacific day) and the most they may use. */
  quota: z.object({ used_units: z.number(), share_units: z.number() }),
});
export type YoutubeChatStatus = z.output<typeof youtubeChatStatusSchema>;

export const youtubeQuotaReportSchema = z.object({
  /** The Pacific-time day (YYYY-MM-DD): YouTube resets the quota at midnight there. */
  day: z.string(),
  daily_quota: z.number(),
  budget_units: z.number(),
  used_units: z.number(),
  share_units: z.number(),
  is_exhausted: z.boolean(),
  creators: z.array(
    z.object({ slug: z.string(), name: z.string(), units: z.number(), calls: z.number() }),
  ),
});
export type YoutubeQuotaReport = z.output<typeof youtubeQuotaReportSchema>;
