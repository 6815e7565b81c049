import { and, asc, eq, exists, ilike, inArray, or } from 'drizzle-orm';
import type { AdminStreamerSummary } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { streamerMembers, streamers, users } from '../../db/schema.ts';
import { listPendingInvites, presentInvite } from '../invites/invites.service.ts';

/**
 * The admin console's view of streamers: each with its members and pending invites.
 * NOTE: reads the streamers module's tables; the queries belong in streamers.service.ts and
 * should move there when that module is next touched (as site.service.ts notes too).
 */

/** `%`, `_` and `\` match literally in a search. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Streamers by name, matching `query` in the slug, the name or a member's e-mail. */
export async function searchStreamers(
  db: Database,
  options: { query: string; limit: number },
): Promise<AdminStreamerSummary[]> {
  const pattern = likePattern(options.query.trim());
  const memberMatches = exists(
    db
      .select({ one: streamerMembers.userId })
      .from(streamerMembers)
      .innerJoin(users, eq(users.id, streamerMembers.userId))
      .where(and(eq(streamerMembers.streamerId, streamers.id), ilike(users.email, pattern))),
  );
  const rows = await db
    .select()
    .from(streamers)
    .where(
      options.query.trim()
        ? or(ilike(streamers.slug, pattern), ilike(streamers.name, pattern), memberMatches)
        : undefined,
    )
    .orderBy(asc(streamers.name), asc(streamers.slug))
    .limit(options.limit);
  return summarise(db, rows);
}

export async function getStreamerSummary(
  db: Database,
  streamer: typeof streamers.$inferSelect,
): Promise<AdminStreamerSummary> {
  const [summary] = await summarise(db, [streamer]);
  if (!summary) throw new Error('summary of one streamer is missing');
  return summary;
}

async function summarise(
  db: Database,
  rows: Array<typeof streamers.$inferSelect>,
): Promise<AdminStreamerSummary[]> {
  const ids = rows.map((row) => row.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            streamerId: streamerMembers.streamerId,
            email: users.email,
            isAdmin: streamerMembers.isAdmin,
          })
          .from(streamerMembers)
          .innerJoin(users, eq(users.id, streamerMembers.userId))
          .where(inArray(streamerMembers.streamerId, ids))
          .orderBy(asc(users.email));
  const invites = await listPendingInvites(db, ids);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand_color: row.brandColor,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    members: members
      .filter((member) => member.streamerId === row.id)
      .map((member) => ({ email: member.email, is_admin: member.isAdmin })),
    pending_invites: invites
      .filter((invite) => invite.streamerId === row.id)
      .map((invite) => presentInvite(invite)),
  }));
}
