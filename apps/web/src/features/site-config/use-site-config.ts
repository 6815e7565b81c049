import type { SiteConfig } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';

import { apiFetch } from '../../lib/api';

/** What the pages go by when the site config cannot be read: no default streamer, no links. */
const NO_SITE_CONFIG: SiteConfig = { default_streamer: null, social_links: {}, support: {} };

/**
 * The public site settings (`GET /api/site/config`): the default streamer the status page's
 * Back to Donation Page falls back to, and the footer's social links. A failure is logged only
 * and reads as no settings, so the footer shows no links and the back link goes home.
 */
export function useSiteConfig(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['site', 'config'],
    queryFn: async ({ signal }): Promise<SiteConfig> => {
      try {
        return await apiFetch<SiteConfig>('/api/site/config', { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('Could not load the site settings:', error);
        return NO_SITE_CONFIG;
      }
    },
    retry: false,
    staleTime: Infinity,
    enabled: options.enabled ?? true,
  });
}
