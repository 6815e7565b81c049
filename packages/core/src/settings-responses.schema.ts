import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import {
  alertSettingsSchema,
  alertVariationSchema,
  moneySettingsSchema,
  pageSettingsSchema,
} from './settings.schema.ts';
import { ALERT_MEDIA_KINDS, MODERATION_MODES } from './settings.ts';

/**
 * What the settings endpoints answer (issue 10): the settings tab's full view and the overlay's
 * alert part. The sections reuse the request schemas, so what the tab reads is what it may send
 * back. Web pages import only the types, so these schemas stay out of the browser bundles.
 */

/** An uploaded alert sound or image, as the settings tab lists it (`POST …/alert-media/:kind`). */
export const alertMediaSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(ALERT_MEDIA_KINDS),
  url: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().min(0),
  created_at: z.iso.datetime(),
});
export type AlertMedia = z.output<typeof alertMediaSchema>;

/**
 * `GET /api/streamers/:slug/settings`: everything the settings tab edits. PATCH settings and the
 * image uploads answer the same, as the settings now are.
 */
export const streamerSettingsSchema = z.strictObject({
  slug: z.string(),
  is_active: z.boolean(),
  page: pageSettingsSchema.extend({
    avatar_url: z.string().nullable(),
    cover_image_url: z.string().nullable(),
  }),
  money: moneySettingsSchema,
  alerts: alertSettingsSchema,
  moderation: z.strictObject({
    moderation_mode: z.enum(MODERATION_MODES),
    /** The words in force: the streamer's own list, or the starter list. */
    blocked_words: z.array(z.string()),
    uses_starter_words: z.boolean(),
    hide_amounts_from_moderators: z.boolean(),
  }),
  alert_media: z.array(alertMediaSchema),
});
export type StreamerSettings = z.output<typeof streamerSettingsSchema>;

/** An alert variation as the overlay plays it: sounds and images as URLs. */
export const overlayAlertVariationSchema = alertVariationSchema
  .omit({ sound: true, image_media_id: true })
  .extend({ sound_url: z.string().nullable(), image_url: z.string().nullable() });
export type OverlayAlertVariation = z.output<typeof overlayAlertVariationSchema>;

/**
 * `GET /api/overlay/:slug/settings?token=` and the overlay stream's `settings` event: what the
 * overlay needs to draw alerts the streamer's way.
 */
export const overlaySettingsSchema = z.strictObject({
  name: z.string(),
  brand_color: z.string(),
  is_active: z.boolean(),
  alert_variations: z.array(overlayAlertVariationSchema),
  /** The longest a text alert stays (the streamer's cap, 15 s by default). */
  text_alert_max_ms: z.number(),
  /** The language of the alert line (the streamer's page language, issue 21). */
  language: z.enum(LANGUAGES),
});
export type OverlaySettings = z.output<typeof overlaySettingsSchema>;
