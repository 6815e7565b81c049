import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/lazy-toast';

import { errorText } from '../../lib/api-error';
import { isUnauthorized, useClearSessionOnUnauthorized } from '../auth/require-session';
import { useSession } from '../auth/use-session';
import {
  fetchActivity,
  fetchStreamControl,
  sendStreamControl,
  type StreamControlAction,
  type StreamControlState,
} from './activity.api';
import { ACTIVITY_TEXT, CONTROL_DONE } from './activity.constants';
import { dashboardKeys } from './dashboard-query-keys';

/** The activity feed; the dashboard's live stream reloads it on every new tip or test alert. */
export function useActivity(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: dashboardKeys(user?.id, slug).activity,
    queryFn: token ? ({ signal }) => fetchActivity(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** Pause, mute, what plays and how many wait; the live stream's `playback` keeps it current. */
export function useStreamControl(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: dashboardKeys(user?.id, slug).streamControl,
    queryFn: token ? ({ signal }) => fetchStreamControl(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** Sends one control to every overlay; the toast says it went out, or why not. */
export function useSendStreamControl(slug: string) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (control: { action: StreamControlAction; alert_id?: number }) => {
      if (!token) throw new Error(ACTIVITY_TEXT.controlFailed);
      return sendStreamControl(slug, token, control);
    },
    onSuccess: (state, control) => {
      queryClient.setQueryData<StreamControlState>(
        dashboardKeys(user?.id, slug).streamControl,
        state,
      );
      toast.success(CONTROL_DONE[control.action]);
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast.error(ACTIVITY_TEXT.controlFailed, { description: errorText(error) });
    },
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}
