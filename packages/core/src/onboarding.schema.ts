import { z } from 'zod';
import { ONBOARDING_MESSAGES } from './onboarding.ts';
import { createStreamerRequestSchema } from './settings.schema.ts';

/** The e-mailed verification link's token (`/auth/verify?token=`). */
export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ error: ONBOARDING_MESSAGES.verificationLinkInvalid })
    .min(1, ONBOARDING_MESSAGES.verificationLinkInvalid)
    .max(200, ONBOARDING_MESSAGES.verificationLinkInvalid),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

/**
 * "Create your page": the same address, name and colour rules as a page the team creates
 * (slugSchema's format and reserved words), with the caller as its owner.
 */
export const createPageRequestSchema = createStreamerRequestSchema.omit({ owner_email: true });
export type CreatePageRequest = z.input<typeof createPageRequestSchema>;

/** The address typed so far; its rules are checked by the handler (slugSchema) to say why. */
export const slugAvailabilityQuerySchema = z.object({ slug: z.string().max(100) });
