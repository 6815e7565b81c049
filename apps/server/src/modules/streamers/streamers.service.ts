import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  MAX_OWN_PAGES,
  ONBOARDING_MESSAGES,
  slugSchema,
  type AccessibleStreamer,
  type SlugAvailability,
} from '@shabaash/core';
import type { Database, Transaction } from '../../db/client.ts';
import { slugAliases, streamerMembers, streamers, users, type Streamer } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';

export async function findStreamerBySlug(db: Database, slug: string): Promise<Streamer | null> {
  const [streamer] = await db.select().from(streamers).where(eq(streamers.slug, slug));
  return streamer ?? null;
}

/** The canonical slug an old spelling points to (music_stream → musicstream), if any. */
export async function resolveSlugAlias(db: Database, alias: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: streamers.slug })
    .from(slugAliases)
    .innerJoin(streamers, eq(streamers.id, slugAliases.streamerId))
    .where(eq(slugAliases.alias, alias));
  return row?.slug ?? null;
}

/** A streamer by its slug or by an old spelling of it. */
export async function findStreamerBySlugOrAlias(
  db: Database,
  slug: string,
): Promise<Streamer | null> {
  const streamer = await findStreamerBySlug(db, slug);
  if (streamer) return streamer;
  const canonical = await resolveSlugAlias(db, slug);
  return canonical ? findStreamerBySlug(db, canonical) : null;
}

/** Whether the user is a member of the streamer, and a member-admin if so. */
export async function findMembership(
  db: Database,
  streamerId: string,
  userId: string,
): Promise<{ isAdmin: boolean } | null> {
  const [row] = await db
    .select({ isAdmin: streamerMembers.isAdmin })
    .from(streamerMembers)
    .where(and(eq(streamerMembers.streamerId, streamerId), eq(streamerMembers.userId, userId)));
  return row ?? null;
}

/** Dashboards the user may open: every streamer for an admin, their memberships otherwise. */
export async function listAccessibleStreamers(
  db: Database,
  user: { id: string; role: string },
): Promise<AccessibleStreamer[]> {
  if (user.role === 'admin') {
    const rows = await db.select().from(streamers).orderBy(asc(streamers.name));
    return rows.map((row) => presentAccessibleStreamer(row, true));
  }
  const rows = await db
    .select({ streamer: streamers, isAdmin: streamerMembers.isAdmin })
    .from(streamerMembers)
    .innerJoin(streamers, eq(streamers.id, streamerMembers.streamerId))
    .where(eq(streamerMembers.userId, user.id))
    .orderBy(asc(streamers.name));
  return rows.map((row) => presentAccessibleStreamer(row.streamer, row.isAdmin));
}

export type NewStreamer = { slug: string; name: string; brandColor: string; ownerEmail?: string };

/**
 * Creates a streamer, and makes the owner (an existing user) its first member: for the CLI,
 * whose operator vouches for the account. The admin API invites the owner instead.
 */
export async function createStreamer(db: Database, input: NewStreamer): Promise<Streamer> {
  return db.transaction(async (tx) => {
    const [alias] = await tx.select().from(slugAliases).where(eq(slugAliases.alias, input.slug));
    if (alias) throw conflict('This slug is already taken.', 'slug_taken');
    const [created] = await tx
      .insert(streamers)
      .values({ slug: input.slug, name: input.name, brandColor: input.brandColor })
      .onConflictDoNothing({ target: streamers.slug })
      .returning();
    if (!created) throw conflict('This slug is already taken.', 'slug_taken');
    if (input.ownerEmail) {
      const [owner] = await tx.select().from(users).where(eq(users.email, input.ownerEmail));
      if (!owner) throw notFound(`No user with e-mail ${input.ownerEmail}.`, 'user_not_found');
      await tx.insert(streamerMembers).values({ streamerId: created.id, userId: owner.id });
    }
    return created;
  });
}

/** Whether a streamer has this slug, or had it (an old spelling that still redirects). */
async function isSlugTaken(db: Database, slug: string): Promise<boolean> {
  const [streamer] = await db
    .select({ id: streamers.id })
    .from(streamers)
    .where(eq(streamers.slug, slug));
  if (streamer) return true;
  const [alias] = await db.select().from(slugAliases).where(eq(slugAliases.alias, slug));
  return alias !== undefined;
}

/**
 * "Create your page"'s live check: the address rules (slugSchema: format and reserved words),
 * then whether a page has it. Creating still checks again, so a race cannot share a slug.
 */
export async function checkSlugAvailability(
  db: Database,
  typed: string,
): Promise<SlugAvailability> {
  const parsed = slugSchema.safeParse(typed);
  if (!parsed.success) {
    return {
      slug: typed,
      available: false,
      reason: parsed.error.issues[0]?.message ?? ONBOARDING_MESSAGES.slugTaken,
    };
  }
  const slug = parsed.data;
  const isTaken = await isSlugTaken(db, slug);
  return { slug, available: !isTaken, reason: isTaken ? ONBOARDING_MESSAGES.slugTaken : null };
}

/**
 * A page the creator makes for themselves, in the caller's transaction: the streamer, and its
 * owner's membership. An account may own at most MAX_OWN_PAGES this way (403 `too_many_pages`),
 * counted under a lock on the account so two quick clicks cannot both pass the count.
 */
export async function createOwnPage(
  tx: Transaction,
  input: { ownerId: string; slug: string; name: string; brandColor: string },
): Promise<Streamer> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`own-pages:${input.ownerId}`}))`);
  const [owned] = await tx
    .select({ pages: count() })
    .from(streamerMembers)
    .where(eq(streamerMembers.userId, input.ownerId));
  if ((owned?.pages ?? 0) >= MAX_OWN_PAGES) {
    throw forbidden(ONBOARDING_MESSAGES.tooManyPages, 'too_many_pages');
  }
  const created = await createStreamer(tx, input);
  await grantMembership(tx, { streamerId: created.id, userId: input.ownerId, isAdmin: false });
  return created;
}

/** Adds or updates a membership. */
export async function grantMembership(
  db: Database,
  input: { streamerId: string; userId: string; isAdmin: boolean },
): Promise<void> {
  await db
    .insert(streamerMembers)
    .values(input)
    .onConflictDoUpdate({
      target: [streamerMembers.streamerId, streamerMembers.userId],
      set: { isAdmin: input.isAdmin },
    });
}

/** Removes a membership; false when there was none. */
export async function revokeMembership(
  db: Database,
  input: { streamerId: string; userId: string },
): Promise<boolean> {
  const removed = await db
    .delete(streamerMembers)
    .where(
      and(
        eq(streamerMembers.streamerId, input.streamerId),
        eq(streamerMembers.userId, input.userId),
      ),
    )
    .returning();
  return removed.length > 0;
}

function presentAccessibleStreamer(streamer: Streamer, isAdmin: boolean): AccessibleStreamer {
  return {
    streamer_slug: streamer.slug,
    streamer_name: streamer.name,
    brand_color: streamer.brandColor,
    is_admin: isAdmin,
  };
}
