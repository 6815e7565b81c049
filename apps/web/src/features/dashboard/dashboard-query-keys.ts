import { viewerQueryKey } from '../auth/session-query-keys';
import type { DonationListKind } from './dashboard.api';

/**
 * Query keys of one streamer's dashboard. All start with the summary's key, so invalidating
 * `root` (Refresh Data, a reconnect) reloads everything the dashboard shows.
 */
export function dashboardKeys(userId: string | undefined, slug: string) {
  const root = viewerQueryKey(userId, 'streamer-dashboard', slug);
  return {
    root,
    stats: [...root, 'stats'] as const,
    donations: (kind: DonationListKind) => [...root, 'donations', kind] as const,
    obsTokens: [...root, 'obs-tokens'] as const,
    moderators: [...root, 'moderators'] as const,
    activity: [...root, 'activity'] as const,
    streamControl: [...root, 'stream-control'] as const,
  };
}
