import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  CONSENT_TEXT,
  SETTINGS_MESSAGES,
  noticeVersion,
  type AuthUser,
  type InviteSummary,
  type MailLocale,
  type NewInvite,
} from '@shabaash/core';
import type { Database, Transaction } from '../../db/client.ts';
import { invites } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors.ts';
import { findUserByEmail, normalizeEmail, registerUser } from '../auth/auth.service.ts';
import { recordAudit } from '../settings/settings-audit.service.ts';
import { findStreamerById } from '../streamers/streamers.repository.ts';
import { grantMembership } from '../streamers/streamers.service.ts';

/** A sign-up link works for a week, once. */
export const INVITE_TTL_MS = 7 * 24 * 3_600_000;

type InviteRow = typeof invites.$inferSelect;

function hashCode(code: string): string {
  return crypto.createHash('sha256').update(code).digest('hex');
}

/** The sign-up page's address for a code. */
export function inviteUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/auth/invite/${code}`;
}

/**
 * Makes a one-time sign-up link for an e-mail without an account, inside the caller's
 * transaction. An earlier unused link for the same e-mail and streamer stops working, so only
 * the newest one sent is live. Returns the invite with its code (192 random bits; only its hash
 * is stored, so this is the one moment it is known).
 */
export async function createInvite(
  tx: Database | Transaction,
  input: { streamerId: string; email: string; isAdmin: boolean; createdBy: string | null },
  now = new Date(),
): Promise<{ invite: InviteRow; code: string }> {
  const email = normalizeEmail(input.email);
  await tx
    .delete(invites)
    .where(
      and(
        eq(invites.streamerId, input.streamerId),
        eq(invites.email, email),
        isNull(invites.usedAt),
      ),
    );
  const code = crypto.randomBytes(24).toString('base64url');
  const [invite] = await tx
    .insert(invites)
    .values({
      codeHash: hashCode(code),
      email,
      streamerId: input.streamerId,
      isAdmin: input.isAdmin,
      createdBy: input.createdBy,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    })
    .returning();
  if (!invite) throw new Error('invite insert returned nothing');
  return { invite, code };
}

/** The usable (unused, unexpired) invites of some streamers, oldest first. */
export async function listPendingInvites(
  db: Database,
  streamerIds: string[],
  now = new Date(),
): Promise<InviteRow[]> {
  if (streamerIds.length === 0) return [];
  return db
    .select()
    .from(invites)
    .where(
      and(
        inArray(invites.streamerId, streamerIds),
        isNull(invites.usedAt),
        gt(invites.expiresAt, now),
      ),
    )
    .orderBy(asc(invites.createdAt));
}

/** Withdraws an unused invite; false when there was none. */
export async function revokeInvite(
  db: Database | Transaction,
  input: { streamerId: string; inviteId: string },
): Promise<InviteRow | null> {
  const [deleted] = await db
    .delete(invites)
    .where(
      and(
        eq(invites.id, input.inviteId),
        eq(invites.streamerId, input.streamerId),
        isNull(invites.usedAt),
      ),
    )
    .returning();
  return deleted ?? null;
}

const inviteInvalid = () => new AppError(404, 'invite_invalid', SETTINGS_MESSAGES.inviteInvalid);

/** The shape of every code createInvite makes. */
const INVITE_CODE = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * A usable invite by its code, with its streamer; a 404 when unknown, used or expired, and for
 * a code no invite can have (a link cut short reads as any other dead link).
 */
export async function findUsableInvite(db: Database, code: string, now = new Date()) {
  if (!INVITE_CODE.test(code)) throw inviteInvalid();
  const [invite] = await db
    .select()
    .from(invites)
    .where(eq(invites.codeHash, hashCode(code)));
  if (!invite || invite.usedAt || invite.expiresAt <= now) throw inviteInvalid();
  const [streamer, account] = await Promise.all([
    findStreamerById(db, invite.streamerId),
    findUserByEmail(db, invite.email),
  ]);
  if (!streamer) throw inviteInvalid();
  return {
    invite,
    streamer: { slug: streamer.slug, name: streamer.name },
    hasAccount: account !== null,
  };
}

/**
 * Uses an invite, once: a signed-in user with the invited e-mail becomes a member; without a
 * session, the account is created with `password` and made a member. The invite is locked
 * and marked used in the same transaction, so two clicks cannot both succeed.
 */
export async function acceptInvite(
  db: Database,
  input: {
    code: string;
    viewer: AuthUser | null;
    password: string | undefined;
    /** The e-mail language of an account created here. */
    locale: MailLocale;
    /** The 18+ declaration, asked when the account is created here (issue 29). */
    ageConfirmed?: boolean | undefined;
  },
  now = new Date(),
): Promise<{ user: AuthUser; isNewAccount: boolean; streamerSlug: string }> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(invites)
      .where(eq(invites.codeHash, hashCode(input.code)))
      .for('update');
    if (!invite || invite.usedAt || invite.expiresAt <= now) throw inviteInvalid();
    const streamer = await findStreamerById(tx, invite.streamerId);
    if (!streamer) throw inviteInvalid();

    let user: AuthUser;
    if (input.viewer) {
      if (input.viewer.email !== invite.email) {
        throw forbidden(SETTINGS_MESSAGES.inviteWrongAccount, 'invite_wrong_account');
      }
      user = input.viewer;
    } else {
      if (!input.password) throw badRequest('Please choose a password.', 'password_required');
      if (input.ageConfirmed !== true)
        throw badRequest(CONSENT_TEXT.ageRequired, 'age_not_confirmed');
      if (await findUserByEmail(tx, invite.email)) {
        throw conflict(SETTINGS_MESSAGES.inviteAccountExists, 'email_taken');
      }
      // The link was mailed to this address, so opening it proves the address.
      user = await registerUser(tx, {
        email: invite.email,
        password: input.password,
        isEmailVerified: true,
        locale: input.locale,
        noticeVersion: noticeVersion('signup'),
      });
    }
    await grantMembership(tx, {
      streamerId: invite.streamerId,
      userId: user.id,
      isAdmin: invite.isAdmin,
    });
    await tx.update(invites).set({ usedAt: now, usedBy: user.id }).where(eq(invites.id, invite.id));
    await recordAudit(tx, {
      streamerId: invite.streamerId,
      actor: { id: user.id, email: user.email },
      changes: [
        {
          section: 'members',
          field: 'invite_accepted',
          oldValue: null,
          newValue: { email: user.email, is_admin: invite.isAdmin, new_account: !input.viewer },
        },
      ],
    });
    return { user, isNewAccount: !input.viewer, streamerSlug: streamer.slug };
  });
}

/** A pending invite as the admin console lists it: never its link, which is not stored. */
export function presentInvite(invite: InviteRow): InviteSummary {
  return {
    id: invite.id,
    email: invite.email,
    is_admin: invite.isAdmin,
    created_at: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt.toISOString(),
  };
}

/** An invite in the answer that made it, with its one-time link. */
export function presentNewInvite(invite: InviteRow, url: string): NewInvite {
  return { ...presentInvite(invite), url };
}
