import type { AdminStreamerSummary } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { listPendingInvites, presentInvite } from '../invites/invites.service.ts';
import { listStreamerMembers, searchStreamerRows } from '../streamers/streamers.repository.ts';
import type { Streamer } from '../../db/schema.ts';

// The admin console's view of streamers: each with its members and pending invites.

/** Streamers by name, matching `query` in the slug, the name or a member's e-mail. */
export async function searchStreamers(
  db: Database,
  options: { query: string; limit: number },
): Promise<AdminStreamerSummary[]> {
  return summarise(db, await searchStreamerRows(db, options));
}

export async function getStreamerSummary(
  db: Database,
  streamer: Streamer,
): Promise<AdminStreamerSummary> {
  const [summary] = await summarise(db, [streamer]);
  if (!summary) throw new Error('summary of one streamer is missing');
  return summary;
}

async function summarise(db: Database, rows: Streamer[]): Promise<AdminStreamerSummary[]> {
  const ids = rows.map((row) => row.id);
  const members = await listStreamerMembers(db, ids);
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
