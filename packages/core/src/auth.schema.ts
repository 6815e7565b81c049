import { z } from 'zod';
import {
  AUTH_MESSAGES,
  MAIL_LOCALES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESERVED_SLUGS,
} from './auth.ts';
import { CONSENT_TEXT } from './privacy-notices.ts';

/** The auth and slug schemas, apart from auth.ts so pages that only need its words skip zod. */

const email = z
  .string({ error: AUTH_MESSAGES.missingInformation })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.missingInformation)
  .max(254, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));

export const loginRequestSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.missingInformation })
    .min(1, AUTH_MESSAGES.missingInformation)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

const mailLocale = z.enum(MAIL_LOCALES, { error: AUTH_MESSAGES.unknownLocale });

export const registerRequestSchema = z.object({
  email: email.clone(),
  password: z
    .string({ error: AUTH_MESSAGES.fillAllFields })
    .min(1, AUTH_MESSAGES.fillAllFields)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`),
  /** The browser's language at sign-up; the account page can change it later. */
  locale: mailLocale.default('en'),
  /** The 18+ declaration (issue 29): the Act asks parental consent below 18, so we refuse. */
  age_confirmed: z.literal(true, { error: CONSENT_TEXT.ageRequired }),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

const newPassword = registerRequestSchema.shape.password;

/** "Forgot password?": the answer is the same whether or not the e-mail has an account. */
export const forgotPasswordRequestSchema = z.object({ email: email.clone() });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** The e-mailed link's token and the new password. */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, AUTH_MESSAGES.resetLinkInvalid).max(200, AUTH_MESSAGES.resetLinkInvalid),
  password: newPassword,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The account page's form: the current password proves it is the owner at the keyboard. */
export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: AUTH_MESSAGES.fillAllFields })
    .min(1, AUTH_MESSAGES.fillAllFields)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.currentPasswordWrong),
  new_password: newPassword,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The account page's "E-mail language". */
export const mailLocaleRequestSchema = z.object({ locale: mailLocale });
export type MailLocaleRequest = z.input<typeof mailLocaleRequestSchema>;

export const slugSchema = z
  .string()
  .trim()
  .min(3, 'Slug must be at least 3 characters.')
  .max(30, 'Slug must be at most 30 characters.')
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    'Slug may use lower-case letters, digits and single hyphens only.',
  )
  .refine((slug) => !RESERVED_SLUGS.has(slug), 'This slug is reserved. Please choose another.');

/** A brand colour is a plain hex colour: nothing that could smuggle CSS. */
export const brandColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Brand colour must be a hex colour such as #2563eb.')
  .transform((color) => color.toLowerCase());
