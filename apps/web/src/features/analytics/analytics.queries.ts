import type { AnalyticsPeriod, HistoryFilter } from '@shabaash/core';
import { skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { fetchCharts, fetchHistory } from './analytics.api';

/** The filtered history, page after page ("Show older tips"). */
export function useHistory(slug: string, filter: HistoryFilter) {
  const { token, user } = useSession();
  const query = useInfiniteQuery({
    queryKey: viewerQueryKey(user?.id, 'analytics-history', slug, filter),
    queryFn: token
      ? ({ pageParam, signal }) => fetchHistory(slug, filter, pageParam, token, signal)
      : skipToken,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

export function useCharts(slug: string, days: AnalyticsPeriod) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'analytics-charts', slug, days),
    queryFn: token ? ({ signal }) => fetchCharts(slug, days, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}
