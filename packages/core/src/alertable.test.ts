import { describe, expect, it } from 'vitest';
import { isAlertable, isCounted, MODERATION_STATUSES, PAYMENT_STATUSES } from './alertable.ts';

describe('isCounted and isAlertable', () => {
  it('decide from payment, moderation, visibility and consent (every combination)', () => {
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const moderationStatus of MODERATION_STATUSES) {
        for (const messageVisible of [true, false]) {
          // A fan's withdrawn stream consent (issue 29) silences the tip; its money still counts.
          for (const streamConsentWithdrawnAt of [null, new Date()]) {
            const label = `${paymentStatus}/${moderationStatus}/${messageVisible}/${String(streamConsentWithdrawnAt)}`;
            const counted =
              paymentStatus === 'success' &&
              ['approved', 'auto_approved'].includes(moderationStatus);
            expect(isCounted({ paymentStatus, moderationStatus }), label).toBe(counted);
            expect(
              isAlertable({
                paymentStatus,
                moderationStatus,
                messageVisible,
                streamConsentWithdrawnAt,
              }),
              label,
            ).toBe(counted && messageVisible && streamConsentWithdrawnAt === null);
          }
        }
      }
    }
  });

  it('does not count a status it does not know', () => {
    expect(isCounted({ paymentStatus: 'SUCCESS', moderationStatus: 'approved' })).toBe(false);
    expect(isCounted({ paymentStatus: 'success', moderationStatus: 'maybe' })).toBe(false);
  });
});
