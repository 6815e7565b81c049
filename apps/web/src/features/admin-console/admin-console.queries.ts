import type { CreateStreamerRequest, MemberRequest, SiteConfig } from '@shabaash/core';
import {
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import {
  addMember,
  createStreamer,
  fetchAudit,
  fetchBackups,
  fetchLeads,
  fetchMessages,
  fetchSiteConfig,
  fetchVideoUrl,
  removeMember,
  saveSiteConfig,
  saveVideoUrl,
  searchStreamers,
  setActive,
  withdrawInvite,
} from './admin-console.api';

/** Every admin query key starts here, so one invalidation refreshes the console after a change. */
function useAdminKey() {
  const { user } = useSession();
  return (...parts: unknown[]) => viewerQueryKey(user?.id, 'admin', ...parts);
}

function useRequireToken() {
  const { token } = useSession();
  return () => {
    if (!token) throw new Error('Not signed in.');
    return token;
  };
}

/** A query that waits for the session and signs out on a 401. */
function useAdminQuery<T>(
  parts: unknown[],
  load: (token: string, signal: AbortSignal) => Promise<T>,
) {
  const { token } = useSession();
  const key = useAdminKey();
  const query = useQuery({
    queryKey: key(...parts),
    queryFn: token ? ({ signal }) => load(token, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

export function useStreamerSearch(search: string) {
  return useAdminQuery(['streamers', search], (token, signal) =>
    searchStreamers(search, token, signal),
  );
}

export function useLeads() {
  return useAdminQuery(['leads'], fetchLeads);
}

export function useMessages() {
  return useAdminQuery(['messages'], fetchMessages);
}

export function useVideoUrl() {
  return useAdminQuery(['video-url'], fetchVideoUrl);
}

export function useBackups() {
  return useAdminQuery(['backups'], fetchBackups);
}

export function useSiteConfigSettings() {
  return useAdminQuery(['site-config'], fetchSiteConfig);
}

/** The audit log, newest first, a hundred entries a page. */
export function useAudit(streamer: string) {
  const { token } = useSession();
  const key = useAdminKey();
  const query = useInfiniteQuery({
    queryKey: key('audit', streamer),
    queryFn: token
      ? ({ pageParam, signal }) => fetchAudit({ streamer, before: pageParam }, token, signal)
      : skipToken,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length === 100 ? page.at(-1)?.id : undefined),
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** The console's changes; each refreshes every admin list afterwards. */
export function useAdminMutations() {
  const queryClient = useQueryClient();
  const key = useAdminKey();
  const requireToken = useRequireToken();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key() });
  return {
    create: useMutation({
      mutationFn: (request: CreateStreamerRequest) => createStreamer(request, requireToken()),
      onSettled,
    }),
    addMember: useMutation({
      mutationFn: ({ slug, request }: { slug: string; request: MemberRequest }) =>
        addMember(slug, request, requireToken()),
      onSettled,
    }),
    removeMember: useMutation({
      mutationFn: ({ slug, email }: { slug: string; email: string }) =>
        removeMember(slug, email, requireToken()),
      onSettled,
    }),
    withdrawInvite: useMutation({
      mutationFn: ({ slug, inviteId }: { slug: string; inviteId: string }) =>
        withdrawInvite(slug, inviteId, requireToken()),
      onSettled,
    }),
    setActive: useMutation({
      mutationFn: ({ slug, isActive }: { slug: string; isActive: boolean }) =>
        setActive(slug, isActive, requireToken()),
      onSettled,
    }),
    saveVideoUrl: useMutation({
      mutationFn: (videoUrl: string | null) => saveVideoUrl(videoUrl, requireToken()),
      onSettled,
    }),
    saveSiteConfig: useMutation({
      mutationFn: (config: SiteConfig) => saveSiteConfig(config, requireToken()),
      onSettled,
    }),
  };
}
