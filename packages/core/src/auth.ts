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
} as const;

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
};

export type AuthResponse = {
  user: AuthUser;
  session: { access_token: string };
};

/** A streamer dashboard the signed-in user may open (the dashboard chooser's cards). */
export type AccessibleStreamer = {
  streamer_slug: string;
  streamer_name: string;
  brand_color: string;
  is_admin: boolean;
};

/** Lower-case letters, digits and hyphens; not a word the router needs for itself. */
export const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'assets',
  'auth',
  'blog',
  'cancellation-refunds',
  'contact',
  'dashboard',
  'feature-showcase',
  'healthz',
  'login',
  'logout',
  'media',
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
