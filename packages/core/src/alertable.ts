/**
 * Where a donation stands, and the two rules read from it. The server's SQL takes the same
 * rules from `apps/server/src/modules/alerts/alertable.sql.ts`, built from these constants;
 * a test there checks both agree on every combination.
 */

export const PAYMENT_STATUSES = ['pending', 'success', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const MODERATION_STATUSES = ['pending', 'approved', 'auto_approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** The payment status of money received. */
export const PAID_PAYMENT_STATUS = 'success' satisfies PaymentStatus;
/** Approved by a moderator, or automatically when the streamer auto-approves. */
export const APPROVED_MODERATION_STATUSES = [
  'approved',
  'auto_approved',
] as const satisfies readonly ModerationStatus[];

type DonationStatus = { paymentStatus: string; moderationStatus: string };

/**
 * Whether a donation counts for leaderboards, goals and recent support: paid and approved.
 * Rejected, failed and unpaid ones never count.
 */
export function isCounted(donation: DonationStatus): boolean {
  return (
    donation.paymentStatus === PAID_PAYMENT_STATUS &&
    (APPROVED_MODERATION_STATUSES as readonly string[]).includes(donation.moderationStatus)
  );
}

/**
 * Whether the fan still consents to their name, message and voice being shown and played in
 * public (issue 29): a withdrawal is final for that tip. Its money still counts (isCounted).
 */
export function hasStreamConsent(donation: { streamConsentWithdrawnAt: Date | null }): boolean {
  return donation.streamConsentWithdrawnAt === null;
}

/**
 * Whether a donation may play on stream (spec 02 §4, Alerts): counted, not hidden, and its fan
 * has not withdrawn consent.
 */
export function isAlertable(
  donation: DonationStatus & { messageVisible: boolean; streamConsentWithdrawnAt: Date | null },
): boolean {
  return isCounted(donation) && donation.messageVisible && hasStreamConsent(donation);
}
