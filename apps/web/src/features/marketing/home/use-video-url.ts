import type { VideoUrlResponse } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api';

/**
 * The home page's background video address (spec 01 §7 call 1). A failure is logged only and
 * the page keeps its gradient (§8), so the query never retries or throws.
 */
export function useVideoUrl() {
  return useQuery({
    queryKey: ['site', 'video-url'],
    queryFn: async ({ signal }): Promise<string | null> => {
      try {
        const { videoUrl } = await apiFetch<VideoUrlResponse>('/api/site/video-url', { signal });
        return videoUrl;
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('Could not load the background video address:', error);
        return null;
      }
    },
    retry: false,
    staleTime: Infinity,
  });
}
