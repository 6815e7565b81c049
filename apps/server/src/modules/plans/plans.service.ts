import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  DONATION_MESSAGES,
  MEDIA_TIP_MESSAGES,
  PLAN_MESSAGES,
  entitlementsOf,
  findPlan,
  tipTypesFor,
  type DonationType,
  type HeldPlan,
  type PlanId,
  type PlanOrderResponse,
  type PlanPurchase,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import {
  paymentEvents,
  planPurchases,
  streamerMediaSettings,
  streamerPlans,
  users,
} from '../../db/schema.ts';
import type { Streamer } from '../../db/schema.ts';
import { AppError, conflict } from '../../errors.ts';
import type { PaymentProvider, ProviderOrderState } from '../payments/payment-provider.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';

/**
 * Plans as entitlements (issue 22): what a page holds (`streamer_plans`), how a plan is bought
 * (`plan_purchases`, paid through the same provider, webhooks and reconciler as a tip), and
 * the rule the order API and the donation page share: a page in preview takes no tips, and
 * voice and hyperemote tips need their add-on or the Bundle.
 */

export type PlanPurchaseRow = typeof planPurchases.$inferSelect;
export type StreamerPlanRow = typeof streamerPlans.$inferSelect;

/** Plan order ids start with this; 'plan' is a reserved slug, so no tip order id does. */
const PLAN_ORDER_PREFIX = 'plan_';
/** The reconciler first asks about a pending plan order after a minute, as for tips. */
const FIRST_CHECK_DELAY_MS = 60_000;
const DAY_MS = 24 * 3_600_000;

export function isPlanOrderId(orderId: string): boolean {
  return orderId.startsWith(PLAN_ORDER_PREFIX);
}

function newPlanOrderId(): string {
  const random = crypto.randomBytes(9).readBigUInt64BE().toString(36).padStart(12, '0').slice(-12);
  return `${PLAN_ORDER_PREFIX}${random}`;
}

// ── entitlements ────────────────────────────────────────────────────────────────────────────

/** What a page may take from fans now, by the plans it holds. */
export type TipAccess = { isPreview: boolean; tipTypes: DonationType[] };

export async function listHeldPlans(db: Database, streamerId: string): Promise<StreamerPlanRow[]> {
  return db
    .select()
    .from(streamerPlans)
    .where(eq(streamerPlans.streamerId, streamerId))
    .orderBy(asc(streamerPlans.grantedAt));
}

export function tipAccessOf(held: readonly StreamerPlanRow[], now = new Date()): TipAccess {
  const entitlements = entitlementsOf(held, now);
  return { isPreview: !entitlements.has('page'), tipTypes: tipTypesFor(entitlements) };
}

export async function readTipAccess(db: Database, streamerId: string): Promise<TipAccess> {
  const access = tipAccessOf(await listHeldPlans(db, streamerId));
  // Media tips (issue 26) need the plan and the streamer's own switch: off until turned on.
  if (access.tipTypes.includes('media') && !(await isMediaTipsEnabled(db, streamerId))) {
    return { ...access, tipTypes: access.tipTypes.filter((type) => type !== 'media') };
  }
  return access;
}

/**
 * The order API's plan check: a page in preview refuses every tip, and a tip type the page's
 * plans do not include is refused with words a fan understands.
 */
export function assertTipAllowed(
  streamer: Pick<Streamer, 'name'>,
  access: TipAccess,
  type: DonationType,
): void {
  if (access.isPreview) {
    throw new AppError(
      403,
      'page_in_preview',
      `${PLAN_MESSAGES.previewNotAccepting(streamer.name)}.`,
    );
  }
  if (access.tipTypes.includes(type)) return;
  const message =
    type === 'voice'
      ? PLAN_MESSAGES.voiceNotOffered
      : type === 'media'
        ? MEDIA_TIP_MESSAGES.notOffered
        : PLAN_MESSAGES.hyperemoteNotOffered;
  throw new AppError(403, 'tip_type_not_offered', message);
}

async function isMediaTipsEnabled(db: Database, streamerId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: streamerMediaSettings.enabled })
    .from(streamerMediaSettings)
    .where(eq(streamerMediaSettings.streamerId, streamerId));
  return row?.enabled ?? false;
}

export function presentHeldPlan(row: StreamerPlanRow): HeldPlan {
  return {
    plan_id: row.planId as PlanId,
    source: row.source,
    granted_at: row.grantedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Gives a page a plan, inside the caller's transaction or on its own. A one-time plan is held
 * for good (granting it again changes nothing but who granted it); Monthly Hosting runs for
 * its period from its current end, or from now when it has ended, and its reminder is reset.
 */
export async function grantPlan(
  db: Pick<Database, 'insert'>,
  input: {
    streamerId: string;
    planId: PlanId;
    source: 'purchase' | 'admin';
    purchaseId?: string | null;
    now?: Date;
  },
): Promise<StreamerPlanRow> {
  const plan = findPlan(input.planId);
  if (!plan) throw new Error(`unknown plan ${input.planId}`);
  const now = input.now ?? new Date();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const days = plan.durationDays;
  const [row] = await db
    .insert(streamerPlans)
    .values({
      streamerId: input.streamerId,
      planId: plan.id,
      source: input.source,
      purchaseId: input.purchaseId ?? null,
      grantedAt: now,
      expiresAt: days === null ? null : new Date(now.getTime() + days * DAY_MS),
    })
    .onConflictDoUpdate({
      target: [streamerPlans.streamerId, streamerPlans.planId],
      set: {
        source: input.source,
        purchaseId: input.purchaseId ?? null,
        ...(days === null
          ? {}
          : {
              expiresAt: sql`greatest(${streamerPlans.expiresAt}, ${nowSql}) + make_interval(days => ${days})`,
              reminderSentAt: null,
            }),
      },
    })
    .returning();
  if (!row) throw new Error('plan grant returned nothing');
  return row;
}

/** Takes a plan from a page; false when it did not hold it. */
export async function revokePlan(
  db: Database,
  streamerId: string,
  planId: PlanId,
): Promise<boolean> {
  const removed = await db
    .delete(streamerPlans)
    .where(and(eq(streamerPlans.streamerId, streamerId), eq(streamerPlans.planId, planId)))
    .returning({ planId: streamerPlans.planId });
  return removed.length > 0;
}

// ── buying ──────────────────────────────────────────────────────────────────────────────────

export type PlanOrderContext = { db: Database; provider: PaymentProvider; publicUrl: string };

/** Where the provider sends the buyer back: the page's plans screen, which shows the result. */
export function planReturnPath(slug: string, orderId: string): string {
  return `/dashboard/${encodeURIComponent(slug)}/plans?order_id=${encodeURIComponent(orderId)}`;
}

/**
 * Creates a plan order for a page (payment pending) and the provider's order, as a tip does:
 * if the provider refuses or is down the row is removed and the buyer gets a clear error. A
 * one-time plan whose every part the page already holds is refused before anything is paid.
 */
export async function createPlanOrder(
  context: PlanOrderContext,
  streamer: Streamer,
  buyer: { id: string; username: string },
  input: { plan_id: PlanId; phone: string },
): Promise<PlanOrderResponse> {
  const { db, provider } = context;
  const plan = findPlan(input.plan_id);
  if (!plan) throw new AppError(400, 'unknown_plan', PLAN_MESSAGES.unknownPlan);
  if (plan.durationDays === null) {
    const held = entitlementsOf(await listHeldPlans(db, streamer.id), new Date());
    if (plan.grants.every((entitlement) => held.has(entitlement))) {
      throw conflict(`This page already has everything in the ${plan.name}.`, 'plan_already_held');
    }
  }
  const orderId = newPlanOrderId();
  const [purchase] = await db
    .insert(planPurchases)
    .values({
      orderId,
      streamerId: streamer.id,
      buyerUserId: buyer.id,
      planId: plan.id,
      amountPaise: plan.pricePaise,
      provider: provider.name,
      nextCheckAt: new Date(Date.now() + FIRST_CHECK_DELAY_MS),
    })
    .returning({ id: planPurchases.id });
  if (!purchase) throw new Error('plan purchase insert returned nothing');
  try {
    const created = await provider.createOrder({
      orderId,
      amountPaise: plan.pricePaise,
      customer: { name: buyer.username, phone: input.phone },
      returnUrl: `${context.publicUrl}${planReturnPath(streamer.slug, orderId)}`,
      notifyUrl: `${context.publicUrl}/api/payments/webhooks/${provider.name}`,
    });
    await db
      .update(planPurchases)
      .set({ providerOrderId: created.providerOrderId, paymentSessionId: created.paymentSessionId })
      .where(eq(planPurchases.id, purchase.id));
    return {
      order_id: orderId,
      payment_session_id: created.paymentSessionId,
      payment_url: created.paymentUrl,
      provider: provider.name,
      mode: provider.mode,
      payment: { provider: provider.name, mode: provider.mode, ...provider.publicConfig() },
    };
  } catch (error) {
    await db.delete(planPurchases).where(eq(planPurchases.id, purchase.id));
    throw new AppError(502, 'provider_unavailable', DONATION_MESSAGES.paymentFailed.description, {
      cause: error,
    });
  }
}

/** A provider event to record once, with the change it causes (as for tips). */
export type PlanPaymentEvent = typeof paymentEvents.$inferInsert;

export type PlanChange = {
  purchase: PlanPurchaseRow;
  /** The plan the page now holds, when this change paid the order. */
  granted: StreamerPlanRow | null;
};

export type PlanPaymentOutcome =
  | PlanChange
  | { rejected: 'amount_mismatch'; purchase: PlanPurchaseRow }
  | { duplicate: true }
  | null;

/**
 * Moves a plan order's payment state by what the provider says, records the provider event
 * once, and grants the plan when the order becomes paid: all in one transaction, with the
 * order row locked, so a replayed, duplicated or concurrent webhook (or a reconciler look-up
 * racing one) grants the plan exactly once. The same rules as a tip: pending → success |
 * failed, failed → success, success is final, and a success of another amount is refused.
 */
export async function applyPlanPaymentOutcome(
  db: Database,
  orderId: string,
  state: Pick<ProviderOrderState, 'outcome' | 'amountPaise'>,
  event?: PlanPaymentEvent,
): Promise<PlanPaymentOutcome> {
  return db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(planPurchases)
      .where(eq(planPurchases.orderId, orderId))
      .for('update');
    if (event) {
      const recorded = await tx
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { duplicate: true as const };
    }
    if (!purchase) return null;

    const isPaid = state.outcome === 'success' && purchase.paymentStatus !== 'success';
    const isFailed = state.outcome === 'failed' && purchase.paymentStatus === 'pending';
    if (isPaid && state.amountPaise !== purchase.amountPaise) {
      return { rejected: 'amount_mismatch' as const, purchase };
    }
    if (!isPaid && !isFailed) return null;

    const [changed] = await tx
      .update(planPurchases)
      .set(
        isPaid
          ? { paymentStatus: 'success', paidAt: new Date(), nextCheckAt: null }
          : { paymentStatus: 'failed' },
      )
      .where(eq(planPurchases.id, purchase.id))
      .returning();
    if (!changed) throw new Error('plan purchase update returned nothing');
    const granted = isPaid
      ? await grantPlan(tx, {
          streamerId: purchase.streamerId,
          planId: purchase.planId as PlanId,
          source: 'purchase',
          purchaseId: purchase.id,
        })
      : null;
    return { purchase: changed, granted };
  });
}

export async function findPlanPurchase(
  db: Database,
  orderId: string,
): Promise<PlanPurchaseRow | null> {
  const [row] = await db.select().from(planPurchases).where(eq(planPurchases.orderId, orderId));
  return row ?? null;
}

/** Plan orders, newest first: one page's (its plans screen) or every page's (the admin). */
export async function listPlanPurchases(
  db: Database,
  filter: { streamerId?: string; limit: number },
): Promise<PlanPurchase[]> {
  const streamer = streamerRowsSubquery(db);
  const rows = await db
    .select({
      purchase: planPurchases,
      streamerSlug: streamer.slug,
      streamerName: streamer.name,
      buyerEmail: users.email,
    })
    .from(planPurchases)
    .innerJoin(streamer, eq(streamer.id, planPurchases.streamerId))
    .leftJoin(users, eq(users.id, planPurchases.buyerUserId))
    .where(filter.streamerId ? eq(planPurchases.streamerId, filter.streamerId) : undefined)
    .orderBy(desc(planPurchases.createdAt))
    .limit(filter.limit);
  return rows.map(({ purchase, streamerSlug, streamerName, buyerEmail }) => ({
    order_id: purchase.orderId,
    plan_id: purchase.planId as PlanId,
    streamer_slug: streamerSlug,
    streamer_name: streamerName,
    amount_paise: purchase.amountPaise,
    payment_status: purchase.paymentStatus,
    buyer_email: buyerEmail,
    created_at: purchase.createdAt.toISOString(),
    paid_at: purchase.paidAt?.toISOString() ?? null,
  }));
}

/** A plan order of this page, or a 404 (an order id of another page is not shown). */
export async function requirePagePurchase(
  db: Database,
  streamerId: string,
  orderId: string,
): Promise<PlanPurchaseRow> {
  const purchase = await findPlanPurchase(db, orderId);
  if (!purchase || purchase.streamerId !== streamerId) {
    throw new AppError(404, 'order_not_found', PLAN_MESSAGES.unknownPurchase);
  }
  return purchase;
}

// ── the reconciler's share ──────────────────────────────────────────────────────────────────

/** Claims pending plan orders due for a provider check, leasing them as tips are leased. */
export async function claimDuePlanOrders(
  db: Database,
  now: Date,
  options: { limit: number; leaseMs: number },
): Promise<PlanPurchaseRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: planPurchases.id })
      .from(planPurchases)
      .where(and(eq(planPurchases.paymentStatus, 'pending'), lte(planPurchases.nextCheckAt, now)))
      .orderBy(asc(planPurchases.nextCheckAt))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(planPurchases)
      .set({
        nextCheckAt: new Date(now.getTime() + options.leaseMs),
        checkAttempts: sql`${planPurchases.checkAttempts} + 1`,
      })
      .where(
        inArray(
          planPurchases.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function schedulePlanOrderCheck(
  db: Database,
  purchaseId: string,
  at: Date,
): Promise<void> {
  await db
    .update(planPurchases)
    .set({ nextCheckAt: at })
    .where(and(eq(planPurchases.id, purchaseId), eq(planPurchases.paymentStatus, 'pending')));
}
