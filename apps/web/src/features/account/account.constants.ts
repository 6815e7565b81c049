import type { MailLocale } from '@shabaash/core';

import { localized } from '../../i18n/i18n';

/** Texts of the account page (/account), in the signed-in user's language. */
export const ACCOUNT_TEXT = /* @__PURE__ */ localized('account', {
  title: 'Your account',
  backToDashboard: 'Back to dashboard',
  passwordTitle: 'Change password',
  passwordDescription: 'Changing it signs out every other device.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  newPasswordHint: 'At least 6 characters.',
  changePasswordButton: 'Change password',
  changePasswordPending: 'Saving...',
  sessionsTitle: 'Where you are signed in',
  sessionsLabel: 'Signed-in devices',
  thisDevice: 'This device',
  signedIn: 'Signed in',
  lastUsed: 'Last used',
  from: 'From',
  unknownAddress: 'unknown address',
  signOut: 'Sign out',
  signOutOthers: 'Sign out all other sessions',
  loading: 'Loading your sessions…',
  loadError: 'Could not load your sessions.',
  mailLanguageTitle: 'E-mail language',
  mailLanguageDescription: 'The language of your dashboard and of the e-mails Shabaash sends you.',
  mailLanguageLabel: 'E-mail language',
  mailLanguageSaved: 'E-mail language saved.',
  unknownDevice: 'Unknown device',
} as const);

/** Each e-mail language under its own name, as its readers write it. */
export const MAIL_LOCALE_NAMES = { en: 'English', hi: 'हिन्दी' } as const satisfies Record<
  MailLocale,
  string
>;
