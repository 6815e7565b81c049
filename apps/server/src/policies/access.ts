import type { Streamer } from '../db/schema.ts';
import type { FastifyRequest } from 'fastify';
import { ONBOARDING_MESSAGES, type AuthUser } from '@shabaash/core';
import { authenticateToken, type Viewer } from '../modules/auth/auth.service.ts';
import { findMembership, findStreamerBySlug } from '../modules/streamers/streamers.service.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';

/**
 * Authorisation in one place (STYLE.md). Every streamer-scoped handler calls
 * requireStreamerAccess first; the dashboard pages only mirror what these answer.
 */

/** Reads `Authorization: Bearer <token>` and returns the signed-in viewer, or null. */
export async function authenticate(request: FastifyRequest): Promise<Viewer | null> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) return null;
  return authenticateToken(
    request.server.database.db,
    token,
    request.server.config.SESSION_TTL_HOURS,
  );
}

/** The signed-in viewer, or a 401. */
export async function requireUser(request: FastifyRequest): Promise<Viewer> {
  const viewer = await authenticate(request);
  if (!viewer) throw unauthorized('Please log in to continue.');
  return viewer;
}

/**
 * The rule for owning or joining a page (creating one, accepting an invite): the account's
 * address must be verified, else a 403 `email_unverified` whose message says how to get a link.
 */
export function requireVerifiedEmail(user: Pick<AuthUser, 'email_verified'>): void {
  if (!user.email_verified)
    throw forbidden(ONBOARDING_MESSAGES.emailUnverified, 'email_unverified');
}

export function isSiteAdmin(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

/** A site admin, or a 403 (for admin-console APIs). */
export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!isSiteAdmin(viewer)) throw forbidden('Only administrators can do this.');
  return viewer;
}

export type StreamerAccess = { viewer: Viewer; streamer: Streamer; isAdmin: boolean };

/**
 * The rule for every dashboard and streamer-scoped API: the streamer's own members, or a site
 * admin. A streamer with no members is therefore admin-only (correcting the spec's "no owner
 * means anyone"). Unknown slug → 404, signed out → 401, anyone else → 403.
 */
export async function requireStreamerAccess(
  request: FastifyRequest,
  slug: string,
): Promise<StreamerAccess> {
  const viewer = await requireUser(request);
  const streamer = await findStreamerBySlug(request.server.database.db, slug);
  if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
  if (isSiteAdmin(viewer)) return { viewer, streamer, isAdmin: true };
  const membership = await findMembership(request.server.database.db, streamer.id, viewer.id);
  if (!membership) {
    throw forbidden("You don't have permission to view this dashboard.", 'access_denied');
  }
  return { viewer, streamer, isAdmin: membership.isAdmin };
}
