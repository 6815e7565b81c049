import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/lazy-toast';
import { errorText } from '../../lib/api-error';

import { isUnauthorized, useClearSessionOnUnauthorized } from '../auth/require-session';
import { useSession } from '../auth/use-session';
import {
  deactivateObsToken,
  fetchObsTokens,
  generateObsToken,
  sendTestAlert,
} from './dashboard.api';
import { dashboardKeys } from './dashboard-query-keys';
import { OBS_TEXT, testAlertFailedText, testAlertSentText } from './obs-setup.constants';
import { refetchUntil } from './refetch-until';
import { requireToken } from './use-dashboard-mutations';

/** The OBS tab's tokens: the active one in full, up to 3 previous masked. */
export function useObsTokens(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: dashboardKeys(user?.id, slug).obsTokens,
    queryFn: token ? ({ signal }) => fetchObsTokens(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/**
 * Generate New Token: the server deactivates the old token and makes a new one; the list is
 * then re-read until it shows the new token (spec 02 §4: up to 3 more times, 500/1000/1500 ms).
 */
export function useGenerateObsToken(slug: string) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const key = dashboardKeys(user?.id, slug).obsTokens;
  const mutation = useMutation({
    mutationFn: async () => {
      const sessionToken = requireToken(token);
      const created = await generateObsToken(slug, sessionToken);
      try {
        const tokens = await refetchUntil(
          () => fetchObsTokens(slug, sessionToken),
          (list) => list.active?.id === created.id,
        );
        queryClient.setQueryData(key, tokens);
      } catch {
        // The token exists; only the re-read failed. The list reloads the ordinary way.
        await queryClient.invalidateQueries({ queryKey: key });
      }
      return created;
    },
    onSuccess: () => {
      toast.success(OBS_TEXT.generatedToast, { description: OBS_TEXT.generatedToastText });
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        toast.error(OBS_TEXT.authRequiredTitle, { description: OBS_TEXT.generateAuthRequired });
        return;
      }
      toast.error(OBS_TEXT.generateFailed, { description: errorText(error) });
    },
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}

/** Deactivate: the token stops working at once and moves to Previous Tokens. */
export function useDeactivateObsToken(slug: string) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const key = dashboardKeys(user?.id, slug).obsTokens;
  const mutation = useMutation({
    mutationFn: (tokenId: string) => deactivateObsToken(slug, tokenId, requireToken(token)),
    onSuccess: () => {
      toast.success(OBS_TEXT.deactivatedToast);
    },
    onError: (error) => {
      toast.error(OBS_TEXT.deactivateFailed, { description: errorText(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}

/** Send Test Alert: toasts how many overlays received it, or why it failed. */
export function useSendTestAlert(slug: string) {
  const { token } = useSession();
  const mutation = useMutation({
    mutationFn: () => sendTestAlert(slug, requireToken(token)),
    onSuccess: ({ activeConnections }) => {
      toast.success(testAlertSentText(activeConnections));
    },
    onError: (error) => {
      toast.error(testAlertFailedText(errorText(error)));
    },
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}
