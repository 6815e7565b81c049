import { and, eq, lt, sql } from 'drizzle-orm';
import type { AuthUser } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { verifyCredentials } from './auth.service.ts';

/**
 * Wrong passwords are counted per (e-mail, client address) pair, never per account alone: an
 * attacker guessing from one address slows only that address down, and the owner signing in
 * from another is not locked out (issue 19, item 3).
 */
export type LoginAttempt = { email: string; address: string };

/** Wrong passwords a pair may make before it has to wait. */
export const FREE_FAILURES = 5;
/** The first wait; it doubles with each further failure, up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 15_000;
const MAX_DELAY_MS = 60 * 60_000;
/** A pair's failures are forgotten a day after its last one. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/** The wait after a pair's n-th failure in a row: none for the first few, then 15 s, 30 s … 1 h. */
export function loginDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/** Whole seconds the pair must still wait before its password is checked; 0 when it may try. */
export async function secondsUntilLoginAllowed(
  db: Database,
  attempt: LoginAttempt,
): Promise<number> {
  const [row] = await db
    .select({ blockedUntil: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(isPair(attempt));
  const msLeft = (row?.blockedUntil?.getTime() ?? 0) - Date.now();
  return msLeft > 0 ? Math.ceil(msLeft / 1000) : 0;
}

/**
 * Checks the credentials of a pair that may try (secondsUntilLoginAllowed is 0): a wrong
 * password counts against the pair, a right one clears its count.
 */
export async function verifyCountingFailures(
  db: Database,
  input: { email: string; password: string },
  attempt: LoginAttempt,
): Promise<AuthUser> {
  try {
    const user = await verifyCredentials(db, input);
    await db.delete(loginFailures).where(isPair(attempt));
    return user;
  } catch (error) {
    const isWrongPassword = error instanceof AppError && error.code === 'invalid_credentials';
    if (isWrongPassword) await recordLoginFailure(db, attempt);
    throw error;
  }
}

/** Counts a wrong password for the pair and sets the wait it earned; forgets stale pairs. */
async function recordLoginFailure(db: Database, attempt: LoginAttempt): Promise<void> {
  const now = new Date();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const [row] = await db
    .insert(loginFailures)
    .values({ ...attempt, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.address],
      set: {
        failures: sql`CASE WHEN ${loginFailures.lastFailedAt} < ${forgetBefore} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: loginFailures.failures });
  const delayMs = loginDelayMs(row?.failures ?? 1);
  if (delayMs > 0) {
    await db
      .update(loginFailures)
      .set({ blockedUntil: new Date(now.getTime() + delayMs) })
      .where(isPair(attempt));
  }
  await db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, forgetBefore));
}

/** What a waiting pair reads, with the wait in words. */
export function loginDelayMessage(seconds: number): string {
  const wait =
    seconds < 90
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many wrong passwords. Please wait ${wait} and try again.`;
}

function isPair(attempt: LoginAttempt) {
  return and(eq(loginFailures.email, attempt.email), eq(loginFailures.address, attempt.address));
}
