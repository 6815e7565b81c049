import { z } from 'zod';
import { DONATION_LIMITS } from './donations.ts';
import { MEDIA_TIP_LIMITS } from './media-tips.ts';

const MB = 1024 * 1024;

/** `PUT /api/streamers/:slug/media-tips/settings` (issue 26). */
export const mediaTipSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  min_amount_paise: z
    .number()
    .int('The minimum must be a whole number of paise.')
    .min(DONATION_LIMITS.minAmountPaise, 'The minimum for media tips must be at least ₹1.')
    .max(DONATION_LIMITS.maxAmountPaise, 'The minimum for media tips is too high.'),
  max_bytes: z
    .number()
    .int()
    .min(1 * MB, 'The largest file must be at least 1 MB.')
    .max(MEDIA_TIP_LIMITS.maxBytes, 'The largest file can be at most 50 MB.'),
  max_duration_ms: z
    .number()
    .int()
    .min(MEDIA_TIP_LIMITS.minDurationMs, 'The longest clip must be at least 1 second.')
    .max(MEDIA_TIP_LIMITS.maxDurationMs, 'The longest clip can be at most 30 seconds.'),
  allow_audio: z.boolean(),
  hold_for_review: z.boolean(),
});
