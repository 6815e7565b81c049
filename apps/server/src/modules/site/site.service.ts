import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_STREAMER_SETTING_KEY,
  SITE_MESSAGES,
  SITE_SOCIAL_PLATFORMS,
  SOCIAL_LINKS_SETTING_KEY,
  SUPPORT_CONTACT_SETTING_KEY,
  VIDEO_URL_SETTING_KEY,
  isHttpsUrl,
  noticeVersion,
  siteConfigSchema,
  type ContactMessage,
  type Lead,
  type SiteConfig,
  type SiteSocialLinks,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { contactMessages, siteSettings, userSignups } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import {
  contactPhoneContext,
  leadPhoneContext,
  type PersonalData,
} from '../privacy/personal-data.ts';
import { findStreamerBySlug } from '../streamers/streamers.service.ts';

/**
 * Stores a sign-up lead; 409 when the e-mail (already lower-cased by the schema) is taken. The
 * mobile number is kept sealed only (issue 29), bound to the row's id, made here for that.
 */
export async function createLead(
  db: Database,
  personalData: PersonalData,
  lead: Lead,
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const [created] = await db
    .insert(userSignups)
    .values({
      id,
      name: lead.name,
      mobileNumberEnc: personalData.seal(lead.mobile_number, leadPhoneContext(id)),
      youtubeChannel: lead.youtube_channel,
      email: lead.email,
      instagramHandle: lead.instagram_handle,
      plan: lead.plan ?? null,
      noticeVersion: noticeVersion('lead'),
    })
    .onConflictDoNothing({ target: userSignups.email })
    .returning({ id: userSignups.id });
  if (!created) throw conflict(SITE_MESSAGES.leadDuplicate, 'email_already_registered');
  return created;
}

export type StoredContactMessage = ContactMessage & { id: string; createdAt: Date };

/**
 * Stores a contact message, its phone (if any) sealed only (issue 29); the e-mail notification
 * (if any) is sent after this returns.
 */
export async function saveContactMessage(
  db: Database,
  personalData: PersonalData,
  message: ContactMessage,
): Promise<StoredContactMessage> {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(contactMessages)
    .values({
      id,
      name: message.name,
      email: message.email,
      phoneEnc: message.phone ? personalData.seal(message.phone, contactPhoneContext(id)) : null,
      message: message.message,
      noticeVersion: noticeVersion('contact'),
    })
    .returning();
  if (!row) throw new Error('contact message not stored');
  return { ...message, id: row.id, createdAt: row.createdAt };
}

/** Records that the notification for a contact message reached the mail server. */
export async function markContactMessageEmailed(db: Database, id: string): Promise<void> {
  await db.update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, id));
}

/**
 * The home page's background video: an admin-set `site_settings` value holding an http(s) URL
 * (a JSON string). Anything else, or nothing, is null and the page shows its gradient.
 */
export async function getVideoUrl(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, VIDEO_URL_SETTING_KEY));
  const value = row?.value;
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The default streamer, the footer's social links and the support contact details
 * (`GET /api/site/config`, public). Only these three settings are read, and only in their expected shape: a default streamer who no
 * longer exists is null (Back to Donation Page then goes home, never to a not-found page), and a
 * link that is not https on a known network is left out.
 */
export async function getSiteConfig(db: Database): Promise<SiteConfig> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(
      inArray(siteSettings.key, [
        DEFAULT_STREAMER_SETTING_KEY,
        SOCIAL_LINKS_SETTING_KEY,
        SUPPORT_CONTACT_SETTING_KEY,
      ]),
    );
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;

  const slug = valueOf(DEFAULT_STREAMER_SETTING_KEY);
  const defaultStreamer =
    typeof slug === 'string' && (await findStreamerBySlug(db, slug)) ? slug : null;

  const stored = valueOf(SOCIAL_LINKS_SETTING_KEY);
  const links = new Map<string, unknown>(
    typeof stored === 'object' && stored !== null ? Object.entries(stored) : [],
  );
  const socialLinks: SiteSocialLinks = {};
  for (const platform of SITE_SOCIAL_PLATFORMS) {
    const url = links.get(platform);
    if (typeof url === 'string' && isHttpsUrl(url)) socialLinks[platform] = url;
  }
  // Stored through the same schema; anything else (an old or hand-edited row) shows nothing.
  const support = siteConfigSchema.shape.support.safeParse(
    valueOf(SUPPORT_CONTACT_SETTING_KEY) ?? {},
  );
  return {
    default_streamer: defaultStreamer,
    social_links: socialLinks,
    support: support.success ? support.data : {},
  };
}
