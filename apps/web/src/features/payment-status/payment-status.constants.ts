import { localized, t } from '../../i18n/i18n';
import type { PageOutcome } from './payment-status-view';

/** Words of the payment status page (spec 02 §2, Payment status page). */
export const PAYMENT_STATUS_TEXT = localized('status', {
  checking: 'Checking payment status...',
  orderIdLabel: 'Order ID',
  amountLabel: 'Amount',
  nameLabel: 'Name',
  backToDonationPage: 'Back to Donation Page',
  refreshStatus: 'Refresh Status',
  thanksTo: (streamerName: string) =>
    t('status.thanksToFn', { name: streamerName }, `Thank you for supporting ${streamerName}!`),
} as const);

export const OUTCOME_TEXT: Record<PageOutcome, { title: string; description: string }> = localized(
  'status.outcome',
  {
    success: {
      title: 'Payment Successful!',
      description: 'Thank you! Your tip is on its way to the stream.',
    },
    held: {
      title: 'Payment Successful!',
      description: 'Paid — the streamer reviews messages before they appear.',
    },
    cancelled: {
      title: 'Payment cancelled',
      description:
        'You closed the checkout before the payment finished. If money did leave your account, this page shows it once the bank confirms: refresh to check.',
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
  },
);

/** Spec 02 §9: the cover theme's floating-emote celebration lasts 3 s. */
export const CELEBRATION_MS = 3_000;
