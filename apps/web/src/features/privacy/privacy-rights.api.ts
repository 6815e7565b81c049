import type {
  AccountErasure,
  AccountErasureDone,
  AdminPrivacyView,
  MyDataSummary,
  PrivacyContact,
} from '@shabaash/core';

import { ApiError, apiFetch, GENERIC_ERROR_MESSAGE } from '../../lib/api';

const tokenHeader = (token: string) => ({ 'x-privacy-token': token });

/** Sends a one-time code to the number, if it tipped here (the answer is the same if not). */
export function requestCode(phone: string) {
  return apiFetch<{ sent: true }>('/api/privacy/codes', { method: 'POST', body: { phone } });
}

/** Proves the number with its code, or a tip with its receipt link; answers a page token. */
export function openSession(input: { phone: string; code: string } | { order_id: string }) {
  return apiFetch<{ token: string; expires_at: string }>('/api/privacy/sessions', {
    method: 'POST',
    body: input,
  });
}

export function fetchMyData(token: string, signal?: AbortSignal) {
  return apiFetch<MyDataSummary>('/api/privacy/my-data', { headers: tokenHeader(token), signal });
}

export function correctName(token: string, name: string) {
  return apiFetch<{ tips: number }>('/api/privacy/my-data/name', {
    method: 'PUT',
    headers: tokenHeader(token),
    body: { name },
  });
}

export function eraseMyData(token: string) {
  return apiFetch<{ tips: number }>('/api/privacy/my-data/erasure', {
    method: 'POST',
    headers: tokenHeader(token),
  });
}

export function fetchPrivacyContact(signal?: AbortSignal) {
  return apiFetch<PrivacyContact>('/api/privacy/contact', { signal });
}

export function fetchAdminPrivacy(token: string, signal?: AbortSignal) {
  return apiFetch<AdminPrivacyView>('/api/admin/privacy', { token, signal });
}

/** Carries out a creator's open account erasure request (admin only; audited). */
export function eraseAccount(token: string, requestId: string) {
  return apiFetch<AccountErasureDone>(
    `/api/admin/privacy/requests/${encodeURIComponent(requestId)}/erase`,
    { method: 'POST', token },
  );
}

export function fetchAccountErasure(token: string, signal?: AbortSignal) {
  return apiFetch<AccountErasure>('/api/account/erasure', { token, signal });
}

export function requestAccountErasure(token: string) {
  return apiFetch<AccountErasure>('/api/account/erasure', { method: 'POST', token });
}

/**
 * Fetches a JSON download with the caller's headers and saves it as a file: a plain link could
 * not carry the token, and a token in a URL would end up in logs and history.
 */
export async function downloadJson(
  path: string,
  headers: Record<string, string>,
  fileName: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, 'network_error', GENERIC_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string };
    } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'http_error',
      body?.error?.message ?? GENERIC_ERROR_MESSAGE,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const downloadMyData = (token: string) =>
  downloadJson('/api/privacy/my-data/download', tokenHeader(token), 'shabaash-my-data.json');

export const downloadAccountData = (token: string) =>
  downloadJson(
    '/api/account/my-data',
    { Authorization: `Bearer ${token}` },
    'shabaash-account-data.json',
  );
