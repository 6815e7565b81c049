/*
 * Secrets that travel in URLs, kept out of the logs. An OBS browser source cannot send a
 * header, so its token rides in `?token=` (overlays, widgets and their APIs); an invite link's
 * code is a path segment (the web page and its API). Sessions use the Authorization header,
 * which the logger redacts on its own; the Telegram webhook's secret is a header too.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential, by name (`token`, `access_token`, …). */
const SECRET_QUERY_KEY = /token|secret|password|code|signature/i;

/** Paths whose next segment is a credential: `/auth/invite/<code>`, `/api/invites/<code>`. */
const SECRET_PATH_SEGMENT = /^(\/auth\/invite\/|\/api\/invites\/)[^/]+/i;

/** The URL as a log line may show it: the path stays readable, secret values are replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const safePath = path.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (queryStart === -1) return safePath;
  const safeQuery = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_KEY.test(decodeKey(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** `%74oken` is `token` to the query parser, so it is to the redaction as well. */
function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replaceAll('+', ' '));
  } catch {
    return key;
  }
}
