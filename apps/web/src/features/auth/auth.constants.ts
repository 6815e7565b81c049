/**
 * Texts of the auth screen and the session UI that are not shared with the server. The spec's
 * validation and toast messages live in `AUTH_MESSAGES` (`@shabaash/core`), which the API uses
 * too; these are the labels around them.
 */
export const AUTH_TEXT = {
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
} as const;
