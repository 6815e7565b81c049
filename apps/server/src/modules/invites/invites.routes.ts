import type { FastifyPluginAsync } from 'fastify';
import {
  AUTH_MESSAGES,
  inviteAcceptRequestSchema,
  type InviteAcceptResponse,
  type InviteDetails,
} from '@shabaash/core';
import { z } from 'zod';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { authenticate, requireVerifiedEmail } from '../../policies/access.ts';
import { createSession } from '../auth/auth.service.ts';
import { recordAccountAgeDeclaration } from '../consent/consent.service.ts';
import { acceptInvite, findUsableInvite } from './invites.service.ts';

const codeParams = z.object({ code: z.string() });

/** Invite look-ups and acceptances per address per minute (account creation hashes a password). */
const ATTEMPTS_PER_MINUTE = 10;

/** The one-time sign-up links an admin sends to a streamer's future members. */
export const inviteRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const attempts = defineRateLimit(app, {
    name: 'invites',
    max: ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
    message: AUTH_MESSAGES.tooManyAttempts,
  });

  app.get('/api/invites/:code', async (request, reply): Promise<InviteDetails> => {
    await attempts.consume(request, reply);
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
    await attempts.consume(request, reply);
    const { code } = parseInput(codeParams, request.params);
    const { password, locale, age_confirmed } = parseInput(
      inviteAcceptRequestSchema,
      request.body ?? {},
    );
    const viewer = await authenticate(request);
    // Joining a page needs a verified address; a sign-up through the link is verified by it.
    if (viewer) requireVerifiedEmail(viewer);
    const viewerUser = viewer
      ? {
          id: viewer.id,
          email: viewer.email,
          username: viewer.username,
          role: viewer.role,
          email_verified: viewer.email_verified,
          locale: viewer.locale,
        }
      : null;
    const accepted = await acceptInvite(db, {
      code,
      viewer: viewerUser,
      password,
      locale,
      ageConfirmed: age_confirmed,
    });
    if (accepted.isNewAccount) {
      await recordAccountAgeDeclaration(db, accepted.user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    }
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
