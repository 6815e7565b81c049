import { skipToken, useQuery } from '@tanstack/react-query';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import {
  fetchDashboardDonations,
  fetchDashboardStats,
  fetchMyStreamers,
  fetchStreamerDashboard,
  type DonationListKind,
} from './dashboard.api';
import { dashboardKeys } from './dashboard-query-keys';

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
    queryKey: dashboardKeys(user?.id, slug).root,
    queryFn: token ? ({ signal }) => fetchStreamerDashboard(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** The four stat cards. */
export function useDashboardStats(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: dashboardKeys(user?.id, slug).stats,
    queryFn: token ? ({ signal }) => fetchDashboardStats(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** The approved (50 newest) or pending (20 newest) donations. */
export function useDashboardDonations(slug: string, kind: DonationListKind) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: dashboardKeys(user?.id, slug).donations(kind),
    queryFn: token ? ({ signal }) => fetchDashboardDonations(slug, kind, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}
