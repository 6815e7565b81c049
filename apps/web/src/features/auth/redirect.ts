/** The query parameter /auth reads its destination from (spec 01 §2). */
export const REDIRECT_PARAM = 'redirect';

/** Where /auth sends the user when no (usable) redirect is given (spec 01 §2). */
export const DEFAULT_REDIRECT = '/dashboard';

const AUTH_PATH = '/auth';

// Any origin works as long as no real URL can have it: only a same-site path resolves to it.
const PLACEHOLDER_ORIGIN = 'https://shabaash.invalid';

/**
 * The in-app path to go to after signing in. Only a path on this site is accepted: a full URL,
 * `//host` or `/\host` (which browsers treat as another host) would make /auth an open
 * redirect, and `/auth` itself would loop, so they fall back to the default.
 */
export function safeRedirectTarget(raw: string | null): string {
  if (!raw?.startsWith('/')) return DEFAULT_REDIRECT;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return DEFAULT_REDIRECT;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname === AUTH_PATH) return DEFAULT_REDIRECT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The redirect target of an /auth URL's query. */
export function redirectTargetFrom(searchParams: URLSearchParams): string {
  return safeRedirectTarget(searchParams.get(REDIRECT_PARAM));
}

/**
 * True when /auth shows only the 'Streamer Dashboard Login' form (spec 01 §2). Only an explicit
 * redirect counts: the default target is /dashboard too, and reading it here would hide the
 * sign-up tab from everyone who opens plain /auth.
 */
export function isDashboardLogin(searchParams: URLSearchParams): boolean {
  return searchParams.has(REDIRECT_PARAM) && redirectTargetFrom(searchParams).includes('dashboard');
}

/** `/auth?redirect=<path + query>`: where a protected page sends a signed-out visitor. */
export function signInPath(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams({
    [REDIRECT_PARAM]: `${location.pathname}${location.search}`,
  });
  return `${AUTH_PATH}?${params.toString()}`;
}
