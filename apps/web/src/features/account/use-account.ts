import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  languageOfLocale,
  type ChangePasswordRequest,
  type MailLocaleRequest,
} from '@shabaash/core';

import { loadLanguage } from '../../i18n/i18n';
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
/**
 * Saves the user's language (`users.locale`: their e-mails' and their pages'). The pages then
 * follow it (dashboard-language.tsx re-renders them from the top); `onSaved` runs first, with
 * the new language's catalogs loaded and active, so what it says (a toast) is in that language
 * and outlives the page's re-render.
 */
export function useUpdateMailLocale(onSaved?: () => void) {
  const { token, refreshUser } = useSession();
  return useMutation({
    mutationFn: (input: MailLocaleRequest) => updateMailLocaleRequest(token ?? '', input),
    onSuccess: async (_data, { locale }) => {
      if (onSaved) {
        await loadLanguage(languageOfLocale(locale), ['account']);
        onSaved();
      }
      await refreshUser();
    },
  });
}
