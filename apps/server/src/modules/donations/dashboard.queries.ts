import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { donations, streamers, voiceUploads } from '../../db/schema.ts';
import type { Donation } from './donations.service.ts';

/** The dashboard's four stat cards, over successful payments only, computed in SQL. */
export type DonationStats = {
  total_revenue_paise: number;
  donation_count: number;
  today_revenue_paise: number;
  average_donation_paise: number;
  pending_review: number;
};

/**
 * "Today" is the India calendar day (Asia/Kolkata, UTC+5:30): a tip at 18:29 UTC belongs to one
 * day and a tip at 18:30 UTC to the next. `now` is a parameter so tests can stand on a boundary.
 */
export async function getDonationStats(
  db: Database,
  streamerId: string,
  now = new Date(),
): Promise<DonationStats> {
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
  const moderation =
    kind === 'approved'
      ? inArray(donations.moderationStatus, ['approved', 'auto_approved'])
      : eq(donations.moderationStatus, 'pending');
  return db
    .select({ donation: donations, voice: voiceUploads })
    .from(donations)
    .leftJoin(voiceUploads, eq(voiceUploads.id, donations.voiceUploadId))
    .where(
      and(eq(donations.streamerId, streamerId), eq(donations.paymentStatus, 'success'), moderation),
    )
    .orderBy(desc(donations.createdAt))
    .limit(kind === 'approved' ? 50 : 20);
}

export async function findDonationWithStreamer(db: Database, donationId: string) {
  const [row] = await db
    .select({ donation: donations, streamer: streamers, voice: voiceUploads })
    .from(donations)
    .innerJoin(streamers, eq(streamers.id, donations.streamerId))
    .leftJoin(voiceUploads, eq(voiceUploads.id, donations.voiceUploadId))
    .where(eq(donations.id, donationId));
  return row ?? null;
}

/**
 * Records a moderator's decision once: only a paid donation still pending moves, so of two
 * moderators clicking at once exactly one wins. Returns the updated row, or the current one
 * when someone else decided first.
 */
export async function decideModeration(
  tx: Transaction,
  donationId: string,
  decision: 'approved' | 'rejected',
  actor: string,
): Promise<{ decided: Donation } | { alreadyDecided: Donation } | null> {
  const [updated] = await tx
    .update(donations)
    .set({ moderationStatus: decision, moderatedAt: sql`now()`, moderatedBy: actor })
    .where(
      and(
        eq(donations.id, donationId),
        eq(donations.paymentStatus, 'success'),
        eq(donations.moderationStatus, 'pending'),
      ),
    )
    .returning();
  if (updated) return { decided: updated };
  const [current] = await tx.select().from(donations).where(eq(donations.id, donationId));
  return current ? { alreadyDecided: current } : null;
}
