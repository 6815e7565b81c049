import type { AuthUser } from './auth.ts';

/**
 * Issue 22: a creator's own way from sign-up to a page. The words the API and the pages share
 * (e-mail verification, "Create your page"), and the shapes of their answers.
 */
export const ONBOARDING_MESSAGES = {
  verificationSent: 'We have sent a verification link to your e-mail. It expires in 24 hours.',
  verificationLinkInvalid:
    'This verification link is invalid, used or expired. Sign in and ask for a new one.',
  emailVerified: 'Your e-mail address is verified.',
  alreadyVerified: 'Your e-mail address is already verified.',
  tooManyVerificationRequests:
    'Too many verification e-mails asked for. Please check your inbox (and spam folder) or try again in an hour.',
  emailUnverified:
    'Please verify your e-mail address first: open the link we sent you, or ask for a new one.',
  slugTaken: 'This address is taken. Please choose another.',
  slugAvailable: 'This address is available.',
  tooManyPages: 'You already have the most pages an account can create. Contact us for more.',
  tooManyPageRequests: 'Too many attempts. Please wait a while and try again.',
} as const;

/** The pages an account may create for itself; the team can add more (admin console). */
export const MAX_OWN_PAGES = 3;

/** `GET /api/slug-availability?slug=`: whether a page could be created at this address now. */
export type SlugAvailability = {
  slug: string;
  available: boolean;
  /** Why not (format, reserved word, taken); null when available. */
  reason: string | null;
};

/** `POST /api/me/streamers` (201): the new page, owned by the caller. */
export type CreatedPage = {
  streamer: { id: string; slug: string; name: string; brand_color: string };
};

/** `POST /api/auth/verify-email`: the account as it now is. */
export type VerifyEmailResponse = { user: AuthUser; message: string };
