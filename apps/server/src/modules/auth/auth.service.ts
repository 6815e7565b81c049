import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type AuthUser, type MailLocale } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.ts';
import { hashForUnknownUser, hashPassword, verifyPassword } from './password.ts';

/** A signed-in user together with the session that proved it. */
export type Viewer = AuthUser & { sessionId: string };

/** Extending the expiry on every request would write on every request; once a minute is enough. */
const SLIDE_AFTER_MS = 60_000;

export type SessionContext = { ttlHours: number; userAgent?: string | undefined; ip?: string };

/**
 * Creates a streamer-role user; 409 when the e-mail is taken (compared case-insensitively).
 * `isEmailVerified` only where the address is already proven: an invite link mailed to it, or
 * the operator's command line. Sign-up leaves it unverified until the e-mailed link is opened.
 */
export async function registerUser(
  db: Database,
  input: {
    email: string;
    password: string;
    role?: AuthUser['role'];
    isEmailVerified?: boolean;
    locale?: MailLocale;
    /** The privacy notice the person saw when signing up (issue 29); none for admin-made users. */
    noticeVersion?: string;
  },
): Promise<AuthUser> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({
      email,
      username: usernameFor(email),
      passwordHash,
      role: input.role ?? 'streamer',
      emailVerifiedAt: input.isEmailVerified ? new Date() : null,
      locale: input.locale ?? 'en',
      noticeVersion: input.noticeVersion ?? null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!created) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
  return presentUser(created);
}

/** Checks credentials; the same 401 whether the e-mail is unknown or the password wrong. */
export async function verifyCredentials(
  db: Database,
  input: { email: string; password: string },
): Promise<AuthUser> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(input.email)));
  const isValid = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await hashForUnknownUser()),
  );
  if (!user || !isValid)
    throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
  return presentUser(user);
}

/** Opens a session and returns its bearer token (256 random bits; only its hash is stored). */
export async function createSession(
  db: Database,
  userId: string,
  context: SessionContext,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + context.ttlHours * 3_600_000),
    userAgent: context.userAgent?.slice(0, 300),
    ip: context.ip,
  });
  return token;
}

/**
 * Finds the live session for a bearer token and slides its expiry forward. Expired, revoked
 * and unknown tokens give null.
 */
export async function authenticateToken(
  db: Database,
  token: string,
  ttlHours: number,
): Promise<Viewer | null> {
  if (token.length === 0 || token.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > SLIDE_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlHours * 3_600_000) })
      .where(eq(sessions.id, row.session.id));
  }
  return { ...presentUser(row.user), sessionId: row.session.id };
}

/** Revokes one session (logout). */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The user's sessions that are still alive, newest first (no token material). */
export async function listSessions(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    user_agent: row.userAgent,
    ip: row.ip,
  }));
}

/**
 * Sets a new password and revokes every session of that user (used by the admin CLI); returns
 * the revoked sessions' ids, or null when no user has that e-mail.
 */
export async function resetPassword(
  db: Database,
  email: string,
  password: string,
): Promise<string[] | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.email, normalizeEmail(email)))
      .returning({ id: users.id });
    if (!user) return null;
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.map((session) => session.id);
  });
}

/**
 * Revokes the user's live sessions except `keepSessionId` (null keeps none), in the caller's
 * transaction; returns the revoked ids so their live streams can be closed after commit.
 */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  keepSessionId: string | null,
): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.map((session) => session.id);
}

/** Signs out one of the viewer's own sessions; 404 when it is not theirs or already ended. */
export async function revokeOwnSession(
  db: Database,
  viewer: Viewer,
  sessionId: string,
): Promise<void> {
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, viewer.id), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id });
  if (!revoked) throw notFound(AUTH_MESSAGES.sessionNotFound, 'session_not_found');
}

/**
 * The account page's change: the current password must match (400 otherwise, not 401, which
 * would sign the page out); every other session is revoked, the current one stays.
 */
export async function changePassword(
  db: Database,
  viewer: Viewer,
  input: { current_password: string; new_password: string },
): Promise<string[]> {
  const [user] = await db.select().from(users).where(eq(users.id, viewer.id));
  if (!user || !(await verifyPassword(input.current_password, user.passwordHash)))
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, 'current_password_wrong');
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, viewer.id));
    return revokeUserSessions(tx, viewer.id, viewer.sessionId);
  });
}

/** The account page's "E-mail language": the language of every later e-mail to this user. */
export async function setUserLocale(
  db: Database,
  userId: string,
  locale: MailLocale,
): Promise<AuthUser> {
  const [user] = await db.update(users).set({ locale }).where(eq(users.id, userId)).returning();
  if (!user) throw notFound('This account no longer exists.', 'user_not_found');
  return presentUser(user);
}

export async function findUserByEmail(db: Database, email: string): Promise<AuthUser | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user ? presentUser(user) : null;
}

/** The only shape in which a user leaves the server. */
export function presentUser(user: typeof users.$inferSelect): AuthUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    email_verified: user.emailVerifiedAt !== null,
    locale: user.locale,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function usernameFor(email: string): string {
  return email.split('@')[0] ?? email;
}

/** SHA-256 of a random bearer or link token: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
