import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  type AuthResponse,
} from '@shabaash/core';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireUser } from '../../policies/access.ts';
import { listAccessibleStreamers } from '../streamers/streamers.service.ts';
import {
  createSession,
  listSessions,
  registerUser,
  revokeSession,
  verifyCredentials,
} from './auth.service.ts';

/** Login and register attempts: 10 a minute per IP, and 10 a minute per e-mail. */
const ATTEMPTS_PER_MINUTE = 10;

/**
 * Route options of the sign-up and login forms. An e-mail (254) and a password (256 characters)
 * stay under 6 KB even with every character escaped as `\uXXXX\uXXXX`, so a larger body is
 * refused (413) before any hashing.
 */
const CREDENTIALS = { bodyLimit: 8 * 1024 };

export const authRoutes: FastifyPluginAsync = async (app) => {
  const attemptsByIp = new RateLimiter(ATTEMPTS_PER_MINUTE, 60_000);
  const attemptsByEmail = new RateLimiter(ATTEMPTS_PER_MINUTE, 60_000);
  const db = app.database.db;
  const sessionContext = (request: FastifyRequest) => ({
    ttlHours: app.config.SESSION_TTL_HOURS,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  const countAttempt = (request: FastifyRequest, email: string) => {
    attemptsByIp.consume(`ip:${request.ip}`, AUTH_MESSAGES.tooManyAttempts);
    attemptsByEmail.consume(`email:${email}`, AUTH_MESSAGES.tooManyAttempts);
  };

  app.post('/api/auth/register', CREDENTIALS, async (request, reply): Promise<AuthResponse> => {
    const input = parseInput(registerRequestSchema, request.body);
    countAttempt(request, input.email);
    const user = await registerUser(db, input);
    const token = await createSession(db, user.id, sessionContext(request));
    reply.status(201);
    return { user, session: { access_token: token } };
  });

  app.post('/api/auth/login', CREDENTIALS, async (request): Promise<AuthResponse> => {
    const input = parseInput(loginRequestSchema, request.body);
    countAttempt(request, input.email);
    const user = await verifyCredentials(db, input);
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
    return reply.status(204).send();
  });

  app.get('/api/auth/sessions', async (request) => {
    const viewer = await requireUser(request);
    const sessions = await listSessions(db, viewer.id);
    return {
      sessions: sessions.map((session) => ({
        ...session,
        current: session.id === viewer.sessionId,
      })),
    };
  });

  /** The dashboard chooser's cards. */
  app.get('/api/me/streamers', async (request) => {
    const viewer = await requireUser(request);
    return { streamers: await listAccessibleStreamers(db, viewer) };
  });
};
