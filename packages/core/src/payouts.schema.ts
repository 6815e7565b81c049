import { z } from 'zod';

/**
 * Where a page's tips are paid (issue 27): `platform` is the operator's gateway account,
 * `own_cashfree` and `own_razorpay` the creator's own Cashfree or Razorpay account,
 * `cashfree_split` the operator's Cashfree account with each tip split to the creator as an
 * Easy Split vendor (Cashfree settles the creator's share straight to them). The operator's
 * PAYOUT_MODES says which a creator may use.
 */
export const PAYOUT_MODES = ['platform', 'own_cashfree', 'own_razorpay', 'cashfree_split'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

/** The gateways a creator may bring their own account at, and the mode that offers each. */
export const OWN_ACCOUNT_GATEWAYS = ['cashfree', 'razorpay'] as const;
export type OwnAccountGatewayName = (typeof OWN_ACCOUNT_GATEWAYS)[number];
export const OWN_ACCOUNT_MODE = {
  cashfree: 'own_cashfree',
  razorpay: 'own_razorpay',
} as const satisfies Record<OwnAccountGatewayName, PayoutMode>;

/** Why a page cannot take tips, for the dashboard to explain. */
export const PAYOUT_PROBLEMS = [
  'keys_rejected',
  'account_required',
  'secrets_unavailable',
  'vendor_pending',
  'vendor_rejected',
] as const;
export type PayoutProblem = (typeof PAYOUT_PROBLEMS)[number];

/** The Payouts section's request to connect the creator's own Cashfree account. */
export const ownCashfreeConnectSchema = z
  .object({
    environment: z.enum(['sandbox', 'production']),
    app_id: z
      .string()
      .trim()
      .min(3, 'Paste the App ID from Cashfree’s Developers → API Keys page.')
      .max(100)
      .regex(/^[A-Za-z0-9_.-]+$/, 'An App ID has only letters, digits, _ . and -.'),
    secret_key: z
      .string()
      .trim()
      .min(8, 'Paste the Secret key from Cashfree’s Developers → API Keys page.')
      .max(200)
      .regex(/^[\x21-\x7e]+$/, 'A Secret key has no spaces or special characters.'),
  })
  .strict();
export type OwnCashfreeConnect = z.infer<typeof ownCashfreeConnectSchema>;

/** A Razorpay secret as pasted: printable characters, no spaces. */
const razorpaySecret = (missing: string) =>
  z
    .string()
    .trim()
    .min(8, missing)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'A secret has no spaces or special characters.');

/**
 * The Payouts section's request to connect the creator's own Razorpay account: the API key
 * (its `rzp_test_`/`rzp_live_` prefix says the mode) and the secret of the webhook the creator
 * adds in their Razorpay dashboard, which Razorpay signs webhooks with (not the key secret).
 */
export const ownRazorpayConnectSchema = z
  .object({
    key_id: z
      .string()
      .trim()
      .regex(
        /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/,
        'Paste the Key ID from Razorpay’s Account & Settings → API Keys (it starts with rzp_test_ or rzp_live_).',
      ),
    key_secret: razorpaySecret('Paste the Key Secret shown when you generated the key.'),
    webhook_secret: razorpaySecret(
      'Enter the secret you set on the webhook in Razorpay (Account & Settings → Webhooks), at least 8 characters.',
    ),
  })
  .strict();
export type OwnRazorpayConnect = z.infer<typeof ownRazorpayConnectSchema>;

/** The Payouts section's request to be onboarded as a Cashfree Easy Split vendor. */
export const splitVendorSchema = z
  .object({
    legal_name: z
      .string()
      .trim()
      .min(3, 'Enter your name as on your PAN card.')
      .max(100, 'Enter your name as on your PAN card.'),
    email: z.email('Enter a valid e-mail address.').max(100),
    phone: z.string().regex(/^[6-9]\d{9}$/, 'Enter a 10-digit Indian mobile number.'),
    pan: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'A PAN has 10 characters, like ABCDE1234F.'),
    payout_to: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('bank'),
        account_number: z.string().regex(/^\d{9,18}$/, 'A bank account number has 9 to 18 digits.'),
        ifsc: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'An IFSC has 11 characters, like HDFC0001234.'),
      }),
      z.object({
        kind: z.literal('upi'),
        vpa: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/, 'Enter a UPI ID like name@bank.'),
      }),
    ]),
  })
  .strict();
export type SplitVendorInput = z.infer<typeof splitVendorSchema>;

/** The Payouts section's state: never a secret, only its last four characters. */
export const payoutStatusSchema = z.object({
  /** The routes the operator allows. */
  modes: z.array(z.enum(PAYOUT_MODES)),
  /** The route tips take now; null when the page cannot take tips (see `problem`). */
  route: z.enum(PAYOUT_MODES).nullable(),
  problem: z.enum(PAYOUT_PROBLEMS).nullable(),
  account: z
    .object({
      gateway: z.enum(OWN_ACCOUNT_GATEWAYS),
      environment: z.enum(['sandbox', 'production']),
      key_id: z.string(),
      secret_last4: z.string(),
      /** Razorpay's webhook secret, last four characters (null for Cashfree, which has none). */
      webhook_secret_last4: z.string().nullable(),
      status: z.enum(['active', 'failing']),
      failure_code: z.string().nullable(),
      /** What the creator adds in their gateway's dashboard (Cashfree or Razorpay webhooks). */
      webhook_url: z.string(),
      checked_at: z.string(),
      connected_at: z.string(),
    })
    .nullable(),
  /** The creator as an Easy Split vendor of the platform's Cashfree account, if onboarded. */
  vendor: z
    .object({
      vendor_id: z.string(),
      legal_name: z.string(),
      pan_last4: z.string(),
      payout_to: z.string(),
      status: z.enum(['pending', 'active', 'rejected']),
      gateway_status: z.string(),
      checked_at: z.string(),
    })
    .nullable(),
  /** The operator's fee on split tips, in percent (0 when PLATFORM_FEE_PERCENT is unset). */
  platform_fee_percent: z.number(),
});

/** One paid tip's money in the settlements view; null where the gateway reports nothing. */
export const settlementRowSchema = z.object({
  order_id: z.string(),
  paid_at: z.string(),
  amount_paise: z.number().int(),
  route: z.enum(PAYOUT_MODES),
  fees_paise: z.number().int().nullable(),
  settlement_paise: z.number().int().nullable(),
  settled: z.boolean(),
  settled_at: z.string().nullable(),
  utr: z.string().nullable(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const settlementsResponseSchema = z.object({
  rows: z.array(settlementRowSchema),
  totals: z.object({
    paid_in_paise: z.number().int(),
    fees_paise: z.number().int(),
    settled_paise: z.number().int(),
    pending_paise: z.number().int(),
  }),
  /** False when the gateway could not be asked just now (the rows then show no settlement). */
  is_complete: z.boolean(),
});
export type SettlementsResponse = z.infer<typeof settlementsResponseSchema>;
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;
