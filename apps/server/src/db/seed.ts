import { sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../modules/auth/password.ts';
import type { Database } from './client.ts';
import { siteSettings, slugAliases, streamers, users } from './schema.ts';

type StreamerSeed = typeof streamers.$inferInsert;

/**
 * The spec's eight demo streamers (spec 02 §2). The spec redacts one name; ours is "ankitplays".
 * Theme, form variant, emote picker and hyperemote price are settings, seeded from the spec.
 */
export const DEMO_STREAMERS: StreamerSeed[] = [
  {
    slug: 'chiaa',
    name: 'Chiaa',
    brandColor: '#db2777',
    theme: 'cover',
    hyperemotePricePaise: 5000,
  },
  { slug: 'ankitplays', name: 'Ankit Plays', brandColor: '#2563eb', theme: 'blue' },
  {
    slug: 'techgamer',
    name: 'TechGamer',
    brandColor: '#16a34a',
    theme: 'green',
    showEmotePicker: true,
  },
  {
    slug: 'musicstream',
    name: 'MusicStream',
    brandColor: '#9333ea',
    theme: 'purple',
    showEmotePicker: true,
  },
  {
    slug: 'fitnessflow',
    name: 'FitnessFlow',
    brandColor: '#ea580c',
    theme: 'orange',
    showEmotePicker: true,
  },
  {
    slug: 'codelive',
    name: 'CodeLive',
    brandColor: '#16a34a',
    theme: 'green',
    formVariant: 'simple',
  },
  {
    slug: 'artcreate',
    name: 'ArtCreate',
    brandColor: '#db2777',
    theme: 'pink',
    formVariant: 'simple',
  },
  {
    slug: 'demostreamer',
    name: 'Demo Streamer',
    brandColor: '#2563eb',
    theme: 'blue',
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

const SEEDED_KEY = 'seeded_at';

export type SeedResult = {
  /** Set only on the first start, when the admin account was created. */
  admin?: { email: string; password: string; generated: boolean };
};

/**
 * Seeds demo streamers, their aliases and the admin account on the first start only, so a
 * streamer an operator later removes does not come back.
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

    const admin = await tx
      .insert(users)
      .values({ email, username: 'admin', passwordHash, role: 'admin' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (admin.length === 0) return {};
    return { admin: { email, password, generated: options.adminPassword === undefined } };
  });
}
