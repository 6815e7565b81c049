import { eq, sql } from 'drizzle-orm';
import { VIDEO_URL_SETTING_KEY } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { siteSettings } from '../../db/schema.ts';
import { recordAudit, type Actor } from './settings-audit.service.ts';

/**
 * Sets (or with null, clears) the home page's background video URL, recorded in the audit log
 * with the value it replaced. The site module reads it (getVideoUrl).
 * NOTE: writes the site module's site_settings table; belongs beside getVideoUrl in
 * site.service.ts when that module is next touched.
 */
export async function setVideoUrl(
  db: Database,
  input: { url: string | null; actor: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, VIDEO_URL_SETTING_KEY))
      .for('update');
    const oldValue = current?.value ?? null;
    if (oldValue === input.url) return;
    if (input.url === null) {
      await tx.delete(siteSettings).where(eq(siteSettings.key, VIDEO_URL_SETTING_KEY));
    } else {
      await tx
        .insert(siteSettings)
        .values({ key: VIDEO_URL_SETTING_KEY, value: input.url })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value: input.url, updatedAt: sql`now()` },
        });
    }
    await recordAudit(tx, {
      streamerId: null,
      actor: input.actor,
      changes: [{ section: 'site', field: 'video_url', oldValue, newValue: input.url }],
    });
  });
}
