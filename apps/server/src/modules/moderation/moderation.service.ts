import type { Streamer } from '../streamers/streamers.service.ts';

export type ModerationStatus = 'pending' | 'approved' | 'auto_approved' | 'rejected';

/**
 * Where a donation stands in moderation the moment its payment succeeds: streamers who
 * auto-approve get it on stream at once; the others review it first.
 */
export function moderationStatusOnPayment(
  streamer: Pick<Streamer, 'moderationMode'>,
): ModerationStatus {
  return streamer.moderationMode === 'auto' ? 'auto_approved' : 'pending';
}

/** Whether a donation may play on stream (spec 02 §4, Alerts). */
export function isAlertable(donation: {
  paymentStatus: string;
  moderationStatus: string;
  messageVisible: boolean;
}): boolean {
  return (
    donation.paymentStatus === 'success' &&
    (donation.moderationStatus === 'approved' || donation.moderationStatus === 'auto_approved') &&
    donation.messageVisible
  );
}
