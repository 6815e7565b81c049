import type {
  AccessibleStreamer,
  DashboardDonation,
  DashboardDonationList,
  DashboardStats,
  ModerationDecision,
  ModerationDecisionResponse,
  MyStreamersResponse,
  ObsTokenCreated,
  ObsTokens,
  StreamerDashboardSummary,
  TelegramModerators,
  TestAlertResponse,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

// The answers' shapes are core's contracts, shared with the server's presenters.
export type {
  DashboardDonation,
  DashboardStats,
  ModerationDecision,
  ObsTokens,
  StreamerDashboardSummary,
  TelegramModerators,
};

/** The streamers whose dashboards the signed-in user may open (the chooser's cards). */
export async function fetchMyStreamers(
  token: string,
  signal?: AbortSignal,
): Promise<AccessibleStreamer[]> {
  const body = await apiFetch<MyStreamersResponse>('/api/me/streamers', {
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

function streamerPath(slug: string, rest = ''): string {
  return `/api/streamers/${encodeURIComponent(slug)}${rest}`;
}

/** Approved: the 50 newest paid and approved. Pending: the 20 newest paid and held for review. */
export type DonationListKind = 'approved' | 'pending';

export function fetchDashboardStats(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<DashboardStats> {
  return apiFetch<DashboardStats>(streamerPath(slug, '/stats'), { token, signal });
}

export async function fetchDashboardDonations(
  slug: string,
  kind: DonationListKind,
  token: string,
  signal?: AbortSignal,
): Promise<DashboardDonation[]> {
  const body = await apiFetch<DashboardDonationList>(
    streamerPath(slug, `/donations?status=${kind}`),
    { token, signal },
  );
  return body.donations;
}

/**
 * Approves or rejects a pending donation. A second decision is refused with 409
 * `already_decided`, whose message names who decided first.
 */
export async function moderateDonation(
  donationId: string,
  decision: ModerationDecision,
  token: string,
): Promise<DashboardDonation> {
  const body = await apiFetch<ModerationDecisionResponse>(
    `/api/donations/${encodeURIComponent(donationId)}/${decision}`,
    { method: 'POST', token },
  );
  return body.donation;
}

/** The dashboard's live stream (SSE; read with fetch, since it needs the bearer token). */
export function dashboardEventsPath(slug: string): string {
  return streamerPath(slug, '/events');
}

export function fetchObsTokens(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<ObsTokens> {
  return apiFetch<ObsTokens>(streamerPath(slug, '/obs-tokens'), { token, signal });
}

/** Makes a new active token; the previous one stops working at once. */
export function generateObsToken(slug: string, token: string): Promise<ObsTokenCreated> {
  return apiFetch<ObsTokenCreated>(streamerPath(slug, '/obs-tokens'), {
    method: 'POST',
    token,
  });
}

export async function deactivateObsToken(
  slug: string,
  tokenId: string,
  token: string,
): Promise<void> {
  await apiFetch(streamerPath(slug, `/obs-tokens/${encodeURIComponent(tokenId)}/deactivate`), {
    method: 'POST',
    token,
  });
}

export function fetchTelegramModerators(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<TelegramModerators> {
  return apiFetch<TelegramModerators>(streamerPath(slug, '/moderators'), { token, signal });
}

export function changeTelegramModerator(
  slug: string,
  action: 'add' | 'remove',
  telegramUserId: string,
  token: string,
): Promise<TelegramModerators> {
  return apiFetch<TelegramModerators>(streamerPath(slug, '/moderators'), {
    method: action === 'add' ? 'PUT' : 'DELETE',
    body: { telegram_user_id: telegramUserId },
    token,
  });
}

/**
 * `POST /api/streamers/:slug/test-alert`: one test alert to every open overlay of the streamer;
 * answers how many overlays are connected.
 */
export function sendTestAlert(slug: string, token: string): Promise<TestAlertResponse> {
  return apiFetch<TestAlertResponse>(streamerPath(slug, '/test-alert'), {
    method: 'POST',
    token,
  });
}
