import type { InviteAcceptResponse, InviteDetails } from '@shabaash/core';

import { apiFetch } from '../../lib/api';
import { mailLocaleOfBrowser } from '../auth/browser-locale';

const invitePath = (code: string) => `/api/invites/${encodeURIComponent(code)}`;

/** The invite's e-mail and streamer; 404 `invite_invalid` when unknown, used or expired. */
export function fetchInvite(code: string, signal?: AbortSignal): Promise<InviteDetails> {
  return apiFetch<InviteDetails>(invitePath(code), { signal });
}

/**
 * Uses the invite: with `password` and no token it creates the account (and answers a
 * session); with the invited account's token it only adds the membership.
 */
export function acceptInvite(
  code: string,
  input: { password?: string; token?: string | null },
): Promise<InviteAcceptResponse> {
  return apiFetch<InviteAcceptResponse>(`${invitePath(code)}/accept`, {
    method: 'POST',
    // A new account's e-mails follow the browser's language, as at sign-up.
    // The form only sends once the 18+ box is ticked (issue 29).
    body: input.password
      ? {
          password: input.password,
          locale: mailLocaleOfBrowser(navigator.language),
          age_confirmed: true,
        }
      : {},
    token: input.token ?? null,
  });
}
