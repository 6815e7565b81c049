import { z } from 'zod';

/** A fan's tip as the rights page shows it (GET /api/privacy/my-data). */
export const myDataTipSchema = z.object({
  order_id: z.string(),
  creator: z.string(),
  /** Null for an anonymous (or erased) tip. */
  name: z.string().nullable(),
  type: z.string(),
  amount_paise: z.number(),
  message: z.string(),
  has_voice: z.boolean(),
  has_media: z.boolean(),
  /** False once retention masked the number or the fan erased it. */
  phone_kept: z.boolean(),
  payment_status: z.string(),
  created_at: z.string(),
  erased_at: z.string().nullable(),
});

export const myDataSummarySchema = z.object({
  proven_by: z.enum(['sms_code', 'receipt_link']),
  phone_masked: z.string().nullable(),
  tips: z.array(myDataTipSchema),
  shared_with: z.array(
    z.object({
      kind: z.enum(['gateway', 'creator', 'sms']),
      recipient: z.string(),
      what: z.string(),
    }),
  ),
  answer_days: z.number(),
});

export const retentionRuleViewSchema = z.object({
  kind: z.string(),
  data: z.string(),
  days: z.number(),
  from: z.string(),
  action: z.enum(['masked', 'deleted']),
});

/** What the privacy policy shows (GET /api/privacy/contact). */
export const privacyContactSchema = z.object({
  grievance_officer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  answer_days: z.number(),
  retention: z.array(retentionRuleViewSchema),
});

/** The admin console's Privacy tab (GET /api/admin/privacy). */
export const adminPrivacyViewSchema = z.object({
  rules: z.array(retentionRuleViewSchema),
  runs: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['running', 'completed', 'failed']),
      counts: z.record(z.string(), z.number()),
      error: z.string().nullable(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
  requests: z.array(
    z.object({
      id: z.string(),
      subject_kind: z.enum(['fan', 'creator']),
      /** A creator request's account e-mail (the erased address once carried out); null for fans. */
      account_email: z.string().nullable(),
      kind: z.enum(['access', 'download', 'correction', 'erasure']),
      verified_by: z.enum(['sms_code', 'receipt_link', 'signed_in']),
      status: z.enum(['open', 'completed']),
      detail: z.unknown(),
      created_at: z.string(),
      due_at: z.string(),
      completed_at: z.string().nullable(),
    }),
  ),
  answer_days: z.number(),
});

/** POST /api/admin/privacy/requests/:requestId/erase: the request, carried out. */
export const accountErasureDoneSchema = z.object({
  request: z.object({
    id: z.string(),
    status: z.literal('completed'),
    completed_at: z.string(),
    detail: z.record(z.string(), z.union([z.number(), z.boolean()])),
  }),
});
export type AccountErasureDone = z.infer<typeof accountErasureDoneSchema>;

/** A creator's account erasure request (GET/POST /api/account/erasure). */
export const accountErasureSchema = z.object({
  request: z.object({ id: z.string(), due_at: z.string(), created_at: z.string() }).nullable(),
  answer_days: z.number(),
});

export type MyDataTip = z.infer<typeof myDataTipSchema>;
export type MyDataSummary = z.infer<typeof myDataSummarySchema>;
export type PrivacyContact = z.infer<typeof privacyContactSchema>;
export type AdminPrivacyView = z.infer<typeof adminPrivacyViewSchema>;
export type AccountErasure = z.infer<typeof accountErasureSchema>;
