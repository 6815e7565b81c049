import type {
  PlanId,
  PlanOrderRequest,
  PlanOrderResponse,
  PlanPurchase,
  StreamerPlansResponse,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const plansPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}`;

/** What a page holds, whether it is in preview, and its plan orders (members and admins). */
export function fetchStreamerPlans(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<StreamerPlansResponse> {
  return apiFetch(`${plansPath(slug)}/plans`, { token, signal });
}

/** Creates a plan order for the page; the answer opens the provider's checkout. */
export function createPlanOrder(
  slug: string,
  token: string,
  body: PlanOrderRequest,
): Promise<PlanOrderResponse> {
  return apiFetch(`${plansPath(slug)}/plan-orders`, { method: 'POST', token, body });
}

/** One plan order after checkout (asks the provider while it is pending), with the page's plans. */
export function fetchPlanOrder(
  slug: string,
  orderId: string,
  token: string,
  signal?: AbortSignal,
): Promise<StreamerPlansResponse & { purchase: PlanPurchase }> {
  return apiFetch(`${plansPath(slug)}/plan-orders/${encodeURIComponent(orderId)}`, {
    token,
    signal,
  });
}

/** The admin's grant (Monthly Hosting: one more period) and revoke. */
export function setPlanGrant(
  slug: string,
  planId: PlanId,
  token: string,
  isGranted: boolean,
): Promise<StreamerPlansResponse> {
  return apiFetch(`/api/admin/streamers/${encodeURIComponent(slug)}/plans/${planId}`, {
    method: isGranted ? 'PUT' : 'DELETE',
    token,
  });
}

export function fetchPlanPurchases(
  token: string,
  signal?: AbortSignal,
): Promise<{ purchases: PlanPurchase[] }> {
  return apiFetch('/api/admin/plan-purchases', { token, signal });
}

/** The plans screen of a page; a checkout comes back here with `?order_id=`. */
export function plansPagePath(slug: string): string {
  return `/dashboard/${encodeURIComponent(slug)}/plans`;
}
