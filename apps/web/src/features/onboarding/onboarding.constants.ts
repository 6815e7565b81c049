import { ONBOARDING_MESSAGES } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/**
 * Texts of e-mail verification and "Create your page" (issue 22); the API's words are in core.
 * The verification texts read the `auth` catalog (issue 21): the /auth/verify page speaks the
 * reader's language.
 */
export const VERIFY_TEXT = /* @__PURE__ */ localized('auth.verify', {
  pageTitle: 'Verify your e-mail',
  verifying: 'Verifying your e-mail…',
  verifiedTitle: 'E-mail verified',
  verifiedSignedIn: 'You can now create your tipping page.',
  verifiedSignedOut: 'Log in to create your tipping page.',
  verifiedOtherAccount: (verified: string, current: string) =>
    t(
      'auth.verify.verifiedOtherAccountFn',
      { verified, current },
      `${verified} is verified. This browser is signed in as ${current}: log out and log in as ${verified} to use it.`,
    ),
  failedTitle: 'This link did not work',
  missingToken: 'This page needs the link from your e-mail.',
  createPage: 'Create your page',
  logIn: 'Log in',
  home: 'Return to Home',
  // The notice an unverified account sees where it would create or join a page.
  noticeTitle: 'Verify your e-mail to continue',
  noticeText: (email: string) =>
    t(
      'auth.verify.noticeTextFn',
      { email },
      `We sent a verification link to ${email}. Open it to create or join a streamer page. It may take a minute to arrive; check your spam folder too.`,
    ),
  resend: 'Resend verification e-mail',
  resending: 'Sending…',
  resent: 'Verification e-mail sent',
  checkAgain: 'I have verified it',
  checking: 'Checking…',
  stillUnverified: 'Not verified yet. Open the link in the e-mail, then try again.',
} as const);

/** "Create your page", in the signed-in user's language (the `account` catalogs). */
export const CREATE_PAGE_TEXT = /* @__PURE__ */ localized('createPage', {
  pageTitle: 'Create your page',
  description:
    'Pick the address fans will visit, your name and colour. You can change everything but the address later in Settings.',
  slugLabel: 'Page address',
  slugPrefix: (origin: string) => `${origin.replace(/^https?:\/\//, '')}/`,
  slugAvailable: ONBOARDING_MESSAGES.slugAvailable,
  slugHint: 'Lower-case letters, digits and hyphens, 3–30 characters.',
  checking: 'Checking…',
  nameLabel: 'Display name',
  nameHint: 'How fans and your alerts will call you.',
  namePlaceholder: 'Your name',
  colorLabel: 'Brand colour',
  colorHint: 'Used for buttons and highlights on your page and alerts.',
  create: 'Create my page',
  creating: 'Creating…',
  created: 'Your page is ready',
  previewTitle: 'Your page, as fans will see it',
  previewLabel: 'Preview of your donation page',
  previewNote:
    'Your page starts in preview: you can open it, set up OBS and send test alerts. Fans can tip once you choose a plan.',
  previewButton: 'Donate',
  avatarTitle: 'Add a picture',
  avatarText: 'Fans see it at the top of your page. You can skip this and add one later.',
  goToDashboard: 'Go to my dashboard',
  /** The plan chosen on a pricing card before sign-up (issue 22). */
  continueToPlan: (planName: string) =>
    t('createPage.continueToPlanFn', { planName }, `Continue to checkout: ${planName}`),
  openPage: 'Open my page',
  helpTitle: 'Prefer a hand?',
  helpText:
    'On the home page, press Start Earning and leave your details: the Shabaash team will call or e-mail you and set your page up with you.',
  helpLink: 'Go to the home page',
  loadError: 'Could not load your new page. Please try again.',
  retry: 'Try Again',
} as const);

/**
 * Why an address cannot be had: the server says it in English (slugSchema's messages and
 * ONBOARDING_MESSAGES.slugTaken in core); the page shows it in its language.
 */
const SLUG_REASONS_ENGLISH = {
  tooShort: 'Slug must be at least 3 characters.',
  tooLong: 'Slug must be at most 30 characters.',
  format: 'Slug may use lower-case letters, digits and single hyphens only.',
  reserved: 'This slug is reserved. Please choose another.',
  taken: ONBOARDING_MESSAGES.slugTaken,
};

const SLUG_REASONS = /* @__PURE__ */ localized('createPage.slugReasons', {
  ...SLUG_REASONS_ENGLISH,
});

const SLUG_REASON_KEYS = Object.keys(SLUG_REASONS_ENGLISH) as Array<
  keyof typeof SLUG_REASONS_ENGLISH
>;

/** The server's reason a slug cannot be had, in the page's language (unknown ones as sent). */
export function slugReasonText(reason: string): string {
  const key = SLUG_REASON_KEYS.find((candidate) => SLUG_REASONS_ENGLISH[candidate] === reason);
  return key ? SLUG_REASONS[key] : reason;
}
