import type { PayoutProblem } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Every word of Settings → Payouts (issue 27). */
export const PAYOUTS_TEXT = /* @__PURE__ */ localized('payouts', {
  tab: 'Payouts',
  title: 'Where your tips are paid',
  description:
    'Tips are paid by UPI through a licensed payment gateway, which settles them to a bank account on its own schedule (Cashfree: usually the next working day; Razorpay: usually two working days), never instantly.',
  platformRoute:
    'Tips on this page are paid into this site’s own gateway account (the operator’s); Shabaash does not pay them on to you, that is between you and the operator.',
  ownRoute: 'Tips on this page are paid straight into your own Cashfree account.',
  ownRazorpayRoute: 'Tips on this page are paid straight into your own Razorpay account.',
  /** Replaces problems.keys_rejected when the refused keys are Razorpay's. */
  razorpayKeysRejected:
    'Razorpay refused your keys, so fans see “not accepting tips yet”. Check the key in Razorpay (Account & Settings → API Keys) and press “Check again”, or connect new keys.',
  problems: {
    keys_rejected:
      'Cashfree refused your keys, so fans see “not accepting tips yet”. Check the keys in Cashfree (Developers → API Keys) and press “Check again”, or connect new keys.',
    account_required:
      'This site pays tips only into the creator’s own gateway account: connect your account below. Until then fans see “not accepting tips yet”.',
    secrets_unavailable:
      'Your keys cannot be read on this server (its SECRETS_KEY changed). Connect your keys again.',
    vendor_pending:
      'Cashfree is verifying your details (your bank account or UPI ID). Until it is done, fans see “not accepting tips yet”. This usually takes a few minutes to a day.',
    vendor_rejected:
      'Cashfree did not accept your details for split settlement, so fans see “not accepting tips yet”. Contact this site to check them with Cashfree.',
  } satisfies Record<PayoutProblem, string>,
  splitRoute: (feePercent: number) =>
    feePercent > 0
      ? t(
          'payouts.splitRouteFn',
          { feePercent },
          `Tips are paid into this site’s Cashfree account and split: Cashfree settles your share (the tip less this site’s ${feePercent} % fee) straight to your bank account or UPI ID, usually the next working day.`,
        )
      : t(
          'payouts.splitRouteWholeFn',
          undefined,
          'Tips are paid into this site’s Cashfree account and split: Cashfree settles the whole tip straight to your bank account or UPI ID, usually the next working day.',
        ),
  splitTitle: 'Split settlement by Cashfree',
  splitIntro:
    'Cashfree (a payment aggregator licensed by the RBI) settles your share of each tip straight to you, so the money never passes through this site. Cashfree needs your legal name, PAN and a bank account or UPI ID, and verifies them first.',
  legalNameLabel: 'Legal name (as on PAN)',
  emailLabel: 'E-mail',
  phoneLabel: 'Mobile number',
  panLabel: 'PAN',
  payoutToLabel: 'Settle to',
  payoutToBank: 'Bank account',
  payoutToUpi: 'UPI ID',
  accountNumberLabel: 'Account number',
  ifscLabel: 'IFSC',
  vpaLabel: 'UPI ID',
  kycHint:
    'Sent to Cashfree only; this site keeps your name, the PAN’s last four characters and a masked account.',
  onboard: 'Send to Cashfree',
  onboarding: 'Sending to Cashfree…',
  onboarded: 'Sent to Cashfree for verification.',
  vendorStatus: {
    pending: 'Being verified by Cashfree',
    active: 'Verified: splits settle to you',
    rejected: 'Not accepted by Cashfree',
  },
  vendorSummary: (name: string, panLast4: string, payoutTo: string) =>
    t(
      'payouts.vendorSummaryFn',
      { name, panLast4, payoutTo },
      `${name} · PAN ending ${panLast4} · ${payoutTo}`,
    ),
  settlementsTitle: 'Settlements',
  settlementsIntro:
    'Your latest paid tips and what the gateway reports about each: its fee (where its API says), what it settled to your bank and when. Settled by Cashfree, usually the next working day, or by Razorpay, usually in two working days; never instantly.',
  settlementsEmpty: 'No paid tips yet.',
  settlementsIncomplete:
    'The gateway could not be asked just now; some settlements may be missing. Try again later.',
  refresh: 'Refresh',
  columns: {
    paidAt: 'Paid',
    amount: 'Tip',
    fees: 'Gateway fee',
    settlement: 'To you',
    status: 'Settlement',
  },
  notReported: '—',
  settledOn: (when: string) => t('payouts.settledOnFn', { when }, `Settled ${when}`),
  pendingSettlement: 'Pending (usually the next working day)',
  pendingRazorpaySettlement: 'Pending (Razorpay usually settles in two working days)',
  platformSettlement: 'Paid into this site’s account',
  totals: {
    paidIn: 'Paid in',
    fees: 'Gateway fees',
    settled: 'Settled to you',
    pending: 'Still pending',
  },
  ownTitle: 'Your own Cashfree account',
  ownIntro:
    'Create a Cashfree Payment Gateway account (KYC with your PAN and bank account is Cashfree’s), then copy the keys from Developers → API Keys. Test keys go with Test mode.',
  environmentLabel: 'Mode',
  environments: { sandbox: 'Test (sandbox)', production: 'Production (real money)' },
  appIdLabel: 'App ID',
  secretLabel: 'Secret key',
  secretHint: 'Kept encrypted on the server and never shown again; only its last four characters.',
  connect: 'Check and connect',
  connecting: 'Checking with Cashfree…',
  connected: 'Your Cashfree account is connected.',
  replace: 'Connect other keys',
  keyId: (id: string) => t('payouts.keyIdFn', { id }, `App ID ${id}`),
  secretEnding: (last4: string) =>
    t('payouts.secretEndingFn', { last4 }, `Secret key ending …${last4}`),
  modeOf: (environment: 'sandbox' | 'production') =>
    t(
      'payouts.modeOfFn',
      { environment },
      environment === 'production' ? 'Production' : 'Test (sandbox)',
    ),
  statusActive: 'Working',
  statusFailing: 'Refused by Cashfree',
  webhookTitle: 'Add this webhook in Cashfree',
  webhookHelp:
    'Cashfree dashboard → Developers → Webhooks: add this URL for the payment events (success, failed, user dropped), version 2025-01-01. Tips are confirmed by these signed webhooks.',
  recheck: 'Check again',
  rechecking: 'Checking…',
  disconnect: 'Stop using this account',
  disconnected: 'Your Cashfree account is no longer used for new tips.',
  notOffered: 'This site does not offer connecting your own gateway account.',
  gatewayLabel: 'Gateway',
  gatewayNames: { cashfree: 'Cashfree', razorpay: 'Razorpay' },
  ownAccountTitle: 'Your own payment gateway account',
  razorpay: {
    title: 'Your own Razorpay account',
    intro:
      'Create a Razorpay account (KYC with your PAN and bank account is Razorpay’s). In Account & Settings → API Keys generate a key; in Account & Settings → Webhooks add the URL shown after connecting, with a secret of your choosing. rzp_test_ keys are Test mode, rzp_live_ keys take real money.',
    keyIdLabel: 'Key ID',
    keySecretLabel: 'Key Secret',
    webhookSecretLabel: 'Webhook secret',
    webhookSecretHint:
      'The secret you type when adding the webhook in Razorpay (not the Key Secret). Razorpay signs each webhook with it.',
    connecting: 'Checking with Razorpay…',
    connected: 'Your Razorpay account is connected.',
    keyId: (id: string) => t('payouts.razorpay.keyIdFn', { id }, `Key ID ${id}`),
    secretEnding: (last4: string) =>
      t('payouts.razorpay.secretEndingFn', { last4 }, `Key Secret ending …${last4}`),
    webhookSecretEnding: (last4: string) =>
      t('payouts.razorpay.webhookSecretEndingFn', { last4 }, `Webhook secret ending …${last4}`),
    statusFailing: 'Refused by Razorpay',
    webhookTitle: 'Add this webhook in Razorpay',
    webhookHelp:
      'Razorpay dashboard → Account & Settings → Webhooks: add this URL with the events payment.authorized, payment.captured, payment.failed and order.paid, and the webhook secret you entered here. Tips are confirmed by these signed webhooks.',
    disconnected: 'Your Razorpay account is no longer used for new tips.',
  },
  loading: 'Loading payouts…',
  loadError: 'Payouts could not be loaded.',
  retry: 'Try again',
} as const);
