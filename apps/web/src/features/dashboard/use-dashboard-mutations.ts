import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { apiErrorText, errorText } from '../../lib/api-error';
import { isUnauthorized, useClearSessionOnUnauthorized } from '../auth/require-session';
import { useSession } from '../auth/use-session';
import { moderateDonation, type DashboardDonation, type ModerationDecision } from './dashboard.api';
import { DONATIONS_TEXT } from './dashboard.constants';
import { dashboardKeys } from './dashboard-query-keys';

/** The session token, or a rejected promise if the session ended under the page. */
export function requireToken(token: string | null): string {
  if (!token) throw new ApiError(401, 'unauthorized', GENERIC_ERROR_MESSAGE);
  return token;
}

/**
 * Approve or Reject on one pending donation. Success takes it off the pending list at once and
 * reloads the lists and stats. When someone else decided first (409), the toast says who, and
 * the lists reload to show their decision.
 */
export function useModerateDonation(slug: string) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const keys = dashboardKeys(user?.id, slug);
  const mutation = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ModerationDecision }) =>
      moderateDonation(id, decision, requireToken(token)),
    onSuccess: (donation, { decision }) => {
      queryClient.setQueryData<DashboardDonation[]>(keys.donations('pending'), (list) =>
        list?.filter((item) => item.id !== donation.id),
      );
      if (decision === 'approve') {
        toast.success(DONATIONS_TEXT.approvedToast, {
          description: DONATIONS_TEXT.approvedToastText,
        });
      } else {
        toast.success(DONATIONS_TEXT.rejectedToast, {
          description: DONATIONS_TEXT.rejectedToastText,
        });
      }
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      if (error instanceof ApiError && error.status === 409) {
        toast.warning(apiErrorText(error));
        return;
      }
      toast.error(DONATIONS_TEXT.moderationFailed, { description: errorText(error) });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.stats }),
        queryClient.invalidateQueries({ queryKey: keys.donations('pending') }),
        queryClient.invalidateQueries({ queryKey: keys.donations('approved') }),
      ]),
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}

/** Refresh Data: reloads everything the dashboard shows, and says when it is done. */
export function useRefreshDashboard(slug: string) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const userId = user?.id;

  const refresh = useCallback(async () => {
    setIsRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys(userId, slug).root });
    } finally {
      setIsRefreshing(false);
    }
  }, [queryClient, userId, slug]);

  return { refresh, isRefreshing };
}
