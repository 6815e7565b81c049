/** Spec 01 §5 and §8: the words the auth screen and the API share. */
export const AUTH_MESSAGES = {
  missingInformationTitle: 'Missing Information',
  missingInformation: 'Please enter both email and password.',
  fillAllFields: 'Please fill in all fields.',
  passwordMismatchTitle: 'Password Mismatch',
  passwordMismatch: 'Passwords do not match.',
  passwordTooShortTitle: 'Password Too Short',
  passwordTooShort: 'Password must be at least 6 characters long.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  invalidEmail: 'Please enter a valid email address.',
  loginFailedTitle: 'Login Failed',
  loginErrorTitle: 'Login Error',
  signupFailedTitle: 'Signup Failed',
  signupFailed: 'Failed to create account.',
  signupErrorTitle: 'Signup Error',
  genericError: 'Something went wrong. Please try again.',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account Created!',
  loggedOut: 'Logged out successfully',
  logoutErrorTitle: 'Logout Error',
  logoutError: 'There was an error logging out. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  resetLinkSent:
    'If an account exists for that email, we have sent a link to reset its password. It expires in 1 hour.',
  tooManyResetRequests: 'Too many reset requests. Please wait a while and try again.',
  resetLinkInvalid: 'This reset link is invalid, used or expired. Please ask for a new one.',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  passwordResetDone: 'Password updated. Please log in with your new password.',
  currentPasswordWrong: 'Your current password is not correct.',
  sessionNotFound: 'That session no longer exists.',
  unknownLocale: 'E-mail language must be English (en) or Hindi (hi).',
} as const;

/** The languages Shabaash writes its e-mails in (users.locale). */
export const MAIL_LOCALES = ['en', 'hi'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it is not a denial of service. */
export const PASSWORD_MAX_LENGTH = 256;

/** The browser's storage key for the session token (spec 01 §9). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

export type UserRole = 'admin' | 'streamer';

export type AuthUser = {
  id: string;
  email: string;
  username: string;
  role: UserRole;
  /** The owner opened the e-mailed verification link; needed to own or join a page. */
  email_verified: boolean;
  /** The language of the e-mails this account receives. */
  locale: MailLocale;
};

export type AuthResponse = {
  user: AuthUser;
  session: { access_token: string };
};

/** One signed-in device on the account page (no token material). */
export type AccountSession = {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  /** The session making this request. */
  current: boolean;
};

export type AccountSessionsResponse = { sessions: AccountSession[] };

/** Lower-case letters, digits and hyphens; not a word the router needs for itself. */
export const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'account',
  'assets',
  'auth',
  'blog',
  'cancellation-refunds',
  'contact',
  'create',
  'dashboard',
  'feature-showcase',
  'healthz',
  // The Hindi copies of the public pages live under /hi (site.ts, pathInLanguage).
  'hi',
  'login',
  'logout',
  'media',
  // Plan order ids are `plan_<random>`; a page named 'plan' would share the prefix.
  'plan',
  'plans',
  // The rights page lives at /privacy/my-data (issue 29).
  'privacy',
  'privacy-policy',
  'robots.txt',
  'sandbox',
  'shipping',
  'signup',
  'sitemap',
  'sitemap.xml',
  'static',
  'status',
  'test-alerts',
  'widgets',
]);
