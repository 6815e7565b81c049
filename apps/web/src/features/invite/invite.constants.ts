/** The invite sign-up page's words (issue 10). */
export const INVITE_TEXT = {
  loading: 'Checking your invite…',
  title: (streamer: string) => `Join ${streamer} on Shabaash`,
  description: (email: string) =>
    `You were invited as ${email}. Choose a password to create your account.`,
  emailLabel: 'Email',
  passwordLabel: 'Password',
  confirmLabel: 'Confirm Password',
  passwordHint: 'At least 6 characters.',
  create: 'Create account and join',
  creating: 'Creating your account…',
  join: 'Join the dashboard',
  joining: 'Joining…',
  signedInAs: (email: string) => `You are signed in as ${email}.`,
  wrongAccount: (invited: string) =>
    `This invite is for ${invited}. Log out, then open the link again.`,
  hasAccount: (email: string) =>
    `An account already uses ${email}. Log in, then open this link again to join.`,
  logIn: 'Log in',
  invalidTitle: 'This invite cannot be used',
  home: 'Return to Home',
  welcome: (streamer: string) => `Welcome to ${streamer}!`,
} as const;
