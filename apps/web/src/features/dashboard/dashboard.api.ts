import type { AccessibleStreamer } from '@shabaash/core';

import { apiFetch } from '../../lib/api';

/** `GET /api/streamers/:slug/dashboard`: the header's data and what the viewer may do. */
export type StreamerDashboardSummary = {
  streamer: { id: string; slug: string; name: string; brand_color: string };
  viewer: { is_admin: boolean; is_site_admin: boolean };
};

/** The streamers whose dashboards the signed-in user may open (the chooser's cards). */
export async function fetchMyStreamers(
  token: string,
  signal?: AbortSignal,
): Promise<AccessibleStreamer[]> {
  const body = await apiFetch<{ streamers: AccessibleStreamer[] }>('/api/me/streamers', {
    token,
    signal,
  });
  return body.streamers;
}

/**
 * One streamer's dashboard header. Rejects with the API's 401 (signed out), 403
 * `access_denied` or 404 `streamer_not_found`, which the page turns into its screens.
 */
export function fetchStreamerDashboard(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<StreamerDashboardSummary> {
  return apiFetch<StreamerDashboardSummary>(
    `/api/streamers/${encodeURIComponent(slug)}/dashboard`,
    { token, signal },
  );
}

/** The path of a streamer's dashboard. */
export function dashboardPath(slug: string): string {
  return `/dashboard/${encodeURIComponent(slug)}`;
}
