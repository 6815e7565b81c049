import { AUTH_MESSAGES, ONBOARDING_MESSAGES } from '@shabaash/core';

import { localized } from '../../i18n/i18n';

/**
 * Texts of the auth screen and the session UI that are not shared with the server. The spec's
 * validation and toast messages live in `AUTH_MESSAGES` (`@shabaash/core`), which the API uses
 * too; these are the labels around them. Both read the `auth` catalog of the page's language
 * (issue 21): the auth pages speak the reader's (auth-language.tsx).
 */
export const AUTH_TEXT = /* @__PURE__ */ localized('auth', {
  pageTitle: 'Welcome to Shabaash',
  pageDescription: 'Log in to your account, or create one in a few seconds.',
  dashboardPageTitle: 'Streamer Dashboard Login',
  dashboardPageDescription: 'Log in to see your tips, moderate messages and set up your alerts.',
  tabsLabel: 'Login or sign up',
  loginTab: 'Login',
  signupTab: 'Sign Up',
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  newPasswordHint: 'At least 6 characters.',
  loginButton: 'Login',
  loginPending: 'Logging in...',
  signupButton: 'Create Account',
  signupPending: 'Creating account...',
  back: 'Back',
  logout: 'Logout',
  logoutPending: 'Logging out...',
  checkingSession: 'Checking your session…',
  forgotPasswordLink: 'Forgot password?',
  forgotTitle: 'Forgot your password?',
  forgotDescription:
    'Enter the email of your account and we will send you a link to set a new one.',
  forgotButton: 'Send reset link',
  forgotPending: 'Sending...',
  backToLogin: 'Back to login',
  resetTitle: 'Set a new password',
  resetDescription:
    'Choose a new password. Every device signed in to your account will be signed out.',
  newPasswordLabel: 'New password',
  resetButton: 'Set new password',
  resetPending: 'Saving...',
  resetMissingToken: 'This page needs the link from your email. Please ask for a new one.',
  requestNewLink: 'Ask for a new link',
  languageSwitchLabel: 'Language',
} as const);

/** Each auth page's browser-tab title (its route's `meta` gives the English one first). */
export const AUTH_PAGE_TITLES = /* @__PURE__ */ localized('auth.pageTitles', {
  signIn: 'Sign in',
  forgot: 'Forgot password',
  reset: 'Set a new password',
  verify: 'Verify your e-mail',
} as const);

/** The spec's auth messages (AUTH_MESSAGES, as the API writes them) in the page's language. */
export const AUTH_MESSAGE_TEXT: typeof AUTH_MESSAGES = /* @__PURE__ */ localized(
  'auth.messages',
  AUTH_MESSAGES,
);

/** The sign-up toast's "check your e-mail" line, in the page's language. */
export const SIGNUP_DONE_TEXT = /* @__PURE__ */ localized('auth.onboarding', {
  verificationSent: ONBOARDING_MESSAGES.verificationSent,
});
