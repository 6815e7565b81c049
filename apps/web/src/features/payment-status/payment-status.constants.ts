import type { PaymentOutcome } from '@shabaash/core';

/** Words of the payment status page (spec 02 §2, Payment status page). */
export const PAYMENT_STATUS_TEXT = {
  checking: 'Checking payment status...',
  orderIdLabel: 'Order ID',
  amountLabel: 'Amount',
  nameLabel: 'Name',
  backToDonationPage: 'Back to Donation Page',
  refreshStatus: 'Refresh Status',
  thanksTo: (streamerName: string) => `Thank you for supporting ${streamerName}!`,
} as const;

export const OUTCOME_TEXT: Record<PaymentOutcome, { title: string; description: string }> = {
  success: {
    title: 'Payment Successful!',
    description: 'Thank you! Your tip is on its way to the stream.',
  },
  pending: {
    title: 'Payment Pending',
    description:
      'We are waiting for the payment to be confirmed. This usually takes a few moments: refresh to check again.',
  },
  failure: {
    title: 'Payment Failed',
    description: 'The payment did not go through. You can go back and try again.',
  },
};

/** Spec 02 §9: the cover theme's floating-emote celebration lasts 3 s. */
export const CELEBRATION_MS = 3_000;
