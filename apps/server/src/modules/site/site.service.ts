import { asc, eq } from 'drizzle-orm';
import {
  SITE_MESSAGES,
  VIDEO_URL_SETTING_KEY,
  type ContactMessage,
  type Lead,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { contactMessages, siteSettings, streamers, userSignups } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';

/** Stores a sign-up lead; 409 when the e-mail (already lower-cased by the schema) is taken. */
export async function createLead(db: Database, lead: Lead): Promise<{ id: string }> {
  const [created] = await db
    .insert(userSignups)
    .values({
      name: lead.name,
      mobileNumber: lead.mobile_number,
      youtubeChannel: lead.youtube_channel,
      email: lead.email,
      instagramHandle: lead.instagram_handle,
      plan: lead.plan ?? null,
    })
    .onConflictDoNothing({ target: userSignups.email })
    .returning({ id: userSignups.id });
  if (!created) throw conflict(SITE_MESSAGES.leadDuplicate, 'email_already_registered');
  return created;
}

export type StoredContactMessage = ContactMessage & { id: string; createdAt: Date };

/** Stores a contact message; the e-mail notification (if any) is sent after this returns. */
export async function saveContactMessage(
  db: Database,
  message: ContactMessage,
): Promise<StoredContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone,
      message: message.message,
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
 * Slugs of the streamers whose donation pages are public, for the XML site map.
 * NOTE: this reads the streamers module's table; it belongs in streamers.service.ts (as e.g.
 * `listActiveStreamerSlugs`) and should move there when that module is next touched.
 */
export async function listPublicStreamerSlugs(db: Database): Promise<string[]> {
  const rows = await db
    .select({ slug: streamers.slug })
    .from(streamers)
    .where(eq(streamers.isActive, true))
    .orderBy(asc(streamers.slug));
  return rows.map((row) => row.slug);
}
