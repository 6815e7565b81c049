import type { FastifyPluginAsync } from 'fastify';
import {
  AUTH_MESSAGES,
  inviteAcceptRequestSchema,
  type InviteAcceptResponse,
  type InviteDetails,
} from '@shabaash/core';
import { z } from 'zod';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { parseInput } from '../../lib/validation.ts';
import { authenticate } from '../../policies/access.ts';
import { createSession } from '../auth/auth.service.ts';
import { acceptInvite, findUsableInvite } from './invites.service.ts';

const codeParams = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'This invite link is not valid.'),
});

/** Invite look-ups and acceptances per IP per minute (account creation hashes a password). */
const ATTEMPTS_PER_MINUTE = 10;

/** The one-time sign-up links an admin sends to a streamer's future members. */
export const inviteRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const attempts = new RateLimiter(ATTEMPTS_PER_MINUTE, 60_000);

  app.get('/api/invites/:code', async (request): Promise<InviteDetails> => {
    attempts.consume(request.ip, AUTH_MESSAGES.tooManyAttempts);
    const { code } = parseInput(codeParams, request.params);
    const { invite, streamer, hasAccount } = await findUsableInvite(db, code);
    return {
      email: invite.email,
      streamer,
      expires_at: invite.expiresAt.toISOString(),
      has_account: hasAccount,
    };
  });

  /**
   * Without a session: creates the invited account with `password` and signs it in. With the
   * invited account's session: only adds the membership.
   */
  app.post('/api/invites/:code/accept', async (request, reply): Promise<InviteAcceptResponse> => {
    attempts.consume(request.ip, AUTH_MESSAGES.tooManyAttempts);
    const { code } = parseInput(codeParams, request.params);
    const { password } = parseInput(inviteAcceptRequestSchema, request.body ?? {});
    const viewer = await authenticate(request);
    const viewerUser = viewer
      ? { id: viewer.id, email: viewer.email, username: viewer.username, role: viewer.role }
      : null;
    const accepted = await acceptInvite(db, { code, viewer: viewerUser, password });
    const token = accepted.isNewAccount
      ? await createSession(db, accepted.user.id, {
          ttlHours: app.config.SESSION_TTL_HOURS,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        })
      : null;
    reply.status(accepted.isNewAccount ? 201 : 200);
    return {
      user: accepted.user,
      session: token ? { access_token: token } : null,
      streamer_slug: accepted.streamerSlug,
    };
  });
};
