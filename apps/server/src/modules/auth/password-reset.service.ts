import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type MailLocale } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { hashToken, normalizeEmail, revokeUserSessions } from './auth.service.ts';
import { hashPassword } from './password.ts';

/** How long an e-mailed reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** The page the e-mailed link opens (apps/web pages/auth-reset.tsx). */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
}

/**
 * Stores a new reset token for the account with this e-mail and returns it (256 random bits;
 * only its hash is kept) with the address and language to mail it in, or null when no account
 * has that e-mail. The caller answers the same either way.
 */
export async function createPasswordResetToken(
  db: Database,
  email: string,
): Promise<{ token: string; email: string; locale: MailLocale } | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!user) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  return { token, email: user.email, locale: user.locale };
}

/**
 * Uses a reset token once: sets the new password, spends every other open link of that user
 * and revokes all their sessions (returned, to close their live streams after commit). A used,
 * expired or unknown token is a 400 `reset_link_invalid`.
 */
export async function resetPasswordWithToken(
  db: Database,
  input: { token: string; password: string },
): Promise<string[]> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // The conditional update is the single-use check: two racing requests cannot both win it.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw badRequest(AUTH_MESSAGES.resetLinkInvalid, 'reset_link_invalid');
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    // The link reached the account's inbox, which proves the address as a verification link does.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, spent.userId));
    return revokeUserSessions(tx, spent.userId, null);
  });
}
