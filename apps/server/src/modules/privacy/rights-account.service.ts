import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { RIGHTS_ANSWER_DAYS } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import {
  emailVerificationTokens,
  invites,
  loginFailures,
  passwordResetTokens,
  payoutVendors,
  planPurchases,
  privacyRequests,
  sessions,
  settingsAudit,
  users,
} from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, type Actor } from '../settings/settings-audit.service.ts';
import { removeAllMemberships } from '../streamers/streamers.repository.ts';
import { findStreamerBySlug, listAccessibleStreamers } from '../streamers/streamers.service.ts';

const DAY_MS = 86_400_000;

/**
 * A creator's own data (issue 29): their account, the pages they belong to, the payout
 * details we keep (masked only), their sign-ins and their changes. Logged as a download.
 */
export async function exportAccountData(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('signed-in user not found');
  // The pages this account is a member of (a site admin's reach over every page is not theirs).
  const pages = await listAccessibleStreamers(db, { id: userId, role: 'streamer' });
  const pageIds: string[] = [];
  for (const page of pages) {
    const streamer = await findStreamerBySlug(db, page.streamer_slug);
    if (streamer) pageIds.push(streamer.id);
  }
  const vendors =
    pageIds.length > 0
      ? await db.select().from(payoutVendors).where(inArray(payoutVendors.streamerId, pageIds))
      : [];
  const signIns = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(500);
  const changes = await db
    .select()
    .from(settingsAudit)
    .where(eq(settingsAudit.actorUserId, userId))
    .orderBy(desc(settingsAudit.id))
    .limit(1000);
  const purchases = await db
    .select()
    .from(planPurchases)
    .where(eq(planPurchases.buyerUserId, userId));
  await logAccountRequest(db, userId, 'download', 'completed', { pages: pages.length });
  return {
    generated_at: new Date().toISOString(),
    account: {
      email: user.email,
      username: user.username,
      role: user.role,
      language: user.locale,
      created_at: user.createdAt.toISOString(),
      email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    },
    pages: pages.map((page) => ({
      slug: page.streamer_slug,
      name: page.streamer_name,
      is_admin: page.is_admin,
    })),
    payout_details: vendors.map((vendor) => ({
      legal_name: vendor.legalName,
      pan_last4: vendor.panLast4,
      payout_to: vendor.payoutTo,
      status: vendor.status,
    })),
    sign_ins: signIns.map((session) => ({
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.lastSeenAt.toISOString(),
      ip: session.ip,
      browser: session.userAgent,
    })),
    plan_purchases: purchases.map((purchase) => ({
      order_id: purchase.orderId,
      plan: purchase.planId,
      amount_paise: purchase.amountPaise,
      status: purchase.paymentStatus,
      created_at: purchase.createdAt.toISOString(),
    })),
    settings_changes: changes.map((change) => ({
      section: change.section,
      field: change.field,
      old_value: change.oldValue,
      new_value: change.newValue,
      at: change.createdAt.toISOString(),
    })),
  };
}

/**
 * A creator asks for their account to be erased: the operator must first settle money owed
 * and keep the records the law on accounts requires, so the request is logged open with its
 * due date and shown in the admin console's Privacy tab. One open request per account.
 */
export async function requestAccountErasure(db: Database, userId: string) {
  const [open] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.subjectKind, 'creator'),
        eq(privacyRequests.subjectRef, userId),
        eq(privacyRequests.kind, 'erasure'),
        eq(privacyRequests.status, 'open'),
      ),
    );
  const request = open ?? (await logAccountRequest(db, userId, 'erasure', 'open', {}));
  return {
    id: request.id,
    due_at: request.dueAt.toISOString(),
    created_at: request.createdAt.toISOString(),
  };
}

/** The creator's open erasure request, if any. */
export async function openAccountErasure(db: Database, userId: string) {
  const [open] = await db
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.subjectKind, 'creator'),
        eq(privacyRequests.subjectRef, userId),
        eq(privacyRequests.kind, 'erasure'),
        eq(privacyRequests.status, 'open'),
      ),
    );
  return open
    ? { id: open.id, due_at: open.dueAt.toISOString(), created_at: open.createdAt.toISOString() }
    : null;
}

/** The e-mail an erased account is left with: unique, and in a domain that cannot exist. */
export const erasedEmailOf = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * Carries out a creator's open erasure request (issue 29), from the admin console once the
 * operator has settled what the account is owed. Personal data goes: the e-mail and username
 * are replaced, the password made unusable, sign-ins, tokens, failed-login records and pending
 * invites to the address are deleted, the memberships end (the pages stay, with their money
 * records and payout details, for the operator to close), and the account's name in the audit
 * log becomes the erased address. What the law on accounts requires stays: plan purchases, the
 * pages' tips and settlements. The request is marked completed with the time, and the erasure
 * is written to the audit log. All in one transaction.
 */
export async function eraseCreatorAccount(db: Database, requestId: string, admin: Actor) {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, requestId))
      .for('update');
    if (!request || request.subjectKind !== 'creator' || request.kind !== 'erasure') {
      throw notFound('No such account erasure request.', 'privacy_request_not_found');
    }
    if (request.status !== 'open') {
      throw conflict('This erasure request was already carried out.', 'privacy_request_done');
    }
    if (request.subjectRef === admin.id) {
      throw conflict(
        'You cannot erase your own account from here; ask another admin.',
        'cannot_erase_self',
      );
    }
    const [user] = await tx.select().from(users).where(eq(users.id, request.subjectRef));
    const now = new Date();
    const detail: Record<string, number | boolean> = { account_found: user !== undefined };
    let revokedSessionIds: string[] = [];
    let removedMemberships: { streamerId: string; userId: string }[] = [];
    if (user) {
      const erasedEmail = erasedEmailOf(user.id);
      revokedSessionIds = (
        await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id })
      ).map((row) => row.id);
      detail.sign_ins = revokedSessionIds.length;
      await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
      detail.pending_invites = (
        await tx
          .delete(invites)
          .where(and(eq(invites.email, user.email), isNull(invites.usedAt)))
          .returning({ id: invites.id })
      ).length;
      removedMemberships = await removeAllMemberships(tx, user.id);
      detail.memberships = removedMemberships.length;
      detail.audit_entries = (
        await tx
          .update(settingsAudit)
          .set({ actorEmail: erasedEmail })
          .where(eq(settingsAudit.actorUserId, user.id))
          .returning({ id: settingsAudit.id })
      ).length;
      await tx
        .update(users)
        .set({
          email: erasedEmail,
          username: 'erased',
          // Not a scrypt hash: verifyPassword never matches it, so nobody can sign in.
          passwordHash: `erased$${crypto.randomBytes(16).toString('base64url')}`,
          emailVerifiedAt: null,
          erasedAt: now,
        })
        .where(eq(users.id, user.id));
    }
    await tx
      .update(privacyRequests)
      .set({ status: 'completed', completedAt: now, detail })
      .where(eq(privacyRequests.id, request.id));
    await recordAudit(tx, {
      streamerId: null,
      actor: admin,
      changes: [
        {
          section: 'personal_data',
          field: 'erased:account',
          oldValue: { user_id: request.subjectRef },
          newValue: { request_id: request.id, ...detail },
        },
      ],
    });
    return {
      request: {
        id: request.id,
        status: 'completed' as const,
        completed_at: now.toISOString(),
        detail,
      },
      revokedSessionIds,
      removedMemberships,
    };
  });
}

async function logAccountRequest(
  db: Database,
  userId: string,
  kind: 'download' | 'erasure',
  status: 'open' | 'completed',
  detail: Record<string, unknown>,
) {
  const now = new Date();
  const [row] = await db
    .insert(privacyRequests)
    .values({
      subjectKind: 'creator',
      subjectRef: userId,
      kind,
      verifiedBy: 'signed_in',
      status,
      detail,
      dueAt: new Date(now.getTime() + RIGHTS_ANSWER_DAYS * DAY_MS),
      completedAt: status === 'completed' ? now : null,
    })
    .returning();
  if (!row) throw new Error('privacy request insert returned nothing');
  return row;
}
