import { localized, t } from '../../i18n/i18n';

/** The invite sign-up page's words (issue 10), in the reader's language. */
export const INVITE_TEXT = /* @__PURE__ */ localized('invite', {
  loading: 'Checking your invite…',
  title: (streamer: string) => t('invite.titleFn', { streamer }, `Join ${streamer} on Shabaash`),
  description: (email: string) =>
    t(
      'invite.descriptionFn',
      { email },
      `You were invited as ${email}. Choose a password to create your account.`,
    ),
  emailLabel: 'Email',
  passwordLabel: 'Password',
  confirmLabel: 'Confirm Password',
  passwordHint: 'At least 6 characters.',
  create: 'Create account and join',
  creating: 'Creating your account…',
  join: 'Join the dashboard',
  joining: 'Joining…',
  signedInAs: (email: string) =>
    t('invite.signedInAsFn', { email }, `You are signed in as ${email}.`),
  wrongAccount: (invited: string) =>
    t(
      'invite.wrongAccountFn',
      { invited },
      `This invite is for ${invited}. Log out, then open the link again.`,
    ),
  hasAccount: (email: string) =>
    t(
      'invite.hasAccountFn',
      { email },
      `An account already uses ${email}. Log in, then open this link again to join.`,
    ),
  logIn: 'Log in',
  invalidTitle: 'This invite cannot be used',
  home: 'Return to Home',
  welcome: (streamer: string) => t('invite.welcomeFn', { streamer }, `Welcome to ${streamer}!`),
} as const);
