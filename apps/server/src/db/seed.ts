import { sql } from 'drizzle-orm';
import {
  DEFAULT_STREAMER_SETTING_KEY,
  LEGAL_SUPPORT_EMAIL,
  SUPPORT_CONTACT_SETTING_KEY,
} from '@shabaash/core';
import { generatePassword, hashPassword } from '../modules/auth/password.ts';
import type { Database } from './client.ts';
import { siteSettings, slugAliases, streamerPlans, streamers, users } from './schema.ts';

type StreamerSeed = typeof streamers.$inferInsert;

/**
 * A demo page's cover: original artwork shipped with the web app (apps/web/public/demo/covers),
 * so no upload is needed. Spec 02 §2 gives only chiaa the cover theme; musicstream and
 * fitnessflow keep their colours but hold a cover too, so switching their theme shows one.
 */
export const demoCoverUrl = (slug: string) => `/demo/covers/${slug}.svg`;

/**
 * The spec's eight demo streamers (spec 02 §2). The spec redacts one name; ours is "ankitplays".
 * Theme, form variant, emote picker, hyperemote price and chiaa's own texts (its mobile-number
 * dialog title, and the celebration text Hyperemotes sets instead of clearing the message: spec
 * 02 §2 and §4) are settings, seeded from the spec. Welcome texts, covers and social links are
 * ours, so a visitor sees a full page (issue 32); the links use each demo slug as the handle.
 */
export const DEMO_STREAMERS: StreamerSeed[] = [
  {
    slug: 'chiaa',
    welcomeText:
      'Chill IRL streams, late-night chats and the occasional karaoke. Say hi with a tip!',
    name: 'Chiaa',
    brandColor: '#db2777',
    theme: 'cover',
    coverImageUrl: demoCoverUrl('chiaa'),
    socialLinks: [
      { platform: 'instagram', url: 'https://www.instagram.com/chiaa' },
      { platform: 'youtube', url: 'https://www.youtube.com/@chiaa' },
    ],
    hyperemotePricePaise: 5000,
    mobileDialogTitle: 'Enter Mobile Number',
    hyperemoteMessage: '🎉 Hyperemote celebration! 🎉',
  },
  {
    slug: 'ankitplays',
    welcomeText:
      'BGMI and Valorant most nights from 9 pm. Drop a tip with a shout-out and it pops up on stream.',
    name: 'Ankit Plays',
    brandColor: '#2563eb',
    theme: 'blue',
    socialLinks: [
      { platform: 'youtube', url: 'https://www.youtube.com/@ankitplays' },
      { platform: 'instagram', url: 'https://www.instagram.com/ankitplays' },
      { platform: 'x', url: 'https://x.com/ankitplays' },
    ],
  },
  {
    slug: 'techgamer',
    welcomeText:
      'PC builds, benchmarks and ranked grinds. Hyperemotes rain on screen — pick your favourite.',
    name: 'TechGamer',
    brandColor: '#16a34a',
    theme: 'green',
    socialLinks: [
      { platform: 'twitch', url: 'https://www.twitch.tv/techgamer' },
      { platform: 'youtube', url: 'https://www.youtube.com/@techgamer' },
    ],
    showEmotePicker: true,
  },
  {
    slug: 'musicstream',
    welcomeText: 'Live covers in Hindi and English. Send a voice note or a request with your tip.',
    name: 'MusicStream',
    brandColor: '#9333ea',
    theme: 'purple',
    coverImageUrl: demoCoverUrl('musicstream'),
    socialLinks: [
      { platform: 'youtube', url: 'https://www.youtube.com/@musicstream' },
      { platform: 'instagram', url: 'https://www.instagram.com/musicstream' },
    ],
    showEmotePicker: true,
  },
  {
    slug: 'fitnessflow',
    welcomeText:
      'Morning workouts you can follow at home. Tips keep the sessions free for everyone.',
    name: 'FitnessFlow',
    brandColor: '#ea580c',
    theme: 'orange',
    coverImageUrl: demoCoverUrl('fitnessflow'),
    socialLinks: [
      { platform: 'youtube', url: 'https://www.youtube.com/@fitnessflow' },
      { platform: 'instagram', url: 'https://www.instagram.com/fitnessflow' },
      { platform: 'facebook', url: 'https://www.facebook.com/fitnessflow' },
    ],
    showEmotePicker: true,
  },
  {
    slug: 'codelive',
    welcomeText:
      'Building web apps live with TypeScript and React. Questions in the tip message are welcome.',
    name: 'CodeLive',
    brandColor: '#16a34a',
    theme: 'green',
    socialLinks: [
      { platform: 'youtube', url: 'https://www.youtube.com/@codelive' },
      { platform: 'x', url: 'https://x.com/codelive' },
    ],
    formVariant: 'simple',
  },
  {
    slug: 'artcreate',
    welcomeText: 'Digital painting and sketch streams. Your tip can pick the next thing I draw.',
    name: 'ArtCreate',
    brandColor: '#db2777',
    theme: 'pink',
    socialLinks: [
      { platform: 'instagram', url: 'https://www.instagram.com/artcreate' },
      { platform: 'twitch', url: 'https://www.twitch.tv/artcreate' },
    ],
    formVariant: 'simple',
  },
  {
    slug: 'demostreamer',
    welcomeText:
      'A demo page: try every tip type here with the sandbox checkout — no real money moves.',
    name: 'Demo Streamer',
    brandColor: '#2563eb',
    theme: 'blue',
    socialLinks: [{ platform: 'youtube', url: 'https://www.youtube.com/@demostreamer' }],
    showEmotePicker: true,
    hyperemotePricePaise: 5000,
  },
];

/** Old spellings used by the spec's status-page back links. */
export const DEMO_ALIASES: Record<string, string> = {
  music_stream: 'musicstream',
  tech_gamer: 'techgamer',
  fitness_flow: 'fitnessflow',
  art_create: 'artcreate',
  code_live: 'codelive',
  demo_streamer: 'demostreamer',
};

/**
 * The default streamer (a site setting the admin console changes): spec 02 §2's status page
 * sends an order id that names no streamer back to the first page, chiaa's.
 */
export const DEFAULT_STREAMER_SEED = 'chiaa';
/** The support address the legal pages name; a phone, hours or chat are the operator's to add. */
export const SUPPORT_CONTACT_SEED = { email: LEGAL_SUPPORT_EMAIL };

const SEEDED_KEY = 'seeded_at';

export type SeedResult = {
  /** Set only on the first start, when the admin account was created. */
  admin?: { email: string; password: string; generated: boolean };
};

/**
 * Seeds demo streamers, their aliases, the default streamer and the admin account on the first
 * start only, so a streamer an operator later removes does not come back.
 */
export async function seedOnFirstStart(
  db: Database,
  options: { adminEmail: string; adminPassword?: string | undefined },
): Promise<SeedResult> {
  const password = options.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const email = options.adminEmail.trim().toLowerCase();

  return db.transaction(async (tx) => {
    // Two instances starting together must seed once: the marker row decides who does.
    const marker = await tx
      .insert(siteSettings)
      .values({ key: SEEDED_KEY, value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning();
    if (marker.length === 0) return {};

    // Seeded demo streamers auto-approve (DESIGN.md, Public contracts).
    const seeded = await tx
      .insert(streamers)
      .values(DEMO_STREAMERS.map((streamer) => ({ moderationMode: 'auto' as const, ...streamer })))
      .onConflictDoNothing()
      .returning({ id: streamers.id, slug: streamers.slug });
    const idBySlug = new Map(seeded.map((row) => [row.slug, row.id]));
    const aliases = Object.entries(DEMO_ALIASES).flatMap(([alias, slug]) => {
      const streamerId = idBySlug.get(slug);
      return streamerId ? [{ alias, streamerId }] : [];
    });
    if (aliases.length > 0) await tx.insert(slugAliases).values(aliases).onConflictDoNothing();
    // The demo pages are live with every tip type: they hold the Complete Bundle (issue 22).
    if (seeded.length > 0) {
      await tx
        .insert(streamerPlans)
        .values(
          seeded.map((row) => ({
            streamerId: row.id,
            planId: 'complete-bundle',
            source: 'admin' as const,
          })),
        )
        .onConflictDoNothing();
    }
    if (idBySlug.has(DEFAULT_STREAMER_SEED)) {
      await tx
        .insert(siteSettings)
        .values({ key: DEFAULT_STREAMER_SETTING_KEY, value: DEFAULT_STREAMER_SEED })
        .onConflictDoNothing();
    }
    await tx
      .insert(siteSettings)
      .values({ key: SUPPORT_CONTACT_SETTING_KEY, value: SUPPORT_CONTACT_SEED })
      .onConflictDoNothing();

    const admin = await tx
      .insert(users)
      // The operator chose this address (ADMIN_EMAIL), so it needs no verification link.
      .values({
        email,
        username: 'admin',
        passwordHash,
        role: 'admin',
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (admin.length === 0) return {};
    return { admin: { email, password, generated: options.adminPassword === undefined } };
  });
}
