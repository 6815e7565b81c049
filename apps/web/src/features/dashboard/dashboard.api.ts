import type { AccessibleStreamer, DonationType } from '@shabaash/core';

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

function streamerPath(slug: string, rest = ''): string {
  return `/api/streamers/${encodeURIComponent(slug)}${rest}`;
}

/** `GET /api/streamers/:slug/stats`: the four stat cards, over successful payments only. */
export type DashboardStats = {
  total_revenue_paise: number;
  donation_count: number;
  /** The India calendar day (Asia/Kolkata). */
  today_revenue_paise: number;
  average_donation_paise: number;
  pending_review: number;
};

export type ModerationStatus = 'pending' | 'approved' | 'auto_approved' | 'rejected';

/** A donation as the dashboard lists it. */
export type DashboardDonation = {
  id: string;
  name: string;
  is_anonymous?: boolean;
  amount_paise: number;
  type: DonationType;
  message: string;
  message_visible: boolean;
  is_hyperemote: boolean;
  hyperemote_id: string | null;
  voice_url: string | null;
  /** Usually one of `ModerationStatus`; anything else shows as a neutral badge. */
  moderation_status: string;
  payment_status: string;
  /** `dashboard:<email>` or `telegram:<id>:<name>`; null until someone decides. */
  moderated_by: string | null;
  moderated_at: string | null;
  created_at: string;
  /** Site admins only. */
  phone_masked?: string;
};

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
  const body = await apiFetch<{ donations: DashboardDonation[] }>(
    streamerPath(slug, `/donations?status=${kind}`),
    { token, signal },
  );
  return body.donations;
}

export type ModerationDecision = 'approve' | 'reject';

/**
 * Approves or rejects a pending donation. A second decision is refused with 409
 * `already_decided`, whose message names who decided first.
 */
export async function moderateDonation(
  donationId: string,
  decision: ModerationDecision,
  token: string,
): Promise<DashboardDonation> {
  const body = await apiFetch<{ donation: DashboardDonation }>(
    `/api/donations/${encodeURIComponent(donationId)}/${decision}`,
    { method: 'POST', token },
  );
  return body.donation;
}

/** The dashboard's live stream (SSE; read with fetch, since it needs the bearer token). */
export function dashboardEventsPath(slug: string): string {
  return streamerPath(slug, '/events');
}

/** `GET /api/streamers/:slug/obs-tokens`: the active token in full, up to 3 previous masked. */
export type ObsTokens = {
  active: { id: string; token: string; created_at: string; last_used_at: string | null } | null;
  previous: Array<{
    id: string;
    masked_token: string;
    created_at: string;
    last_used_at: string | null;
  }>;
};

export function fetchObsTokens(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<ObsTokens> {
  return apiFetch<ObsTokens>(streamerPath(slug, '/obs-tokens'), { token, signal });
}

/** Makes a new active token; the previous one stops working at once. */
export function generateObsToken(
  slug: string,
  token: string,
): Promise<{ token: string; id: string }> {
  return apiFetch<{ token: string; id: string }>(streamerPath(slug, '/obs-tokens'), {
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

/** `/api/streamers/:slug/moderators`: linked Telegram moderators and whether the bot runs. */
export type TelegramModerators = {
  moderators: Array<{ telegram_user_id: string; linked_at: string }>;
  bot: { configured: boolean; username: string | null };
};

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
export function sendTestAlert(slug: string, token: string): Promise<{ activeConnections: number }> {
  return apiFetch<{ activeConnections: number }>(streamerPath(slug, '/test-alert'), {
    method: 'POST',
    token,
  });
}
