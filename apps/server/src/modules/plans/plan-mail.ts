import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { HOSTING_REMINDER_DAYS, findPlan, formatRupees } from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { streamerPlans, users } from '../../db/schema.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { composeMail } from '../mail/mail-texts.ts';
import { findStreamerById, listStreamerMembers } from '../streamers/streamers.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PlanChange, PlanPurchaseRow, StreamerPlanRow } from './plans.service.ts';
import { startPeriodicPass, type StopPeriodicPass } from '../../lib/periodic-pass.ts';

/** What the plans' e-mails need: the database, the mailer, and the site's address for links. */
export type PlanMailContext = {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
};

const DAY_MS = 24 * 3_600_000;
const HOSTING_PLAN_ID = 'monthly-hosting';

function plansLink(publicUrl: string, slug: string): string {
  return `${publicUrl}/dashboard/${encodeURIComponent(slug)}/plans`;
}

/** The receipt for a paid plan order, to the member who bought it, in their language. */
export async function sendPlanReceipt(
  context: PlanMailContext,
  purchase: PlanPurchaseRow,
  granted: StreamerPlanRow,
): Promise<void> {
  const plan = findPlan(purchase.planId);
  const page = await findStreamerById(context.db, purchase.streamerId);
  const [buyer] = purchase.buyerUserId
    ? await context.db
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, purchase.buyerUserId))
    : [];
  if (!plan || !page || !buyer) {
    context.log.warn({ orderId: purchase.orderId }, 'plan receipt not sent: no buyer address');
    return;
  }
  await context.mailer.send({
    to: buyer.email,
    ...composeMail('planReceipt', buyer.locale, {
      planName: plan.name,
      pageName: page.name,
      amount: formatRupees(purchase.amountPaise),
      orderId: purchase.orderId,
      paidAt: purchase.paidAt ?? new Date(),
      endsAt: granted.expiresAt,
      link: plansLink(context.publicUrl, page.slug),
    }),
  });
}

/**
 * What follows a plan order's payment change, after commit: the page's caches and live
 * profile hear of it (its tip types may have changed), and a paid order's buyer gets a receipt.
 * A receipt that cannot be sent is logged; the plan stays granted.
 */
export function createPlanChangeHandler(
  context: PlanMailContext & { bus: EventBus },
): (change: PlanChange) => void {
  return ({ purchase, granted }) => {
    if (!granted) return;
    context.bus.publish({ kind: 'settings_changed', streamerId: purchase.streamerId });
    sendPlanReceipt(context, purchase, granted).catch((error: unknown) => {
      context.log.error({ err: error, orderId: purchase.orderId }, 'plan receipt not sent');
    });
  };
}

/**
 * One pass of the hosting reminder: every Monthly Hosting that ends within the reminder window
 * and has not been reminded for this end date is claimed (one statement, so two instances
 * never both send) and its page's members get one e-mail. A send that fails is released for
 * the next pass. Returns how many pages were reminded.
 */
export async function sendHostingReminders(
  context: PlanMailContext,
  now = new Date(),
): Promise<number> {
  const windowEnd = new Date(now.getTime() + HOSTING_REMINDER_DAYS * DAY_MS);
  const claimed = await context.db
    .update(streamerPlans)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(streamerPlans.planId, HOSTING_PLAN_ID),
        isNull(streamerPlans.reminderSentAt),
        gt(streamerPlans.expiresAt, now),
        lte(streamerPlans.expiresAt, windowEnd),
      ),
    )
    .returning();
  let sent = 0;
  for (const hosting of claimed) {
    try {
      await remindPage(context, hosting);
      sent += 1;
    } catch (error) {
      context.log.error({ err: error, streamerId: hosting.streamerId }, 'hosting reminder failed');
      await context.db
        .update(streamerPlans)
        .set({ reminderSentAt: null })
        .where(
          and(
            eq(streamerPlans.streamerId, hosting.streamerId),
            eq(streamerPlans.planId, HOSTING_PLAN_ID),
          ),
        );
    }
  }
  return sent;
}

async function remindPage(context: PlanMailContext, hosting: StreamerPlanRow): Promise<void> {
  if (!hosting.expiresAt) return;
  const page = await findStreamerById(context.db, hosting.streamerId);
  if (!page) return;
  const members = await listStreamerMembers(context.db, [hosting.streamerId]);
  for (const member of members) {
    await context.mailer.send({
      to: member.email,
      ...composeMail('hostingReminder', member.locale, {
        pageName: page.name,
        endsAt: hosting.expiresAt,
        link: plansLink(context.publicUrl, page.slug),
      }),
    });
  }
}

/** Runs the reminder check every interval until stopped; one pass at a time. */
export function startHostingReminders(
  context: PlanMailContext,
  intervalMs: number,
): StopPeriodicPass {
  return startPeriodicPass({ name: 'hosting reminder pass', intervalMs, log: context.log }, () =>
    sendHostingReminders(context),
  );
}
