import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/lazy-toast';

import { GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { errorText } from '../../lib/api-error';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { useSession } from '../auth/use-session';
import { sendTestAlert } from './test-alerts.api';
import { testAlertFailedMessage, testAlertSentMessage } from './test-alerts.constants';

/**
 * Sends a test alert as the signed-in user and reports the outcome in a toast. A 401 (session
 * expired) signs out, which sends the page to the login screen.
 */
export function useSendTestAlert() {
  const { token } = useSession();
  const mutation = useMutation({
    mutationFn: (slug: string) => {
      if (!token) return Promise.reject(new Error(GENERIC_ERROR_MESSAGE));
      return sendTestAlert(slug, token);
    },
    onSuccess: ({ activeConnections }) => {
      toast.success(testAlertSentMessage(activeConnections));
    },
    onError: (error) => {
      toast.error(testAlertFailedMessage(errorText(error)));
    },
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}
