import { z } from 'zod';
import { PLAN_IDS } from './plans.ts';
import { CONSENT_TEXT } from './privacy-notices.ts';
import { SITE_LIMITS, SITE_MESSAGES } from './site.ts';

/**
 * The lead and contact schemas (spec 01 §3, §5), apart from site.ts: every marketing page uses
 * the plans and page list there, and only the two forms need zod.
 */

/**
 * Builds a schema. Each use is marked pure, so a bundler can drop the schemas (and zod) from a
 * bundle that uses none of them.
 */
const defineSchema = <T>(build: () => T): T => build();

/** Trimmed text; a non-string answers with `message` instead of zod's generic words. */
const text = (message: string) => z.string({ error: message }).trim();

/** A one-line field (a name): runs of whitespace, line breaks included, become one space. */
const line = (message: string) =>
  z
    .string({ error: message })
    .overwrite((value) => value.replace(/\s+/g, ' '))
    .trim();

/** An optional text field: missing, null and blank all become null. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

const email = /* @__PURE__ */ defineSchema(() =>
  text(SITE_MESSAGES.invalidEmail)
    .toLowerCase()
    .max(SITE_LIMITS.emailMax, SITE_MESSAGES.invalidEmail)
    .pipe(z.email(SITE_MESSAGES.invalidEmail)),
);

/** The sign-up lead form (spec 01 §3 and §5); `plan` is set when it opens from a plan card. */
export const leadRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    name: line(SITE_MESSAGES.nameTooShort)
      .min(SITE_LIMITS.nameMin, SITE_MESSAGES.nameTooShort)
      .max(SITE_LIMITS.nameMax, SITE_MESSAGES.nameTooLong),
    mobile_number: text(SITE_MESSAGES.invalidMobile)
      .min(SITE_LIMITS.mobileMin, SITE_MESSAGES.invalidMobile)
      .max(SITE_LIMITS.mobileMax, SITE_MESSAGES.invalidMobile),
    youtube_channel: text(SITE_MESSAGES.youtubeRequired)
      .min(1, SITE_MESSAGES.youtubeRequired)
      .max(SITE_LIMITS.youtubeMax, SITE_MESSAGES.youtubeTooLong),
    email,
    instagram_handle: optionalText(SITE_LIMITS.instagramMax, SITE_MESSAGES.instagramTooLong),
    plan: z.enum(PLAN_IDS, { error: SITE_MESSAGES.unknownPlan }).nullish(),
    /** The 18+ declaration (issue 29): the Act asks parental consent below 18, so we refuse. */
    age_confirmed: z.literal(true, { error: CONSENT_TEXT.ageRequired }),
  }),
);
/** What the form holds and the API accepts. */
export type LeadRequest = z.input<typeof leadRequestSchema>;
/** The cleaned lead: trimmed, e-mail lower-cased, blanks as null. */
export type Lead = z.output<typeof leadRequestSchema>;

/** The contact form (spec 01 §3 and §5): name, e-mail and message required, phone optional. */
export const contactRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    name: line(SITE_MESSAGES.contactNameRequired)
      .min(1, SITE_MESSAGES.contactNameRequired)
      .max(SITE_LIMITS.contactNameMax, SITE_MESSAGES.nameTooLong),
    email: email.clone(),
    phone: optionalText(SITE_LIMITS.contactPhoneMax, SITE_MESSAGES.contactPhoneInvalid),
    message: text(SITE_MESSAGES.contactMessageRequired)
      .min(1, SITE_MESSAGES.contactMessageRequired)
      .max(SITE_LIMITS.contactMessageMax, SITE_MESSAGES.contactMessageTooLong),
    age_confirmed: z.literal(true, { error: CONSENT_TEXT.ageRequired }),
  }),
);
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactMessage = z.output<typeof contactRequestSchema>;
