import type { ImageSlot, SettingsUpdate, StreamerSettings } from '@shabaash/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import {
  fetchSettings,
  removeImage,
  saveSettings,
  uploadAlertMedia,
  uploadImage,
} from './settings.api';
import { applyOptimisticUpdate } from './settings-form';

function useSettingsKey(slug: string) {
  const { user } = useSession();
  return viewerQueryKey(user?.id, 'settings', slug);
}

function useToken(): () => string {
  const { token } = useSession();
  return () => {
    if (!token) throw new Error('Not signed in.');
    return token;
  };
}

/** The streamer's settings; waits for a signed-in session, and signs out on a 401. */
export function useStreamerSettings(slug: string) {
  const { token } = useSession();
  const query = useQuery({
    queryKey: useSettingsKey(slug),
    queryFn: token ? ({ signal }) => fetchSettings(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/**
 * Saves a settings change optimistically: the new values show at once, the server's answer
 * replaces them, and a refusal puts the old ones back (the caller shows the error).
 */
export function useSaveSettings(slug: string) {
  const queryClient = useQueryClient();
  const key = useSettingsKey(slug);
  const requireToken = useToken();
  const mutation = useMutation({
    mutationFn: (update: SettingsUpdate) => saveSettings(slug, update, requireToken()),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StreamerSettings>(key);
      if (previous) queryClient.setQueryData(key, applyOptimisticUpdate(previous, update));
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
  useClearSessionOnUnauthorized(mutation.error);
  return mutation;
}

/** Uploads or removes the avatar or cover; the answer is the settings with the new URL. */
export function useImageMutations(slug: string) {
  const queryClient = useQueryClient();
  const key = useSettingsKey(slug);
  const requireToken = useToken();
  const onSuccess = (settings: StreamerSettings) => queryClient.setQueryData(key, settings);
  return {
    upload: useMutation({
      mutationFn: ({ slot, file }: { slot: ImageSlot; file: File }) =>
        uploadImage(slug, slot, file, requireToken()),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (slot: ImageSlot) => removeImage(slug, slot, requireToken()),
      onSuccess,
    }),
  };
}

/** Uploads an alert sound or image; the list of uploads is re-read afterwards. */
export function useAlertMediaUpload(slug: string) {
  const queryClient = useQueryClient();
  const key = useSettingsKey(slug);
  const requireToken = useToken();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: 'image' | 'sound'; file: File }) =>
      uploadAlertMedia(slug, kind, file, requireToken()),
    onSuccess: (media) =>
      queryClient.setQueryData<StreamerSettings>(key, (current) =>
        current ? { ...current, alert_media: [media, ...current.alert_media] } : current,
      ),
  });
}
