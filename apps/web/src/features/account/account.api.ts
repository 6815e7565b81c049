import type {
  AccountSessionsResponse,
  AuthUser,
  ChangePasswordRequest,
  MailLocaleRequest,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

/** The account's live sessions, newest use first. */
export function fetchAccountSessions(
  token: string,
  signal?: AbortSignal,
): Promise<AccountSessionsResponse> {
  return apiFetch<AccountSessionsResponse>('/api/auth/sessions', { token, signal });
}

/** Changes the password (the current one is required); the other sessions are signed out. */
export async function changePasswordRequest(
  token: string,
  input: ChangePasswordRequest,
): Promise<void> {
  await apiFetch<undefined>('/api/auth/password', { method: 'POST', token, body: input });
}

/** Signs out one session of this account. */
export async function revokeSessionRequest(token: string, sessionId: string): Promise<void> {
  await apiFetch<undefined>(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    token,
  });
}

/** Signs out every session but this one. */
export async function revokeOtherSessionsRequest(token: string): Promise<void> {
  await apiFetch<{ revoked: number }>('/api/auth/sessions/revoke-others', {
    method: 'POST',
    token,
  });
}

/** Sets the language of the e-mails this account receives; answers the updated user. */
export async function updateMailLocaleRequest(
  token: string,
  input: MailLocaleRequest,
): Promise<AuthUser> {
  const body = await apiFetch<{ user: AuthUser }>('/api/auth/locale', {
    method: 'PUT',
    token,
    body: input,
  });
  return body.user;
}
