import fs from 'node:fs';
import { socialLinkSchema } from '@shabaash/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { verifyPassword } from '../modules/auth/password.ts';
import { presentPublicSettings } from '../modules/settings/settings.presenter.ts';
import { getSiteConfig } from '../modules/site/site.service.ts';
import { slugAliases, streamers, users } from './schema.ts';
import { seedOnFirstStart } from './seed.ts';

/** The web app's public folder, which the web build copies to the root of the site. */
const WEB_PUBLIC_DIR = new URL('../../../web/public', import.meta.url).href;

describe('first-start seed', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the demo streamers, aliases and an admin with a generated password, once', async () => {
    const first = await seedOnFirstStart(database.db, { adminEmail: ' Admin@Shabaash.Local ' });
    expect(first.admin?.email).toBe('admin@shabaash.local');
    expect(first.admin?.generated).toBe(true);

    const rows = await database.db.select().from(streamers);
    expect(rows.map((row) => row.slug).sort()).toEqual(
      [
        'ankitplays',
        'artcreate',
        'chiaa',
        'codelive',
        'demostreamer',
        'fitnessflow',
        'musicstream',
        'techgamer',
      ].sort(),
    );
    expect(rows.every((row) => row.moderationMode === 'auto')).toBe(true);
    // Issue 32: a full demo page. Every page links one to three profiles the settings form would
    // accept, and every cover is a file the web app ships; chiaa's cover theme shows one.
    for (const row of rows) {
      const links = presentPublicSettings(row).social_links;
      expect(links.length, row.slug).toBeGreaterThanOrEqual(1);
      expect(links.length, row.slug).toBeLessThanOrEqual(3);
      for (const link of links) {
        expect(socialLinkSchema.safeParse(link).success, link.url).toBe(true);
        expect(link.url.toLowerCase(), row.slug).toContain(row.slug);
      }
      if (row.theme === 'cover') expect(row.coverImageUrl, row.slug).toBeTruthy();
      if (row.coverImageUrl) {
        expect(row.coverImageUrl).toBe(`/demo/covers/${row.slug}.svg`);
        expect(fs.existsSync(new URL(`${WEB_PUBLIC_DIR}${row.coverImageUrl}`))).toBe(true);
      }
    }
    expect(rows.find((row) => row.slug === 'chiaa')?.theme).toBe('cover');
    const techgamer = rows.find((row) => row.slug === 'techgamer');
    expect(techgamer).toMatchObject({
      theme: 'green',
      showEmotePicker: true,
      hyperemotePricePaise: 100,
    });
    expect(rows.find((row) => row.slug === 'codelive')?.formVariant).toBe('simple');
    expect(rows.find((row) => row.slug === 'chiaa')?.hyperemotePricePaise).toBe(5000);
    // Spec 02 §2 and §4: chiaa's dialog asks for the mobile number and Hyperemotes sets a
    // celebration text there; every other page keeps the defaults.
    const pageTexts = (slug: string) => {
      const row = rows.find((candidate) => candidate.slug === slug);
      if (!row) throw new Error(`no ${slug}`);
      const { mobile_dialog_title, hyperemote_message } = presentPublicSettings(row);
      return { mobile_dialog_title, hyperemote_message };
    };
    expect(pageTexts('chiaa')).toEqual({
      mobile_dialog_title: 'Enter Mobile Number',
      hyperemote_message: expect.stringMatching(/\S/),
    });
    for (const slug of ['ankitplays', 'techgamer', 'codelive', 'demostreamer']) {
      expect(pageTexts(slug)).toEqual({
        mobile_dialog_title: 'Complete Your Donation',
        hyperemote_message: null,
      });
    }

    const [alias] = await database.db
      .select()
      .from(slugAliases)
      .where(eq(slugAliases.alias, 'music_stream'));
    expect(alias?.streamerId).toBe(rows.find((row) => row.slug === 'musicstream')?.id);
    // The status page's fallback for an order id that names no streamer (spec 02 §2).
    expect((await getSiteConfig(database.db)).default_streamer).toBe('chiaa');
    // No placeholder phone or chat: only the support address the legal pages name.
    expect((await getSiteConfig(database.db)).support).toEqual({ email: 'support@shabaash.in' });

    const [admin] = await database.db.select().from(users);
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(first.admin?.password ?? '', admin?.passwordHash ?? '')).toBe(true);
    expect(admin?.passwordHash).not.toContain(first.admin?.password ?? '');

    // A second start seeds nothing and does not bring back a removed streamer.
    await database.db.delete(slugAliases).where(eq(slugAliases.streamerId, techgamer?.id ?? ''));
    await database.db.delete(streamers).where(eq(streamers.slug, 'techgamer'));
    const second = await seedOnFirstStart(database.db, { adminEmail: 'admin@shabaash.local' });
    expect(second).toEqual({});
    expect(await database.db.select().from(streamers)).toHaveLength(7);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it('runs migrations twice without harm', async () => {
    await database.migrate();
    expect(await database.db.select().from(users)).toHaveLength(1);
  });
});
