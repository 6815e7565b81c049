import type { PlanId } from '@shabaash/core';
import { useMutation } from '@tanstack/react-query';

import { useSession } from '../auth/use-session';
import { loadCheckout } from '../checkout/load-checkout';
import { createPlanOrder, plansPagePath } from './plans.api';

export type BuyPlanInput = { slug: string; planId: PlanId; phone: string };

/**
 * Buys a plan the way a fan pays a tip: the server creates the order, the configured
 * provider's checkout takes the whole page, and it comes back to the page's plans screen,
 * which shows what the server (told by the provider's signed webhook) says happened.
 */
export function useBuyPlan() {
  const { token } = useSession();
  return useMutation({
    mutationFn: async ({ slug, planId, phone }: BuyPlanInput) => {
      if (!token) throw new Error('A plan is bought signed in.');
      const order = await createPlanOrder(slug, token, { plan_id: planId, phone });
      const checkout = await loadCheckout(order.payment);
      const returnPath = `${plansPagePath(slug)}?order_id=${encodeURIComponent(order.order_id)}`;
      checkout.redirect(order, returnPath);
    },
  });
}
