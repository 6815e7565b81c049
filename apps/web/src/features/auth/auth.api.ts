import type {
  AuthResponse,
  AuthUser,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@shabaash/core';

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

/** "Forgot password?": the server answers the same whether or not the e-mail has an account. */
export async function forgotPasswordRequest(input: ForgotPasswordRequest): Promise<void> {
  await apiFetch<{ message: string }>('/api/auth/password-reset/request', {
    method: 'POST',
    body: input,
  });
}

/** Sets a new password with the e-mailed link's token; every session of the account ends. */
export async function resetPasswordRequest(input: ResetPasswordRequest): Promise<void> {
  await apiFetch<undefined>('/api/auth/password-reset/confirm', { method: 'POST', body: input });
}

/** Opens the e-mailed verification link's token; works without a session. */
export function verifyEmailRequest(input: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return apiFetch<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', body: input });
}

/** Mails the signed-in account a new verification link. */
export async function resendVerificationRequest(token: string): Promise<void> {
  await apiFetch<{ message: string }>('/api/auth/verify-email/resend', { method: 'POST', token });
}
