import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, MailLocaleRequest } from '@shabaash/core';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import {
  changePasswordRequest,
  fetchAccountSessions,
  revokeOtherSessionsRequest,
  revokeSessionRequest,
  updateMailLocaleRequest,
} from './account.api';

const sessionsKey = (userId: string | undefined) => viewerQueryKey(userId, 'account-sessions');

/** The account's sessions; signs out on a 401 (this session was revoked elsewhere). */
export function useAccountSessions() {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: sessionsKey(user?.id),
    queryFn: token ? ({ signal }) => fetchAccountSessions(token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** A mutation of this account that ends other sessions, then reloads the list. */
function useSessionsMutation<TInput>(call: (token: string, input: TInput) => Promise<void>) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => call(token ?? '', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(user?.id) }),
  });
}

export const useChangePassword = () =>
  useSessionsMutation((token, input: ChangePasswordRequest) => changePasswordRequest(token, input));

export const useRevokeSession = () =>
  useSessionsMutation((token, sessionId: string) => revokeSessionRequest(token, sessionId));

export const useRevokeOtherSessions = () =>
  useSessionsMutation((token, _none: void) => revokeOtherSessionsRequest(token));

/** Saves the account's e-mail language, then reloads the signed-in user that carries it. */
export function useUpdateMailLocale() {
  const { token, refreshUser } = useSession();
  return useMutation({
    mutationFn: (input: MailLocaleRequest) => updateMailLocaleRequest(token ?? '', input),
    onSuccess: () => refreshUser(),
  });
}
