import { skipToken, useQuery } from '@tanstack/react-query';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { fetchPlanOrder, fetchStreamerPlans } from './plans.api';

/** How often the plans screen asks again while a returning order is still pending. */
const PENDING_ORDER_POLL_MS = 2_000;

export function streamerPlansKey(userId: string | undefined, slug: string) {
  return viewerQueryKey(userId, 'streamer-plans', slug);
}

/** What the page holds and its plan orders. */
export function useStreamerPlans(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: streamerPlansKey(user?.id, slug),
    queryFn: token ? ({ signal }) => fetchStreamerPlans(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** The order a checkout came back with, asked again every 2 s until it settles. */
export function usePlanOrder(slug: string, orderId: string | null) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: [...streamerPlansKey(user?.id, slug), 'order', orderId] as const,
    queryFn:
      token && orderId ? ({ signal }) => fetchPlanOrder(slug, orderId, token, signal) : skipToken,
    refetchInterval: (current) =>
      current.state.data?.purchase.payment_status === 'pending' ? PENDING_ORDER_POLL_MS : false,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}
