import type {
  AdminStreamerList,
  AdminStreamerResponse,
  AdminVideoUrl,
  AuditList,
  BackupStatus,
  CreateStreamerRequest,
  CreatedStreamer,
  InboxLead,
  InboxLeadList,
  InboxMessageList,
  MemberInviteResponse,
  MemberRequest,
  SiteConfig,
} from '@shabaash/core';

import { ApiError, GENERIC_ERROR_MESSAGE, apiFetch } from '../../lib/api';

// The answers' shapes are core's contracts, shared with the server's presenters.
export type { CreatedStreamer, InboxLead };

const streamerPath = (slug: string) => `/api/admin/streamers/${encodeURIComponent(slug)}`;

export async function searchStreamers(query: string, token: string, signal?: AbortSignal) {
  const body = await apiFetch<AdminStreamerList>(
    `/api/admin/streamers?q=${encodeURIComponent(query)}`,
    { token, signal },
  );
  return body.streamers;
}

export function createStreamer(request: CreateStreamerRequest, token: string) {
  return apiFetch<CreatedStreamer>('/api/admin/streamers', {
    method: 'POST',
    body: request,
    token,
  });
}

/** Invites a member: the one-time link they accept to join. */
export function addMember(slug: string, request: MemberRequest, token: string) {
  return apiFetch<MemberInviteResponse>(`${streamerPath(slug)}/members`, {
    method: 'POST',
    body: request,
    token,
  });
}

export function removeMember(slug: string, email: string, token: string) {
  return apiFetch<undefined>(`${streamerPath(slug)}/members/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    token,
  });
}

export function withdrawInvite(slug: string, inviteId: string, token: string) {
  return apiFetch<undefined>(`${streamerPath(slug)}/invites/${encodeURIComponent(inviteId)}`, {
    method: 'DELETE',
    token,
  });
}

export function setActive(slug: string, isActive: boolean, token: string) {
  return apiFetch<AdminStreamerResponse>(
    `${streamerPath(slug)}/${isActive ? 'reactivate' : 'deactivate'}`,
    { method: 'POST', token },
  );
}

export async function fetchLeads(token: string, signal?: AbortSignal) {
  return (await apiFetch<InboxLeadList>('/api/admin/leads', { token, signal })).leads;
}

export async function fetchMessages(token: string, signal?: AbortSignal) {
  const body = await apiFetch<InboxMessageList>('/api/admin/contact-messages', {
    token,
    signal,
  });
  return body.messages;
}

export async function fetchVideoUrl(token: string, signal?: AbortSignal) {
  return apiFetch<AdminVideoUrl>('/api/admin/site/video-url', { token, signal });
}

export function saveVideoUrl(videoUrl: string | null, token: string) {
  return apiFetch<AdminVideoUrl>('/api/admin/site/video-url', {
    method: 'PUT',
    body: { video_url: videoUrl },
    token,
  });
}

export function fetchSiteConfig(token: string, signal?: AbortSignal) {
  return apiFetch<SiteConfig>('/api/admin/site/config', { token, signal });
}

export function saveSiteConfig(config: SiteConfig, token: string) {
  return apiFetch<SiteConfig>('/api/admin/site/config', { method: 'PUT', body: config, token });
}

export async function fetchAudit(
  options: { streamer: string; before?: number },
  token: string,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ limit: '100' });
  if (options.streamer) query.set('streamer', options.streamer);
  if (options.before) query.set('before', String(options.before));
  const body = await apiFetch<AuditList>(`/api/admin/audit?${query.toString()}`, {
    token,
    signal,
  });
  return body.entries;
}

/**
 * Downloads a CSV export. The bearer token cannot ride on a plain link, so the file is fetched
 * and handed to the browser as a download.
 */
export async function downloadCsv(path: string, filename: string, token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError(0, 'network_error', GENERIC_ERROR_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, 'http_error', GENERIC_ERROR_MESSAGE);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The backup schedule, the recent runs and any failed or missed backup (issue 31). */
export function fetchBackups(token: string, signal?: AbortSignal) {
  return apiFetch<BackupStatus>('/api/admin/backups', { token, signal });
}
