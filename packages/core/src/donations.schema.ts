import { z } from 'zod';
import {
  DONATION_LIMITS,
  DONATION_MESSAGES,
  DONATION_TYPES,
  HYPEREMOTES,
  INDIAN_MOBILE_NUMBER,
  countCharacters,
  type HyperemoteId,
} from './donations.ts';
import { MEDIA_TIP_MESSAGES } from './media-tips.ts';
import { CONSENT_TEXT, needsStreamConsent } from './privacy-notices.ts';

/**
 * The order schemas, apart from donations.ts: the donation page loads them only when the fan
 * presses Donate, since building a zod schema is a side effect no bundler can drop.
 */

const hyperemoteIds = HYPEREMOTES.map((emote) => emote.id) as [HyperemoteId, ...HyperemoteId[]];

/** Indian mobile numbers: 10 digits starting 6–9. */
export const phoneSchema = z
  .string({ error: DONATION_MESSAGES.mobileEmpty })
  .trim()
  .min(1, DONATION_MESSAGES.mobileEmpty)
  .regex(INDIAN_MOBILE_NUMBER, DONATION_MESSAGES.mobileInvalid);

/**
 * The order request (DESIGN.md): validated in the browser before sending and again on the
 * server, so a request that skips the page gets the same answers.
 */
export const orderRequestSchema = z
  .object({
    name: z
      .string({ error: DONATION_MESSAGES.nameRequired.description })
      .trim()
      .min(1, DONATION_MESSAGES.nameRequired.description)
      .refine(
        (name) => countCharacters(name) <= DONATION_LIMITS.nameMaxChars,
        DONATION_MESSAGES.nameTooLong,
      ),
    type: z.enum(DONATION_TYPES, { error: 'Please choose a donation type.' }),
    amount_paise: z
      .number({ error: DONATION_MESSAGES.invalidAmount.description })
      .int(DONATION_MESSAGES.invalidAmount.description)
      .min(DONATION_LIMITS.minAmountPaise, DONATION_MESSAGES.invalidAmount.description)
      .max(DONATION_LIMITS.maxAmountPaise, DONATION_MESSAGES.invalidAmount.description),
    message: z
      .string()
      .default('')
      .refine(
        (message) => countCharacters(message) <= DONATION_LIMITS.messageMaxChars,
        DONATION_MESSAGES.messageTooLong,
      ),
    phone: phoneSchema,
    voice_upload_id: z.uuid('Please record a voice message for your donation.').optional(),
    media_upload_id: z.uuid(MEDIA_TIP_MESSAGES.mediaRequired).optional(),
    hyperemote_id: z
      .enum(hyperemoteIds, { error: DONATION_MESSAGES.hyperemoteRequired.description })
      .optional(),
    /** Shown as 'Anonymous' on every public surface; the name given is not kept. */
    anonymous: z.boolean().optional(),
    /** 18+ (issue 29): below it the Act asks verifiable parental consent; we refuse instead. */
    age_confirmed: z.literal(true, { error: CONSENT_TEXT.ageRequired }),
    /** Name, message, voice or media shown on the public stream (needsStreamConsent). */
    stream_consent: z.boolean().optional(),
    /** Marketing messages: a separate choice, off unless ticked. */
    marketing_consent: z.boolean().optional(),
  })
  .superRefine((order, context) => {
    if (needsStreamConsent(order) && order.stream_consent !== true) {
      context.addIssue({
        code: 'custom',
        path: ['stream_consent'],
        message: CONSENT_TEXT.streamConsentRequired,
      });
    }
    if (order.type === 'text' && order.message.trim() === '') {
      context.addIssue({
        code: 'custom',
        path: ['message'],
        message: DONATION_MESSAGES.messageRequired.description,
      });
    }
    if (order.type === 'voice' && !order.voice_upload_id) {
      context.addIssue({
        code: 'custom',
        path: ['voice_upload_id'],
        message: DONATION_MESSAGES.voiceRequired.description,
      });
    }
    if (order.type === 'media' && !order.media_upload_id) {
      context.addIssue({
        code: 'custom',
        path: ['media_upload_id'],
        message: MEDIA_TIP_MESSAGES.mediaRequired,
      });
    }
    if (order.type === 'hyperemote' && !order.hyperemote_id) {
      context.addIssue({
        code: 'custom',
        path: ['hyperemote_id'],
        message: DONATION_MESSAGES.hyperemoteRequired.description,
      });
    }
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;
