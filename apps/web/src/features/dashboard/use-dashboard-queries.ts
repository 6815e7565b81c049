import { skipToken, useQuery } from '@tanstack/react-query';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { fetchMyStreamers, fetchStreamerDashboard } from './dashboard.api';

/** The chooser's list; waits for a signed-in session, and signs out on a 401. */
export function useMyStreamers() {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'streamers'),
    queryFn: token ? ({ signal }) => fetchMyStreamers(token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** One streamer's dashboard summary; waits for a signed-in session, and signs out on a 401. */
export function useStreamerDashboard(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'streamer-dashboard', slug),
    queryFn: token ? ({ signal }) => fetchStreamerDashboard(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}
