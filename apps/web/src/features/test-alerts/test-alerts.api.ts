import type { TestAlertResponse } from '@shabaash/core';

import { apiFetch } from '../../lib/api';

/**
 * `POST /api/streamers/:slug/test-alert` (spec 02 §7, obs-alerts-ws with test=true): one test
 * alert to every overlay of the streamer; answers how many are connected across all servers.
 * Needs the streamer's login or an admin's (DESIGN.md corrects the spec's open endpoint).
 */
export function sendTestAlert(slug: string, token: string): Promise<TestAlertResponse> {
  return apiFetch<TestAlertResponse>(`/api/streamers/${encodeURIComponent(slug)}/test-alert`, {
    method: 'POST',
    token,
  });
}
