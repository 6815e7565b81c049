import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_STREAMER_SETTING_KEY,
  SETTINGS_MESSAGES,
  SOCIAL_LINKS_SETTING_KEY,
  SUPPORT_CONTACT_SETTING_KEY,
  VIDEO_URL_SETTING_KEY,
  type SiteConfig,
} from '@shabaash/core';
import type { Database, Transaction } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { findStreamerBySlug } from '../streamers/streamers.service.ts';
import { recordAudit, type Actor } from './settings-audit.service.ts';

/*
 * The admin console's site-wide settings, written here; the site module reads them
 * (site.service.ts: getVideoUrl, getSiteConfig).
 * NOTE: writes the site module's site_settings table; belongs beside those reads in
 * site.service.ts when that module is next touched.
 */

/**
 * Sets (or with null, removes) one site setting, recorded in the audit log as `field` with the
 * value it replaced. An unchanged value writes nothing and records nothing.
 */
async function writeSiteSetting(
  tx: Transaction,
  input: { key: string; field: string; value: unknown; actor: Actor },
): Promise<void> {
  const [current] = await tx
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, input.key))
    .for('update');
  const oldValue = current?.value ?? null;
  // Deep equality: jsonb keeps an object's keys in its own order, not the order they were sent.
  if (isDeepStrictEqual(oldValue, input.value)) return;
  if (input.value === null) {
    await tx.delete(siteSettings).where(eq(siteSettings.key, input.key));
  } else {
    await tx
      .insert(siteSettings)
      .values({ key: input.key, value: input.value })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: input.value, updatedAt: sql`now()` },
      });
  }
  await recordAudit(tx, {
    streamerId: null,
    actor: input.actor,
    changes: [{ section: 'site', field: input.field, oldValue, newValue: input.value }],
  });
}

/** Sets (or with null, clears) the home page's background video URL. */
export async function setVideoUrl(
  db: Database,
  input: { url: string | null; actor: Actor },
): Promise<void> {
  await db.transaction((tx) =>
    writeSiteSetting(tx, {
      key: VIDEO_URL_SETTING_KEY,
      field: 'video_url',
      value: input.url,
      actor: input.actor,
    }),
  );
}

/**
 * Sets the default streamer (the status page's fallback, spec 02 §2), the footer's social
 * links and the support contact details (/contact). The default streamer must be an existing streamer's slug (400 otherwise); no links
 * clears the setting rather than storing an empty object.
 */
export async function setSiteConfig(
  db: Database,
  input: { config: SiteConfig; actor: Actor },
): Promise<void> {
  const { default_streamer: defaultStreamer, social_links: socialLinks, support } = input.config;
  await db.transaction(async (tx) => {
    if (defaultStreamer !== null && !(await findStreamerBySlug(tx, defaultStreamer))) {
      throw badRequest(SETTINGS_MESSAGES.defaultStreamerUnknown, 'default_streamer_unknown');
    }
    await writeSiteSetting(tx, {
      key: DEFAULT_STREAMER_SETTING_KEY,
      field: 'default_streamer',
      value: defaultStreamer,
      actor: input.actor,
    });
    await writeSiteSetting(tx, {
      key: SOCIAL_LINKS_SETTING_KEY,
      field: 'social_links',
      value: Object.keys(socialLinks).length === 0 ? null : socialLinks,
      actor: input.actor,
    });
    await writeSiteSetting(tx, {
      key: SUPPORT_CONTACT_SETTING_KEY,
      field: 'support',
      value: Object.keys(support).length === 0 ? null : support,
      actor: input.actor,
    });
  });
}
