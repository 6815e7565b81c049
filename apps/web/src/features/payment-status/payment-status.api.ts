import type { PaymentStatusResponse } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';

import { apiFetch } from '../../lib/api';

/** The server's view of an order: it asks the provider once when the order is still pending. */
export function fetchOrderStatus(orderId: string, signal?: AbortSignal) {
  return apiFetch<PaymentStatusResponse>(`/api/orders/${encodeURIComponent(orderId)}/status`, {
    signal,
  });
}

/** The status check behind /status; disabled without an order id (the page shows failure). */
export function useOrderStatus(orderId: string | null) {
  return useQuery({
    queryKey: ['orders', orderId, 'status'],
    queryFn: ({ signal }) => fetchOrderStatus(orderId ?? '', signal),
    enabled: Boolean(orderId),
    // A payment's state moves: every visit and every Refresh asks the server again.
    staleTime: 0,
    gcTime: 0,
  });
}
