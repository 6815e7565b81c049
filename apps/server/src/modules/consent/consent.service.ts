import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ANONYMOUS_DONOR_NAME,
  noticeVersion,
  summarizeUserAgent,
  type ConsentPurpose,
  type OrderConsents,
  type WithdrawablePurpose,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { consentRecords, donations } from '../../db/schema.ts';

/** Where a consent was given or withdrawn from (consent_records.ip_address, user_agent_summary). */
export type ConsentSource = { ip: string | null; userAgent: string | undefined };

type Donation = typeof donations.$inferSelect;

/**
 * Records what a fan agreed to with their order (issue 29): the 18+ declaration always (the
 * order schema requires it), stream display and marketing when ticked, each under the donation
 * notice's current version. Called right after the donation row exists; deleting the donation
 * (a provider refusal) deletes these with it (on delete cascade).
 */
export async function recordOrderConsents(
  db: Database,
  donationId: string,
  choices: { stream_consent?: boolean | undefined; marketing_consent?: boolean | undefined },
  source: ConsentSource,
): Promise<void> {
  const purposes: ConsentPurpose[] = ['age_18_plus'];
  if (choices.stream_consent === true) purposes.push('stream_display');
  if (choices.marketing_consent === true) purposes.push('marketing');
  const insertRows = insertOrderConsents[purposes.length - 1];
  if (!insertRows) throw new Error(`no consent statement for ${String(purposes.length)} rows`);
  await insertRows(db, {
    donationId,
    noticeVersion: noticeVersion('donation'),
    ipAddress: source.ip,
    userAgentSummary: summarizeUserAgent(source.userAgent),
    ...Object.fromEntries(purposes.map((purpose, row) => [`purpose${String(row)}`, purpose])),
  });
}

/**
 * Every order records its consents: one statement for each number of purposes (one to three),
 * its SQL built once, one row per purpose.
 */
const insertOrderConsents = [1, 2, 3].map((rows) =>
  preparedOnce((db) =>
    db.insert(consentRecords).values(
      Array.from({ length: rows }, (_, row) => ({
        donationId: sql.placeholder('donationId'),
        purpose: sql.placeholder(`purpose${String(row)}`),
        noticeVersion: sql.placeholder('noticeVersion'),
        ipAddress: sql.placeholder('ipAddress'),
        userAgentSummary: sql.placeholder('userAgentSummary'),
      })),
    ),
  ),
);

/**
 * Records a new creator account's 18+ declaration (issue 29) under the sign-up notice, with
 * where it came from, like a tip's. Called right after the account is made, by sign-up and by
 * an invite link that makes one; accounts the operator makes with the CLI have none.
 */
export async function recordAccountAgeDeclaration(
  db: Database,
  userId: string,
  source: ConsentSource,
): Promise<void> {
  await db.insert(consentRecords).values({
    userId,
    purpose: 'age_18_plus',
    noticeVersion: noticeVersion('signup'),
    ipAddress: source.ip,
    userAgentSummary: summarizeUserAgent(source.userAgent),
  });
}

/** A tip's consents as its receipt page shows them. */
export async function readOrderConsents(db: Database, donation: Donation): Promise<OrderConsents> {
  const records = await db
    .select({ purpose: consentRecords.purpose, withdrawnAt: consentRecords.withdrawnAt })
    .from(consentRecords)
    .where(eq(consentRecords.donationId, donation.id));
  const stateOf = (purpose: WithdrawablePurpose) => {
    const record = records.find((row) => row.purpose === purpose);
    if (!record) return 'not_given' as const;
    return record.withdrawnAt ? ('withdrawn' as const) : ('given' as const);
  };
  return {
    // The donation's own mark decides for display: it is what every public surface reads.
    stream_display: donation.streamConsentWithdrawnAt ? 'withdrawn' : stateOf('stream_display'),
    marketing: stateOf('marketing'),
  };
}

/**
 * Withdraws one consent of a tip, found by its private order id (the receipt link). Stream
 * display: the donation is marked (hasStreamConsent, isAlertable), and its name becomes
 * 'Anonymous' for good, as an anonymous tip's is, so leaderboards and every list lose it
 * through the supporter_totals trigger while its money keeps counting; its message and voice
 * are kept unserved until retention or erasure removes them. Both writes are one transaction.
 * Idempotent: a second withdrawal changes nothing. Null when the order does not exist.
 */
export async function withdrawOrderConsent(
  db: Database,
  orderId: string,
  purpose: WithdrawablePurpose,
  source: ConsentSource,
): Promise<{ donation: Donation; changed: boolean } | null> {
  const withdrawnFrom = {
    withdrawnIpAddress: source.ip,
    withdrawnUserAgentSummary: summarizeUserAgent(source.userAgent),
  };
  return db.transaction(async (tx) => {
    const [donation] = await tx.select().from(donations).where(eq(donations.orderId, orderId));
    if (!donation) return null;
    const withdrawn = await tx
      .update(consentRecords)
      .set({ withdrawnAt: sql`now()`, ...withdrawnFrom })
      .where(
        and(
          eq(consentRecords.donationId, donation.id),
          eq(consentRecords.purpose, purpose),
          isNull(consentRecords.withdrawnAt),
        ),
      )
      .returning({ id: consentRecords.id });
    if (purpose !== 'stream_display') return { donation, changed: withdrawn.length > 0 };

    const [marked] = await tx
      .update(donations)
      .set({
        streamConsentWithdrawnAt: sql`now()`,
        name: ANONYMOUS_DONOR_NAME,
        isAnonymous: true,
      })
      .where(and(eq(donations.id, donation.id), isNull(donations.streamConsentWithdrawnAt)))
      .returning();
    // A tip made before consent records existed gets its withdrawal recorded all the same.
    if (marked && withdrawn.length === 0) {
      await tx.insert(consentRecords).values({
        donationId: donation.id,
        purpose,
        noticeVersion: donation.noticeVersion ?? noticeVersion('donation'),
        givenAt: donation.createdAt,
        withdrawnAt: sql`now()`,
        ...withdrawnFrom,
      });
    }
    return { donation: marked ?? donation, changed: marked !== undefined };
  });
}
