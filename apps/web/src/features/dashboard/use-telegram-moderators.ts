import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/lazy-toast';
import { errorText } from '../../lib/api-error';

import { isUnauthorized, useClearSessionOnUnauthorized } from '../auth/require-session';
import { useSession } from '../auth/use-session';
import { changeTelegramModerator, fetchTelegramModerators } from './dashboard.api';
import { dashboardKeys } from './dashboard-query-keys';
import { TELEGRAM_TEXT } from './telegram.constants';
import { requireToken } from './use-dashboard-mutations';

/** The linked Telegram moderators and whether this server runs the bot. */
export function useTelegramModerators(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: dashboardKeys(user?.id, slug).moderators,
    queryFn: token ? ({ signal }) => fetchTelegramModerators(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

export type ModeratorChange = { action: 'add' | 'remove'; telegramUserId: string };

/** Links or unlinks a Telegram moderator; toasts 'Success' or the spec's failure titles. */
export function useChangeTelegramModerator(slug: string) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const key = dashboardKeys(user?.id, slug).moderators;
  const mutation = useMutation({
    mutationFn: ({ action, telegramUserId }: ModeratorChange) =>
      changeTelegramModerator(slug, action, telegramUserId, requireToken(token)),
    onSuccess: (result, { action }) => {
      queryClient.setQueryData(key, result);
      toast.success(TELEGRAM_TEXT.success, {
        description: action === 'add' ? TELEGRAM_TEXT.addedText : TELEGRAM_TEXT.removedText,
      });
    },
    onError: (error, { action }) => {
      if (isUnauthorized(error)) {
        toast.error(TELEGRAM_TEXT.authRequired);
        return;
      }
      toast.error(action === 'add' ? TELEGRAM_TEXT.addFailed : TELEGRAM_TEXT.removeFailed, {
        description: errorText(error),
      });
    },
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}
