import type {
  OrderRequest,
  OrderResponse,
  PublicDonation,
  PublicStreamer,
  PublicStreamerSettings,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';
import { DONATION_TOASTS } from './donation.constants';

/** The public profile as the donation page reads it: the profile and the creator's settings. */
export type DonationStreamer = PublicStreamer & PublicStreamerSettings;

const streamerPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}`;

/** The streamer's public profile and page settings; 404 `streamer_not_found` for unknown slugs. */
export function fetchPublicStreamer(slug: string, signal?: AbortSignal): Promise<DonationStreamer> {
  return apiFetch<DonationStreamer>(streamerPath(slug), { signal });
}

/** The live profile stream (PROFILE_EVENTS): profile changes and tips joining the public lists. */
export function profileEventsUrl(slug: string): string {
  return `${streamerPath(slug)}/profile-events`;
}

/** The last five paid and approved donations, newest first. */
export async function fetchRecentDonations(
  slug: string,
  signal?: AbortSignal,
): Promise<PublicDonation[]> {
  const body = await apiFetch<{ donations: PublicDonation[] }>(
    `${streamerPath(slug)}/donations/recent`,
    { signal },
  );
  return body.donations;
}

/** The order failed although the server answered: spec 02 §8's fallback error. */
export class OrderCreationError extends Error {
  override readonly name = 'OrderCreationError';
}

/**
 * Creates the donation (payment pending) and the provider order in one step. An answer without
 * an order id or checkout URL cannot be paid: it fails with 'Failed to create payment order'.
 */
export async function createOrder(slug: string, order: OrderRequest): Promise<OrderResponse> {
  const created = await apiFetch<Partial<OrderResponse> | undefined>(
    `${streamerPath(slug)}/orders`,
    { method: 'POST', body: order },
  );
  if (!created?.order_id || !created.payment_url || !created.provider) {
    throw new OrderCreationError(DONATION_TOASTS.orderFailedFallback);
  }
  return {
    order_id: created.order_id,
    payment_session_id: created.payment_session_id ?? '',
    payment_url: created.payment_url,
    provider: created.provider,
    mode: created.mode ?? 'production',
  };
}
