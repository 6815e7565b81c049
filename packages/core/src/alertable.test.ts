import { describe, expect, it } from 'vitest';
import { isAlertable, isCounted, MODERATION_STATUSES, PAYMENT_STATUSES } from './alertable.ts';

describe('isCounted and isAlertable', () => {
  it('decide from payment, moderation and visibility (every combination)', () => {
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const moderationStatus of MODERATION_STATUSES) {
        for (const messageVisible of [true, false]) {
          const label = `${paymentStatus}/${moderationStatus}/${messageVisible}`;
          const counted =
            paymentStatus === 'success' && ['approved', 'auto_approved'].includes(moderationStatus);
          expect(isCounted({ paymentStatus, moderationStatus }), label).toBe(counted);
          expect(isAlertable({ paymentStatus, moderationStatus, messageVisible }), label).toBe(
            counted && messageVisible,
          );
        }
      }
    }
  });

  it('does not count a status it does not know', () => {
    expect(isCounted({ paymentStatus: 'SUCCESS', moderationStatus: 'approved' })).toBe(false);
    expect(isCounted({ paymentStatus: 'success', moderationStatus: 'maybe' })).toBe(false);
  });
});
