import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  changePasswordRequestSchema,
  type AccountSessionsResponse,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  noticeVersion,
  mailLocaleRequestSchema,
  resetPasswordRequestSchema,
  registerRequestSchema,
  type AuthResponse,
  type AuthUser,
  type MyStreamersResponse,
  ONBOARDING_MESSAGES,
  verifyEmailRequestSchema,
} from '@shabaash/core';
import { clientAddress } from '../../lib/client-address.ts';
import { defineRateLimit, rateLimited, setRateLimitHeaders } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { conflict } from '../../errors.ts';
import { requireUser } from '../../policies/access.ts';
import { listAccessibleStreamers } from '../streamers/streamers.service.ts';
import { recordAccountAgeDeclaration } from '../consent/consent.service.ts';
import { composeMail } from '../mail/mail-texts.ts';
import { BackgroundTasks } from '../site/background-tasks.ts';
import {
  changePassword,
  createSession,
  listSessions,
  normalizeEmail,
  registerUser,
  revokeOwnSession,
  revokeSession,
  revokeUserSessions,
  setUserLocale,
} from './auth.service.ts';
import {
  createVerificationToken,
  verificationUrl,
  verifyEmailWithToken,
} from './email-verification.service.ts';
import {
  createPasswordResetToken,
  passwordResetUrl,
  resetPasswordWithToken,
} from './password-reset.service.ts';
import {
  FREE_FAILURES,
  loginDelayMessage,
  secondsUntilLoginAllowed,
  verifyCountingFailures,
} from './login-throttle.ts';

/**
 * Login and register attempts per address per minute, whatever the e-mail. Wrong passwords are
 * also slowed per (e-mail, address) pair (login-throttle.ts); never per e-mail alone, which
 * would let anyone lock the owner out.
 */
const ATTEMPTS_PER_MINUTE = 10;

/**
 * Route options of the sign-up and login forms. An e-mail (254) and a password (256 characters)
 * stay under 6 KB even with every character escaped as `\uXXXX\uXXXX`, so a larger body is
 * refused (413) before any hashing.
 */
const CREDENTIALS = { bodyLimit: 8 * 1024 };

/** "Forgot password?" requests: per address, and per e-mail so no inbox can be flooded. */
const RESET_WINDOW_MS = 60 * 60 * 1000;
const RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_REQUESTS_PER_EMAIL = 3;

/** "Resend verification e-mail": per account, and per address so no one mails in bulk. */
const VERIFICATION_WINDOW_MS = 60 * 60 * 1000;
const VERIFICATION_RESENDS_PER_ACCOUNT = 3;
const VERIFICATION_RESENDS_PER_ADDRESS = 10;

const sessionParams = z.object({ sessionId: z.uuid() });

export const authRoutes: FastifyPluginAsync = async (app) => {
  const attempts = defineRateLimit(app, {
    name: 'auth-attempts',
    max: ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
    message: AUTH_MESSAGES.tooManyAttempts,
  });
  const resetsPerAddress = defineRateLimit(app, {
    name: 'password-reset-address',
    max: RESET_REQUESTS_PER_ADDRESS,
    windowMs: RESET_WINDOW_MS,
    message: AUTH_MESSAGES.tooManyResetRequests,
  });
  const resetsPerEmail = defineRateLimit(app, {
    name: 'password-reset-email',
    max: RESET_REQUESTS_PER_EMAIL,
    windowMs: RESET_WINDOW_MS,
    message: AUTH_MESSAGES.tooManyResetRequests,
    keyOf: (request) => forgotPasswordRequestSchema.parse(request.body).email,
  });
  // Its own count: a link's 256-bit token cannot be guessed, but each try hashes a password.
  const resetConfirmations = defineRateLimit(app, {
    name: 'password-reset-confirm',
    max: ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
    message: AUTH_MESSAGES.tooManyAttempts,
  });
  const verificationsPerAccount = defineRateLimit(app, {
    name: 'verification-resend-account',
    max: VERIFICATION_RESENDS_PER_ACCOUNT,
    windowMs: VERIFICATION_WINDOW_MS,
    message: ONBOARDING_MESSAGES.tooManyVerificationRequests,
    keyOf: async (request) => (await requireUser(request)).id,
  });
  const verificationsPerAddress = defineRateLimit(app, {
    name: 'verification-resend-address',
    max: VERIFICATION_RESENDS_PER_ADDRESS,
    windowMs: VERIFICATION_WINDOW_MS,
    message: ONBOARDING_MESSAGES.tooManyVerificationRequests,
  });
  // Each try hashes a token and looks it up; a 256-bit token cannot be guessed anyway.
  const verificationConfirmations = defineRateLimit(app, {
    name: 'verify-email',
    max: ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
    message: AUTH_MESSAGES.tooManyAttempts,
  });
  const db = app.database.db;
  const background = new BackgroundTasks(app.log);
  app.addHook('onClose', () => background.drain());
  /** Closes the live dashboard streams of sessions just revoked, on every instance. */
  const announceRevoked = (sessionIds: string[]) => {
    for (const sessionId of sessionIds)
      app.realtime.bus.publish({ kind: 'session_revoked', sessionId });
  };
  const sessionContext = (request: FastifyRequest) => ({
    ttlHours: app.config.SESSION_TTL_HOURS,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });

  /** Mails a new verification link to the user, after the reply (its failure is only logged). */
  const sendVerificationMail = async (user: Pick<AuthUser, 'id' | 'email' | 'locale'>) => {
    const token = await createVerificationToken(db, user.id);
    const mail = composeMail('verifyEmail', user.locale, {
      link: verificationUrl(app.config.publicUrl, token),
    });
    background.run('verification e-mail not sent', {}, () =>
      app.mailer.send({ to: user.email, ...mail }),
    );
  };

  /**
   * Sign-up (spec 01 §5): the new account is signed in at once and sent a verification link;
   * until it is opened the account can do everything but own or join a page.
   */
  app.post('/api/auth/register', CREDENTIALS, async (request, reply): Promise<AuthResponse> => {
    const input = parseInput(registerRequestSchema, request.body);
    await attempts.consume(request, reply);
    const user = await registerUser(db, { ...input, noticeVersion: noticeVersion('signup') });
    await recordAccountAgeDeclaration(db, user.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const token = await createSession(db, user.id, sessionContext(request));
    await sendVerificationMail(user);
    reply.status(201);
    return { user, session: { access_token: token } };
  });

  /** The e-mailed link's page; no session needed, as the link may open in another browser. */
  app.post('/api/auth/verify-email', CREDENTIALS, async (request, reply) => {
    const input = parseInput(verifyEmailRequestSchema, request.body);
    await verificationConfirmations.consume(request, reply);
    const user = await verifyEmailWithToken(db, input.token);
    return { user, message: ONBOARDING_MESSAGES.emailVerified };
  });

  /** "Resend verification e-mail", to the signed-in account's own address only. */
  app.post('/api/auth/verify-email/resend', async (request, reply) => {
    const viewer = await requireUser(request);
    if (viewer.email_verified)
      throw conflict(ONBOARDING_MESSAGES.alreadyVerified, 'already_verified');
    await verificationsPerAddress.consume(request, reply);
    await verificationsPerAccount.consume(request, reply);
    await sendVerificationMail(viewer);
    reply.status(202);
    return { message: ONBOARDING_MESSAGES.verificationSent };
  });

  app.post('/api/auth/login', CREDENTIALS, async (request, reply): Promise<AuthResponse> => {
    const input = parseInput(loginRequestSchema, request.body);
    await attempts.consume(request, reply);
    // A pair that has been failing waits before its password is even hashed.
    const attempt = { email: normalizeEmail(input.email), address: clientAddress(request) };
    const waitSeconds = await secondsUntilLoginAllowed(db, attempt);
    if (waitSeconds > 0) {
      setRateLimitHeaders(reply, { limit: FREE_FAILURES, remaining: 0, resetSeconds: waitSeconds });
      throw rateLimited(reply, waitSeconds, loginDelayMessage(waitSeconds));
    }
    const user = await verifyCountingFailures(db, input, attempt);
    const token = await createSession(db, user.id, sessionContext(request));
    return { user, session: { access_token: token } };
  });

  /** The session check of spec 01 §7 call 4: the user, or 401. */
  app.get('/api/auth/session', async (request) => {
    const { sessionId: _sessionId, ...user } = await requireUser(request);
    return { user };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const viewer = await requireUser(request);
    await revokeSession(db, viewer.sessionId);
    // Its live dashboards close too, on every instance.
    app.realtime.bus.publish({ kind: 'session_revoked', sessionId: viewer.sessionId });
    return reply.status(204).send();
  });

  app.get('/api/auth/sessions', async (request): Promise<AccountSessionsResponse> => {
    const viewer = await requireUser(request);
    const sessions = await listSessions(db, viewer.id);
    return {
      sessions: sessions.map((session) => ({
        ...session,
        current: session.id === viewer.sessionId,
      })),
    };
  });

  /**
   * "Forgot password?": the same 202 whether or not the e-mail has an account; the mail is sent
   * after the reply, so the answer's timing does not tell either.
   */
  app.post('/api/auth/password-reset/request', CREDENTIALS, async (request, reply) => {
    const input = parseInput(forgotPasswordRequestSchema, request.body);
    await resetsPerAddress.consume(request, reply);
    await resetsPerEmail.consume(request, reply);
    const created = await createPasswordResetToken(db, input.email);
    if (created) {
      const mail = composeMail('passwordReset', created.locale, {
        link: passwordResetUrl(app.config.publicUrl, created.token),
      });
      background.run('password reset e-mail not sent', {}, () =>
        app.mailer.send({ to: created.email, ...mail }),
      );
    }
    reply.status(202);
    return { message: AUTH_MESSAGES.resetLinkSent };
  });

  /** The e-mailed link's page: a new password, and every session of the account signed out. */
  app.post('/api/auth/password-reset/confirm', CREDENTIALS, async (request, reply) => {
    const input = parseInput(resetPasswordRequestSchema, request.body);
    await resetConfirmations.consume(request, reply);
    announceRevoked(await resetPasswordWithToken(db, input));
    return reply.status(204).send();
  });

  /** The account page: needs the current password; the other sessions are signed out. */
  app.post('/api/auth/password', CREDENTIALS, async (request, reply) => {
    const viewer = await requireUser(request);
    const input = parseInput(changePasswordRequestSchema, request.body);
    await attempts.consume(request, reply);
    announceRevoked(await changePassword(db, viewer, input));
    return reply.status(204).send();
  });

  /** The account page's "E-mail language"; answers the user as the session check does. */
  app.put('/api/auth/locale', async (request) => {
    const viewer = await requireUser(request);
    const input = parseInput(mailLocaleRequestSchema, request.body);
    return { user: await setUserLocale(db, viewer.id, input.locale) };
  });

  app.delete('/api/auth/sessions/:sessionId', async (request, reply) => {
    const viewer = await requireUser(request);
    const { sessionId } = parseInput(sessionParams, request.params);
    await revokeOwnSession(db, viewer, sessionId);
    announceRevoked([sessionId]);
    return reply.status(204).send();
  });

  /** "Sign out all other sessions": the current one stays. */
  app.post('/api/auth/sessions/revoke-others', async (request) => {
    const viewer = await requireUser(request);
    const revoked = await revokeUserSessions(db, viewer.id, viewer.sessionId);
    announceRevoked(revoked);
    return { revoked: revoked.length };
  });

  /** The dashboard chooser's cards. */
  app.get('/api/me/streamers', async (request): Promise<MyStreamersResponse> => {
    const viewer = await requireUser(request);
    return { streamers: await listAccessibleStreamers(db, viewer) };
  });
};
