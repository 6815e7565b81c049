import {
  historyFilterParams,
  type AnalyticsPeriod,
  type ChartsResponse,
  type HistoryFilter,
  type HistoryResponse,
} from '@shabaash/core';

import { ApiError, apiFetch, GENERIC_ERROR_MESSAGE } from '../../lib/api';

const analyticsPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}/analytics`;

/** One page of the filtered history; the first page (no cursor) carries the filter's total. */
export function fetchHistory(
  slug: string,
  filter: HistoryFilter,
  cursor: string | null,
  token: string,
  signal?: AbortSignal,
): Promise<HistoryResponse> {
  const params = historyFilterParams(filter);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<HistoryResponse>(`${analyticsPath(slug)}/history?${params.toString()}`, {
    token,
    signal,
  });
}

export function fetchCharts(
  slug: string,
  days: AnalyticsPeriod,
  token: string,
  signal?: AbortSignal,
): Promise<ChartsResponse> {
  return apiFetch<ChartsResponse>(`${analyticsPath(slug)}/charts?days=${String(days)}`, {
    token,
    signal,
  });
}

/**
 * Downloads the filtered history as CSV. The API needs the bearer token, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadHistoryCsv(
  slug: string,
  filter: HistoryFilter,
  token: string,
): Promise<void> {
  const params = historyFilterParams(filter);
  const response = await fetch(`${analyticsPath(slug)}/export.csv?${params.toString()}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new ApiError(response.status, 'export_failed', GENERIC_ERROR_MESSAGE);
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'shabaash-tips.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
