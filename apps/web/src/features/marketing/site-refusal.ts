import { ApiError } from '../../lib/api';
import { apiErrorText } from '../../lib/api-error';
import { siteMessageText } from './marketing.constants';

/**
 * What the lead or contact form says when the server refuses it: our own reasons (a field it
 * rejects, too many messages; SITE_MESSAGES) in the page's language, anything else `fallback`.
 */
export function siteRefusalText(error: unknown, fallback: string): string {
  const isOurRefusal = error instanceof ApiError && (error.status === 400 || error.status === 429);
  return isOurRefusal ? (siteMessageText(apiErrorText(error)) ?? fallback) : fallback;
}
