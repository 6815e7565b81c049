import { z } from 'zod';
import { streamerRefSchema } from './dashboard-responses.schema.ts';

/**
 * What the admin console's endpoints answer (site admins only): streamers with their members
 * and pending invites, the audit log, the site settings and the inbox. The console imports only
 * the types; the server's tests parse its answers with these schemas.
 */

/** A one-time invite link, as the admin console shows it (pending until accepted). */
export const inviteSummarySchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export type InviteSummary = z.output<typeof inviteSummarySchema>;

/**
 * An invite in the answer that made it, with its link: the only time the link is known, since
 * the code is never stored, only its hash.
 */
export const newInviteSchema = inviteSummarySchema.extend({ url: z.string() });
export type NewInvite = z.output<typeof newInviteSchema>;

export const adminStreamerSummarySchema = z.strictObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand_color: z.string(),
  is_active: z.boolean(),
  created_at: z.iso.datetime(),
  /** Accounts that accepted their invite. */
  members: z.array(z.strictObject({ email: z.string(), is_admin: z.boolean() })),
  /** Invites not yet accepted (unexpired). */
  pending_invites: z.array(inviteSummarySchema),
});
export type AdminStreamerSummary = z.output<typeof adminStreamerSummarySchema>;

/** `GET /api/admin/streamers?q=`. */
export const adminStreamerListSchema = z.strictObject({
  streamers: z.array(adminStreamerSummarySchema),
});
export type AdminStreamerList = z.output<typeof adminStreamerListSchema>;

/** `GET /api/admin/streamers/:slug` and `POST …/deactivate|reactivate`. */
export const adminStreamerResponseSchema = z.strictObject({ streamer: adminStreamerSummarySchema });
export type AdminStreamerResponse = z.output<typeof adminStreamerResponseSchema>;

/**
 * `POST /api/admin/streamers` (201): the new streamer, and the owner's one-time link when an
 * owner e-mail was given (the owner joins by accepting it, account or not).
 */
export const createdStreamerSchema = z.strictObject({
  streamer: streamerRefSchema,
  invite: newInviteSchema.nullable(),
});
export type CreatedStreamer = z.output<typeof createdStreamerSchema>;

/**
 * `POST /api/admin/streamers/:slug/members` (201): the one-time link the member accepts to
 * join, signed in with the invited e-mail or signing up with it. Nobody becomes a member by
 * e-mail alone, since anyone may have registered the address first.
 */
export const memberInviteResponseSchema = z.strictObject({
  status: z.literal('invited'),
  invite: newInviteSchema,
});
export type MemberInviteResponse = z.output<typeof memberInviteResponseSchema>;

/** One recorded settings change (who, when, old and new value). */
export const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  streamer_slug: z.string().nullable(),
  actor_email: z.string(),
  section: z.string(),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.iso.datetime(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** `GET /api/admin/audit`: newest first. */
export const auditListSchema = z.strictObject({ entries: z.array(auditEntrySchema) });
export type AuditList = z.output<typeof auditListSchema>;

/** `GET` and `PUT /api/admin/site/video-url`: the home page's background video, or null. */
export const adminVideoUrlSchema = z.strictObject({ video_url: z.string().nullable() });
export type AdminVideoUrl = z.output<typeof adminVideoUrlSchema>;

/** A sign-up lead as the admin inbox lists it. */
export const inboxLeadSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  mobile_number: z.string(),
  youtube_channel: z.string(),
  email: z.string(),
  instagram_handle: z.string().nullable(),
  plan: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type InboxLead = z.output<typeof inboxLeadSchema>;

/** `GET /api/admin/leads`: newest first. */
export const inboxLeadListSchema = z.strictObject({ leads: z.array(inboxLeadSchema) });
export type InboxLeadList = z.output<typeof inboxLeadListSchema>;

/** A contact message as the admin inbox lists it. */
export const inboxMessageSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  emailed_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type InboxMessage = z.output<typeof inboxMessageSchema>;

/** `GET /api/admin/contact-messages`: newest first. */
export const inboxMessageListSchema = z.strictObject({ messages: z.array(inboxMessageSchema) });
export type InboxMessageList = z.output<typeof inboxMessageListSchema>;
