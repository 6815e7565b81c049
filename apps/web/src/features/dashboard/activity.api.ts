import type {
  ActivityFeed,
  ActivityItem,
  StreamControlAction,
  StreamControlState,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

export type { ActivityItem, StreamControlAction, StreamControlState };

function streamerPath(slug: string, rest: string): string {
  return `/api/streamers/${encodeURIComponent(slug)}${rest}`;
}

/** `GET /api/streamers/:slug/activity`: every tip in any state, and test alerts, newest first. */
export async function fetchActivity(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<ActivityItem[]> {
  const body = await apiFetch<ActivityFeed>(streamerPath(slug, '/activity'), { token, signal });
  return body.items;
}

/** `GET /api/streamers/:slug/stream-control`: pause, mute, what plays and how many wait. */
export function fetchStreamControl(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<StreamControlState> {
  return apiFetch<StreamControlState>(streamerPath(slug, '/stream-control'), { token, signal });
}

/** `POST /api/streamers/:slug/stream-control`: one control for every overlay of the streamer. */
export function sendStreamControl(
  slug: string,
  token: string,
  control: { action: StreamControlAction; alert_id?: number },
): Promise<StreamControlState> {
  return apiFetch<StreamControlState>(streamerPath(slug, '/stream-control'), {
    method: 'POST',
    token,
    body: control,
  });
}
