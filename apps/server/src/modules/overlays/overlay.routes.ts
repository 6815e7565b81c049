import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  OVERLAY_MESSAGES,
  WIDGET_STREAM_CLIENT,
  type ObsTokenCreated,
  type ObsTokenDeactivated,
  type TestAlertResponse,
} from '@shabaash/core';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { createTestAlert, markAlertShown } from '../alerts/alerts.service.ts';
import {
  deactivateObsToken,
  generateObsToken,
  listObsTokens,
  validateObsToken,
} from './obs-tokens.service.ts';
import { sendPlayback } from '../stream-control/control-frames.ts';
import { countOverlayConnections } from './overlay-presence.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const tokenQuery = z.object({
  token: z.string().max(200).optional(),
  last_event_id: z.string().max(20).optional(),
  /** Stream widgets listen with `client=widget`: no presence count, no unshown-alert replay. */
  client: z.enum(['overlay', WIDGET_STREAM_CLIENT]).default('overlay'),
});

/**
 * The token of an overlay or widget page (`?token=`), checked against the slug in its URL;
 * the spec's words on failure.
 */
export async function requireOverlayToken(request: FastifyRequest) {
  const { slug } = parseInput(slugParams, request.params);
  const { token } = parseInput(tokenQuery, request.query);
  if (!token) throw new AppError(400, 'missing_token', OVERLAY_MESSAGES.missingToken);
  const valid = await validateObsToken(request.server.database.db, slug, token);
  if (!valid) throw new AppError(401, 'invalid_token', OVERLAY_MESSAGES.invalidToken);
  return valid;
}

/** Overlay pages, OBS tokens, test alerts and the dashboard's live stream. */
export const overlayRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const { bus, sse, overlays } = app.realtime;

  /** The overlay page's token check (spec: validate_obs_token_secure). */
  app.get('/api/overlay/:slug/session', async (request) => {
    const { streamer } = await requireOverlayToken(request);
    return { is_valid: true, streamer_name: streamer.name, streamer_slug: streamer.slug };
  });

  /**
   * The overlay's alert stream; reconnects send Last-Event-ID and get what they missed. Stream
   * widgets use it too (`client=widget`), only to hear that something changed.
   */
  app.get('/api/overlay/:slug/events', async (request, reply) => {
    const { streamer, tokenId } = await requireOverlayToken(request);
    const { client } = parseInput(tokenQuery, request.query);
    const isWidget = client === WIDGET_STREAM_CLIENT;
    // A fresh overlay starts from the newest alert as it arrives (read before it subscribes):
    // besides the unshown ones, it gets everything written from then on, even if shown elsewhere.
    const lastEventId =
      parseLastEventId(request) ?? (isWidget ? null : await overlays.latestAlertId(streamer.id));
    const stream = sse.open(request, reply, { obsTokenId: tokenId });
    await overlays.connect({ streamerId: streamer.id, tokenId, stream, lastEventId, isWidget });
  });

  /** The overlay played an alert: a fresh overlay will not play it again. */
  app.post('/api/overlay/:slug/alerts/:alertId/shown', async (request, reply) => {
    const { streamer } = await requireOverlayToken(request);
    const { alertId } = parseInput(
      z.object({ alertId: z.coerce.number().int().positive() }),
      request.params,
    );
    await markAlertShown(db, streamer.id, alertId);
    return reply.status(204).send();
  });

  app.get('/api/streamers/:slug/obs-tokens', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return listObsTokens(db, streamer.id);
  });

  app.post('/api/streamers/:slug/obs-tokens', async (request, reply): Promise<ObsTokenCreated> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const created = await generateObsToken(db, streamer.id);
    for (const tokenId of created.deactivatedIds) {
      bus.publish({ kind: 'token_deactivated', streamerId: streamer.id, tokenId });
    }
    reply.status(201);
    return { token: created.token, id: created.id };
  });

  app.post('/api/streamers/:slug/obs-tokens/:tokenId/deactivate', async (request) => {
    const { slug, tokenId } = parseInput(
      slugParams.extend({ tokenId: z.uuid('Unknown token.') }),
      request.params,
    );
    const { streamer } = await requireStreamerAccess(request, slug);
    if (!(await deactivateObsToken(db, streamer.id, tokenId))) {
      throw notFound('This token does not exist or is already inactive.', 'token_not_found');
    }
    bus.publish({ kind: 'token_deactivated', streamerId: streamer.id, tokenId });
    return { deactivated: true } satisfies ObsTokenDeactivated;
  });

  /** Sends a test alert to every open overlay of the streamer (login required: DESIGN.md). */
  app.post('/api/streamers/:slug/test-alert', async (request): Promise<TestAlertResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const alertId = await createTestAlert(db, streamer.id);
    bus.publish({ kind: 'alert', streamerId: streamer.id, alertId });
    return { activeConnections: await countOverlayConnections(db, streamer.id) };
  });

  /**
   * The dashboard's live stream: which donations changed (the page reloads them) and how many
   * overlays are listening. Ids only, like the bus.
   */
  app.get('/api/streamers/:slug/events', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer, viewer } = await requireStreamerAccess(request, slug);
    // Counted against the session's cap, and closed when the session or membership ends.
    const stream = sse.open(request, reply, {
      sessionId: viewer.sessionId,
      userId: viewer.id,
      streamerId: streamer.id,
    });
    const sendOverlayCount = async () => {
      const count = await countOverlayConnections(db, streamer.id);
      stream.send({ event: 'overlays', data: { active_connections: count } });
    };
    const unsubscribe = bus.subscribe(streamer.id, (event) => {
      if (event.kind === 'donation_changed') {
        stream.send({ event: 'donation', data: { donation_id: event.donationId } });
      }
      if (event.kind === 'presence_changed') void sendOverlayCount().catch(() => {});
      // The activity feed (modules/stream-control): a new tip or test alert, and playback.
      if (event.kind === 'donation_created' || event.kind === 'alert') {
        stream.send({ event: 'activity', data: {} });
      }
      if (event.kind === 'playback_changed')
        void sendPlayback(db, stream, streamer.id).catch(() => {});
    });
    stream.onClose(unsubscribe);
    stream.send({ event: 'ready', data: {} });
    await sendOverlayCount();
    await sendPlayback(db, stream, streamer.id);
  });
};

/**
 * Last-Event-ID from the header (EventSource reconnects) or the query (manual reconnects). 0 is
 * a position too: the `ready` of a streamer without alerts yet.
 */
function parseLastEventId(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const fromQuery = (request.query as { last_event_id?: string }).last_event_id;
  const given = (Array.isArray(header) ? header[0] : (header ?? fromQuery))?.trim();
  if (!given) return null;
  const value = Number(given);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}
