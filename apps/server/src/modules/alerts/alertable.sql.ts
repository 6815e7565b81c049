import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { APPROVED_MODERATION_STATUSES, PAID_PAYMENT_STATUS } from '@shabaash/core';
import { donations } from '../../db/schema.ts';

/**
 * `isCounted` and `isAlertable` (packages/core/src/alertable.ts) as SQL conditions, built from
 * the same constants, so a query never spells the rule out again. `alertable.test.ts` checks
 * that these, the TypeScript rules and the database below agree on every combination.
 *
 * The migrations (plain SQL, which cannot import this file) encode the counted rule twice
 * more; change them with a new migration whenever the rule changes, and the test will tell:
 * - `donations_counted_idx`, a partial index (0005_leaderboards_and_goals.sql, mirrored in
 *   db/schema.ts), whose predicate is exactly `countedSql()`;
 * - the `donations_supporter_totals` trigger and the `supporter_totals_apply` and
 *   `rebuild_supporter_totals` functions (same migration), which keep leaderboard totals equal
 *   to the sum of counted donations.
 */

/** The donation columns the rules read: the table's own, or a CTE's (see donationColumnsOf). */
export type DonationStatusColumns = {
  paymentStatus: SQLWrapper;
  moderationStatus: SQLWrapper;
  messageVisible: SQLWrapper;
  streamConsentWithdrawnAt: SQLWrapper;
};

/** The same columns read from a CTE or alias that returns `donations` rows. */
export function donationColumnsOf(alias: string): DonationStatusColumns {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return {
    paymentStatus: column(donations.paymentStatus.name),
    moderationStatus: column(donations.moderationStatus.name),
    messageVisible: column(donations.messageVisible.name),
    streamConsentWithdrawnAt: column(donations.streamConsentWithdrawnAt.name),
  };
}

/** Paid and approved: counts for leaderboards, goals and recent support (`isCounted`). */
export function countedSql(row: DonationStatusColumns = donations): SQL {
  return sql`(${eq(row.paymentStatus, PAID_PAYMENT_STATUS)} and ${inArray(row.moderationStatus, APPROVED_MODERATION_STATUSES)})`;
}

/** The fan has not withdrawn stream consent (`hasStreamConsent`, issue 29). */
export function streamConsentSql(row: DonationStatusColumns = donations): SQL {
  return sql`(${row.streamConsentWithdrawnAt} is null)`;
}

/** Counted, not hidden, and consented to: may play on stream (`isAlertable`). */
export function alertableSql(row: DonationStatusColumns = donations): SQL {
  return sql`(${countedSql(row)} and ${row.messageVisible} and ${streamConsentSql(row)})`;
}
