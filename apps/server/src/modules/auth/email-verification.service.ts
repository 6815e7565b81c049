import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ONBOARDING_MESSAGES, type AuthUser } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { emailVerificationTokens, users } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { hashToken, presentUser } from './auth.service.ts';

/** How long an e-mailed verification link works. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The page the e-mailed link opens (apps/web pages/auth-verify.tsx). */
export function verificationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/verify?token=${encodeURIComponent(token)}`;
}

/**
 * Stores a new verification token for the user and returns it (256 random bits; only its hash
 * is kept). Earlier links stay usable until they expire: the newest mail may be the one lost.
 */
export async function createVerificationToken(db: Database, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(emailVerificationTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFICATION_LINK_TTL_MS),
  });
  return token;
}

/**
 * Uses a verification token once: marks the user's address verified and spends every other
 * open link of theirs. A used, expired or unknown token is a 400 `verification_link_invalid`.
 * Returns the user as they now are.
 */
export async function verifyEmailWithToken(db: Database, token: string): Promise<AuthUser> {
  return db.transaction(async (tx) => {
    // The conditional update is the single-use check: two racing requests cannot both win it.
    const [spent] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!spent) {
      throw badRequest(ONBOARDING_MESSAGES.verificationLinkInvalid, 'verification_link_invalid');
    }
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.userId, spent.userId),
          isNull(emailVerificationTokens.usedAt),
        ),
      );
    const [user] = await tx
      .update(users)
      // A second link of the same account keeps the first verification time.
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, spent.userId))
      .returning();
    if (!user) throw new Error('verified user vanished');
    return presentUser(user);
  });
}
