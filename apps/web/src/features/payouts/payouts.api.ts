import type {
  OwnAccountGatewayName,
  OwnCashfreeConnect,
  OwnRazorpayConnect,
  PayoutStatus,
  SettlementsResponse,
  SplitVendorInput,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const payoutsPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}/payouts`;

/** Where the page's tips are paid, and the creator's own account if any (issue 27). */
export function fetchPayouts(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<PayoutStatus> {
  return apiFetch<PayoutStatus>(payoutsPath(slug), { token, signal });
}

/** Sends the keys once; the server checks them with Cashfree and never sends them back. */
export function connectOwnCashfree(
  slug: string,
  body: OwnCashfreeConnect,
  token: string,
): Promise<PayoutStatus> {
  return apiFetch<PayoutStatus>(`${payoutsPath(slug)}/own-cashfree`, {
    method: 'PUT',
    body,
    token,
  });
}

/** Sends the keys and webhook secret once; the server checks the keys with Razorpay. */
export function connectOwnRazorpay(
  slug: string,
  body: OwnRazorpayConnect,
  token: string,
): Promise<PayoutStatus> {
  return apiFetch<PayoutStatus>(`${payoutsPath(slug)}/own-razorpay`, {
    method: 'PUT',
    body,
    token,
  });
}

/** Checks the page's own account's keys again, at its gateway. */
export function recheckOwnAccount(
  slug: string,
  gateway: OwnAccountGatewayName,
  token: string,
): Promise<PayoutStatus> {
  return apiFetch<PayoutStatus>(`${payoutsPath(slug)}/own-${gateway}/check`, {
    method: 'POST',
    token,
  });
}

export function disconnectOwnAccount(
  slug: string,
  gateway: OwnAccountGatewayName,
  token: string,
): Promise<PayoutStatus> {
  return apiFetch<PayoutStatus>(`${payoutsPath(slug)}/own-${gateway}`, {
    method: 'DELETE',
    token,
  });
}

/** Onboards the creator as a Cashfree Easy Split vendor; the KYC goes to Cashfree. */
export function onboardSplitVendor(
  slug: string,
  body: SplitVendorInput,
  token: string,
): Promise<PayoutStatus> {
  return apiFetch<PayoutStatus>(`${payoutsPath(slug)}/split-vendor`, {
    method: 'PUT',
    body,
    token,
  });
}

/** Asks Cashfree about the vendor's verification now. */
export function recheckSplitVendor(slug: string, token: string): Promise<PayoutStatus> {
  return apiFetch<PayoutStatus>(`${payoutsPath(slug)}/split-vendor/check`, {
    method: 'POST',
    token,
  });
}

/** Each latest paid tip's fees and settlement, as the gateway reports them. */
export function fetchSettlements(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<SettlementsResponse> {
  return apiFetch<SettlementsResponse>(`/api/streamers/${encodeURIComponent(slug)}/settlements`, {
    token,
    signal,
  });
}
