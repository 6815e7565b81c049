import type { FastifyPluginAsync } from 'fastify';
import {
  PLAN_IDS,
  PLAN_MESSAGES,
  planOrderRequestSchema,
  type PlanId,
  type PlanPurchase,
  type StreamerPlansResponse,
} from '@shabaash/core';
import { z } from 'zod';
import type { Streamer } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAdmin, requireStreamerAccess } from '../../policies/access.ts';
import { createStatusChecks } from '../payments/payments.service.ts';
import { findStreamerBySlug } from '../streamers/streamers.service.ts';
import {
  createPlanOrder,
  grantPlan,
  listHeldPlans,
  listPlanPurchases,
  presentHeldPlan,
  requirePagePurchase,
  revokePlan,
  tipAccessOf,
  type PlanPurchaseRow,
} from './plans.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const orderParams = slugParams.extend({ orderId: z.string().min(1).max(64) });
const planParams = slugParams.extend({
  planId: z.enum(PLAN_IDS, { error: PLAN_MESSAGES.unknownPlan }),
});

/** Plan orders per address per minute: a creator tries a few times, a script is cut off. */
const PLAN_ORDERS_PER_MINUTE = 10;
/** How many of a page's plan orders its plans screen lists; the admin console lists more. */
const PAGE_PURCHASES_LIMIT = 20;
const ADMIN_PURCHASES_LIMIT = 200;

function presentPurchase(purchase: PlanPurchaseRow, streamer: Streamer): PlanPurchase {
  return {
    order_id: purchase.orderId,
    plan_id: purchase.planId as PlanId,
    streamer_slug: streamer.slug,
    streamer_name: streamer.name,
    amount_paise: purchase.amountPaise,
    payment_status: purchase.paymentStatus,
    buyer_email: null,
    created_at: purchase.createdAt.toISOString(),
    paid_at: purchase.paidAt?.toISOString() ?? null,
  };
}

/**
 * Plans (issue 22): a page's plans screen and its plan orders (members and site admins), and
 * the admin console's grant, revoke and purchase list. Payment goes through the provider and
 * webhook routes tips use; a plan order is settled there (payments.service.ts).
 */
export const planRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const planOrdersPerAddress = defineRateLimit(app, {
    name: 'plan-orders',
    max: PLAN_ORDERS_PER_MINUTE,
    windowMs: 60_000,
  });
  const checkAtProvider = createStatusChecks(app.payments);

  async function plansOf(streamer: Streamer): Promise<StreamerPlansResponse> {
    const [held, purchases] = await Promise.all([
      listHeldPlans(db, streamer.id),
      listPlanPurchases(db, { streamerId: streamer.id, limit: PAGE_PURCHASES_LIMIT }),
    ]);
    const access = tipAccessOf(held);
    return {
      plans: held.map(presentHeldPlan),
      is_preview: access.isPreview,
      tip_types: access.tipTypes,
      purchases,
    };
  }

  app.get('/api/streamers/:slug/plans', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return plansOf(streamer);
  });

  app.post('/api/streamers/:slug/plan-orders', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const { viewer, streamer } = await requireStreamerAccess(request, slug);
    const input = parseInput(planOrderRequestSchema, request.body);
    await planOrdersPerAddress.consume(request, reply);
    const order = await createPlanOrder(
      { db, provider: app.payments.provider, publicUrl: app.config.publicUrl },
      streamer,
      viewer,
      input,
    );
    reply.status(201);
    return order;
  });

  /** The plans screen's check after checkout: a pending order is asked about at the provider. */
  app.get('/api/streamers/:slug/plan-orders/:orderId', async (request) => {
    const { slug, orderId } = parseInput(orderParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    let purchase = await requirePagePurchase(db, streamer.id, orderId);
    if (purchase.paymentStatus === 'pending') {
      await checkAtProvider(orderId);
      purchase = await requirePagePurchase(db, streamer.id, orderId);
    }
    return { purchase: presentPurchase(purchase, streamer), ...(await plansOf(streamer)) };
  });

  // ── admin console ──────────────────────────────────────────────────────────────────────

  async function requireStreamer(slug: string): Promise<Streamer> {
    const streamer = await findStreamerBySlug(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    return streamer;
  }

  app.get('/api/admin/plan-purchases', async (request) => {
    await requireAdmin(request);
    return { purchases: await listPlanPurchases(db, { limit: ADMIN_PURCHASES_LIMIT }) };
  });

  /** Grants a plan (Monthly Hosting: one more period); the page's tip types follow at once. */
  app.put('/api/admin/streamers/:slug/plans/:planId', async (request) => {
    await requireAdmin(request);
    const { slug, planId } = parseInput(planParams, request.params);
    const streamer = await requireStreamer(slug);
    await grantPlan(db, { streamerId: streamer.id, planId, source: 'admin' });
    app.realtime.bus.publish({ kind: 'settings_changed', streamerId: streamer.id });
    app.log.info({ slug, planId }, 'plan granted by an admin');
    return plansOf(streamer);
  });

  app.delete('/api/admin/streamers/:slug/plans/:planId', async (request) => {
    await requireAdmin(request);
    const { slug, planId } = parseInput(planParams, request.params);
    const streamer = await requireStreamer(slug);
    if (!(await revokePlan(db, streamer.id, planId))) {
      throw notFound('This page does not hold that plan.', 'plan_not_held');
    }
    app.realtime.bus.publish({ kind: 'settings_changed', streamerId: streamer.id });
    app.log.info({ slug, planId }, 'plan revoked by an admin');
    return plansOf(streamer);
  });
};
