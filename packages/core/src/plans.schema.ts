import { z } from 'zod';
import { phoneSchema } from './donations.schema.ts';
import { PLAN_IDS, PLAN_MESSAGES } from './plans.ts';

/** Which plan: the admin's grant, and the plan order's first field. */
export const planChoiceSchema = z.object({
  plan_id: z.enum(PLAN_IDS, { error: PLAN_MESSAGES.unknownPlan }),
});
export type PlanChoice = z.infer<typeof planChoiceSchema>;

/**
 * `POST /api/streamers/:slug/plan-orders`: the plan, and the buyer's UPI mobile number (the
 * payment providers need one for every order, as for a tip).
 */
export const planOrderRequestSchema = planChoiceSchema.extend({ phone: phoneSchema });
export type PlanOrderRequest = z.infer<typeof planOrderRequestSchema>;
