import type { AuthResponse, AuthUser, LoginRequest, RegisterRequest } from '@shabaash/core';

import { apiFetch } from '../../lib/api';

/** Spec 01 §7 call 5: exchanges e-mail and password for a user and a session token. */
export function loginRequest(input: LoginRequest): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', body: input });
}

/** Spec 01 §7 call 6: creates the account and signs it in. */
export function registerRequest(input: RegisterRequest): Promise<AuthResponse> {
  return apiFetch<AuthResponse>('/api/auth/register', { method: 'POST', body: input });
}

/** Spec 01 §7 call 4: the user a stored token belongs to; rejects with a 401 when it is not valid. */
export async function fetchSessionUser(token: string, signal?: AbortSignal): Promise<AuthUser> {
  const body = await apiFetch<{ user: AuthUser }>('/api/auth/session', { token, signal });
  return body.user;
}

/** Revokes the session on the server (DESIGN.md corrects the spec's local-only sign-out). */
export async function logoutRequest(token: string): Promise<void> {
  await apiFetch<undefined>('/api/auth/logout', { method: 'POST', token });
}
