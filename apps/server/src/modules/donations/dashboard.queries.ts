import { and, desc, eq, sql } from 'drizzle-orm';
import type { DashboardStats } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { donations, mediaUploads, voiceUploads } from '../../db/schema.ts';
import { countedSql } from '../alerts/alertable.sql.ts';
import { streamerFieldsOf, streamerRowsSubquery } from '../streamers/streamers.repository.ts';

/** A media tip's re-encoded file (issue 26), read-only: only once its order is paid. */
const attachedMedia = and(
  eq(mediaUploads.id, donations.mediaUploadId),
  eq(mediaUploads.donationId, donations.id),
);

/**
 * The dashboard's four stat cards, over successful payments only, computed in SQL.
 * "Today" is the India calendar day (Asia/Kolkata, UTC+5:30): a tip at 18:29 UTC belongs to one
 * day and a tip at 18:30 UTC to the next. `now` is a parameter so tests can stand on a boundary.
 */
export async function getDonationStats(
  db: Database,
  streamerId: string,
  now = new Date(),
): Promise<DashboardStats> {
  const paid = sql`${donations.paymentStatus} = 'success'`;
  const indiaDay = (value: unknown) => sql`((${value}) AT TIME ZONE 'Asia/Kolkata')::date`;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${donations.amountPaise}) filter (where ${paid}), 0)::bigint`,
      count: sql<number>`count(*) filter (where ${paid})::int`,
      today: sql<number>`coalesce(sum(${donations.amountPaise}) filter (where ${paid} and ${indiaDay(donations.createdAt)} = ${indiaDay(sql`${now.toISOString()}::timestamptz`)}), 0)::bigint`,
      pending: sql<number>`count(*) filter (where ${paid} and ${donations.moderationStatus} = 'pending')::int`,
    })
    .from(donations)
    .where(eq(donations.streamerId, streamerId));
  const total = Number(row?.total ?? 0);
  const count = Number(row?.count ?? 0);
  return {
    total_revenue_paise: total,
    donation_count: count,
    today_revenue_paise: Number(row?.today ?? 0),
    average_donation_paise: count === 0 ? 0 : Math.round(total / count),
    pending_review: Number(row?.pending ?? 0),
  };
}

export type DashboardListKind = 'approved' | 'pending';

/** Approved: the 50 newest paid and approved. Pending: the 20 newest paid and awaiting review. */
export async function listDashboardDonations(
  db: Database,
  streamerId: string,
  kind: DashboardListKind,
) {
  // Approved is the counted rule (paid and approved), from the one place it is written.
  const listed =
    kind === 'approved'
      ? countedSql()
      : and(eq(donations.paymentStatus, 'success'), eq(donations.moderationStatus, 'pending'));
  return db
    .select({ donation: donations, voice: voiceUploads, media: mediaUploads })
    .from(donations)
    .leftJoin(voiceUploads, eq(voiceUploads.id, donations.voiceUploadId))
    .leftJoin(mediaUploads, attachedMedia)
    .where(and(eq(donations.streamerId, streamerId), listed))
    .orderBy(desc(donations.createdAt))
    .limit(kind === 'approved' ? 50 : 20);
}

/**
 * A donation with its streamer and voice clip, in one statement: read for every tip sent to
 * moderators and every decision on one.
 */
export async function findDonationWithStreamer(db: Database, donationId: string) {
  const streamer = streamerRowsSubquery(db);
  const [row] = await db
    .select({
      donation: donations,
      streamer: streamerFieldsOf(streamer),
      voice: voiceUploads,
      media: mediaUploads,
    })
    .from(donations)
    .innerJoin(streamer, eq(streamer.id, donations.streamerId))
    .leftJoin(voiceUploads, eq(voiceUploads.id, donations.voiceUploadId))
    .leftJoin(mediaUploads, attachedMedia)
    .where(eq(donations.id, donationId));
  return row ?? null;
}
