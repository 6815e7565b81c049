import type { MailLocale } from '@shabaash/core';
import { and, asc, eq, exists, ilike, inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { streamerMembers, streamers, users, type Streamer } from '../../db/schema.ts';

/*
 * The streamers module owns `streamers`, `slug_aliases` and `streamer_members`: other modules
 * read and write them only through the functions here and in streamers.service.ts, so a
 * column can change in one place. eslint.config.js enforces this for apps/server/src/modules.
 */

/** Columns another module may change (settings, images, the active flag, the leaderboard). */
export type StreamerChanges = Partial<Omit<typeof streamers.$inferInsert, 'id' | 'createdAt'>>;

/** A streamer by id (the event bus speaks ids), or null. */
export async function findStreamerById(db: Database, id: string): Promise<Streamer | null> {
  const [row] = await db.select().from(streamers).where(eq(streamers.id, id));
  return row ?? null;
}

/** The slugs of some streamers by id; ids of streamers that do not exist are left out. */
export async function findStreamerSlugs(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: streamers.id, slug: streamers.slug })
    .from(streamers)
    .where(inArray(streamers.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.slug]));
}

/** Slugs of the streamers whose donation pages are public (the XML site map). */
export async function listActiveStreamerSlugs(db: Database): Promise<string[]> {
  const rows = await db
    .select({ slug: streamers.slug })
    .from(streamers)
    .where(eq(streamers.isActive, true))
    .orderBy(asc(streamers.slug));
  return rows.map((row) => row.slug);
}

/** `%`, `_` and `\` match literally in a search. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Streamers by name then slug, matching `query` in the slug, the name or a member's e-mail;
 * every streamer when the query is blank (the admin console's list).
 */
export async function searchStreamerRows(
  db: Database,
  options: { query: string; limit: number },
): Promise<Streamer[]> {
  const query = options.query.trim();
  const pattern = likePattern(query);
  const memberMatches = exists(
    db
      .select({ one: streamerMembers.userId })
      .from(streamerMembers)
      .innerJoin(users, eq(users.id, streamerMembers.userId))
      .where(and(eq(streamerMembers.streamerId, streamers.id), ilike(users.email, pattern))),
  );
  return db
    .select()
    .from(streamers)
    .where(
      query
        ? or(ilike(streamers.slug, pattern), ilike(streamers.name, pattern), memberMatches)
        : undefined,
    )
    .orderBy(asc(streamers.name), asc(streamers.slug))
    .limit(options.limit);
}

export type StreamerMember = {
  streamerId: string;
  email: string;
  isAdmin: boolean;
  /** The language of the e-mails the member receives. */
  locale: MailLocale;
};

/** The members of some streamers with their e-mail and its language, by e-mail. */
export async function listStreamerMembers(
  db: Database,
  streamerIds: readonly string[],
): Promise<StreamerMember[]> {
  if (streamerIds.length === 0) return [];
  return db
    .select({
      streamerId: streamerMembers.streamerId,
      email: users.email,
      isAdmin: streamerMembers.isAdmin,
      locale: users.locale,
    })
    .from(streamerMembers)
    .innerJoin(users, eq(users.id, streamerMembers.userId))
    .where(inArray(streamerMembers.streamerId, [...streamerIds]))
    .orderBy(asc(users.email));
}

/**
 * The e-mail language of a page's owner: its first member (who created it or accepted the
 * owner's invite). Null for a page without members yet.
 */
export async function findPageOwnerLocale(
  db: Database,
  streamerId: string,
): Promise<MailLocale | null> {
  const [owner] = await db
    .select({ locale: users.locale })
    .from(streamerMembers)
    .innerJoin(users, eq(users.id, streamerMembers.userId))
    .where(eq(streamerMembers.streamerId, streamerId))
    .orderBy(asc(streamerMembers.createdAt), asc(streamerMembers.userId))
    .limit(1);
  return owner?.locale ?? null;
}

/**
 * Reads a streamer and locks its row until the transaction ends, so a read-modify-write of
 * its settings cannot interleave with another. Null when there is no such streamer.
 */
export async function lockStreamerForUpdate(
  tx: Transaction,
  streamerId: string,
): Promise<Streamer | null> {
  const [row] = await tx.select().from(streamers).where(eq(streamers.id, streamerId)).for('update');
  return row ?? null;
}

/** Writes some columns of a streamer; the streamer as it now is, or null when there is none. */
export async function updateStreamerColumns(
  db: Database | Transaction,
  streamerId: string,
  changes: StreamerChanges,
): Promise<Streamer | null> {
  const [row] = await db
    .update(streamers)
    .set(changes)
    .where(eq(streamers.id, streamerId))
    .returning();
  return row ?? null;
}

/**
 * Every streamer row as a subquery, for the hot paths that must read a streamer in the same
 * statement as their own rows rather than in a second round trip (an overlay's token check,
 * the read before a payment settles). Join on `.id`; select single fields (`.isActive`), or
 * the whole `Streamer` with `streamerFieldsOf`. PostgreSQL pulls the subquery up into the
 * join, so the plan is that of a join on the table.
 */
export function streamerRowsSubquery(db: Database, alias = 'streamer') {
  return db.select().from(streamers).as(alias);
}

/** The whole-row selection of a `streamerRowsSubquery`: selected, it reads as a `Streamer`. */
export function streamerFieldsOf(subquery: ReturnType<typeof streamerRowsSubquery>) {
  return subquery._.selectedFields;
}

/**
 * The ids of the active streamers as a subquery to join on `.id`: rows of a deactivated
 * streamer drop out of the same statement (alert replay and delivery).
 */
export function activeStreamersSubquery(db: Database, alias = 'active_streamer') {
  return db
    .select({ id: streamers.id })
    .from(streamers)
    .where(eq(streamers.isActive, true))
    .as(alias);
}

/** Ends every membership of an account (its erasure, issue 29); answers the pairs removed. */
export async function removeAllMemberships(
  db: Database | Transaction,
  userId: string,
): Promise<{ streamerId: string; userId: string }[]> {
  return db
    .delete(streamerMembers)
    .where(eq(streamerMembers.userId, userId))
    .returning({ streamerId: streamerMembers.streamerId, userId: streamerMembers.userId });
}
