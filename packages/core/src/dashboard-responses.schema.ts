import { z } from 'zod';
import { MODERATION_STATUSES, PAYMENT_STATUSES } from './alertable.ts';
import { DONATION_TYPES } from './donations.ts';

/**
 * What the streamer dashboard's endpoints answer: the one declaration the server's presenters
 * are checked against and the dashboard's API client is typed by. Strict objects, so a field a
 * presenter starts sending without a change here fails the server's tests instead of leaking.
 * The dashboard imports only the types, so none of these schemas reach a browser bundle.
 */

/** A streamer as the dashboard header and the admin console name it. */
export const streamerRefSchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand_color: z.string(),
});
export type StreamerRef = z.output<typeof streamerRefSchema>;

/** A streamer dashboard the signed-in user may open (the dashboard chooser's cards). */
export const accessibleStreamerSchema = z.strictObject({
  streamer_slug: z.string(),
  streamer_name: z.string(),
  brand_color: z.string(),
  is_admin: z.boolean(),
});
export type AccessibleStreamer = z.output<typeof accessibleStreamerSchema>;

/** `GET /api/me/streamers`. */
export const myStreamersResponseSchema = z.strictObject({
  streamers: z.array(accessibleStreamerSchema),
});
export type MyStreamersResponse = z.output<typeof myStreamersResponseSchema>;

/** `GET /api/streamers/:slug/dashboard`: the header's data and what the viewer may do. */
export const streamerDashboardSummarySchema = z.strictObject({
  streamer: streamerRefSchema,
  viewer: z.strictObject({ is_admin: z.boolean(), is_site_admin: z.boolean() }),
});
export type StreamerDashboardSummary = z.output<typeof streamerDashboardSummarySchema>;

const paise = z.number().int().min(0);

/** `GET /api/streamers/:slug/stats`: the four stat cards, over successful payments only. */
export const dashboardStatsSchema = z.strictObject({
  total_revenue_paise: paise,
  donation_count: z.number().int().min(0),
  /** The India calendar day (Asia/Kolkata). */
  today_revenue_paise: paise,
  average_donation_paise: paise,
  pending_review: z.number().int().min(0),
});
export type DashboardStats = z.output<typeof dashboardStatsSchema>;

/** A donation as the dashboard lists it. The phone appears only masked, for site admins. */
export const dashboardDonationSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The streamer sees 'Anonymous' too: the name the fan gave is not kept. */
  is_anonymous: z.boolean(),
  amount_paise: paise,
  type: z.enum(DONATION_TYPES),
  message: z.string(),
  message_visible: z.boolean(),
  is_hyperemote: z.boolean(),
  hyperemote_id: z.string().nullable(),
  voice_url: z.string().nullable(),
  /** A media tip's re-encoded file, shown to the reviewer (issue 26); absent for other tips. */
  media_url: z.string().nullable().optional(),
  media_kind: z.enum(['image', 'video']).nullable().optional(),
  moderation_status: z.enum(MODERATION_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** `dashboard:<email>` or `telegram:<id>:<name>`; null until someone decides. */
  moderated_by: z.string().nullable(),
  moderated_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  /** Paid through the built-in sandbox gateway: no money moved (the row says so). */
  is_sandbox: z.boolean(),
  /** Site admins only. */
  phone_masked: z.string().optional(),
  /** Held for review by this blocked word (a streamer who auto-approves); absent otherwise. */
  held_for_word: z.string().optional(),
});
export type DashboardDonation = z.output<typeof dashboardDonationSchema>;

/** `GET /api/streamers/:slug/donations?status=approved|pending`. */
export const dashboardDonationListSchema = z.strictObject({
  donations: z.array(dashboardDonationSchema),
});
export type DashboardDonationList = z.output<typeof dashboardDonationListSchema>;

/** `POST /api/donations/:id/approve|reject`: the donation as it now stands. */
export const moderationDecisionResponseSchema = z.strictObject({
  donation: dashboardDonationSchema,
});
export type ModerationDecisionResponse = z.output<typeof moderationDecisionResponseSchema>;

const obsTokenTimes = {
  id: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
};

/** `GET /api/streamers/:slug/obs-tokens`: the active token in full, up to 3 previous masked. */
export const obsTokensSchema = z.strictObject({
  active: z.strictObject({ ...obsTokenTimes, token: z.string() }).nullable(),
  previous: z.array(z.strictObject({ ...obsTokenTimes, masked_token: z.string() })),
});
export type ObsTokens = z.output<typeof obsTokensSchema>;

/** `POST /api/streamers/:slug/obs-tokens`: the new active token (the previous one stops). */
export const obsTokenCreatedSchema = z.strictObject({ token: z.string(), id: z.string() });
export type ObsTokenCreated = z.output<typeof obsTokenCreatedSchema>;

/** `POST /api/streamers/:slug/obs-tokens/:tokenId/deactivate`. */
export const obsTokenDeactivatedSchema = z.strictObject({ deactivated: z.literal(true) });
export type ObsTokenDeactivated = z.output<typeof obsTokenDeactivatedSchema>;

/** `/api/streamers/:slug/moderators` (GET, PUT, DELETE): linked moderators and the bot's state. */
export const telegramModeratorsSchema = z.strictObject({
  moderators: z.array(
    z.strictObject({ telegram_user_id: z.string(), linked_at: z.iso.datetime() }),
  ),
  bot: z.strictObject({ configured: z.boolean(), username: z.string().nullable() }),
});
export type TelegramModerators = z.output<typeof telegramModeratorsSchema>;

/** `POST /api/streamers/:slug/test-alert`: how many overlays of the streamer are connected. */
export const testAlertResponseSchema = z.strictObject({
  activeConnections: z.number().int().min(0),
});
export type TestAlertResponse = z.output<typeof testAlertResponseSchema>;
