import type { FastifyPluginAsync } from 'fastify';
import { STREAM_CONTROL_ACTIONS, type ActivityFeed, type StreamControlState } from '@shabaash/core';
import { z } from 'zod';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { requireOverlayToken } from '../overlays/overlay.routes.ts';
import {
  applyStreamControl,
  listActivity,
  readStreamControl,
  recordPlayback,
} from './stream-control.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const controlBody = z.object({
  action: z.enum(STREAM_CONTROL_ACTIONS, { error: 'Unknown stream control.' }),
  /** For `replay`: which alert (default: the newest that may play). */
  alert_id: z.number().int().positive().optional(),
});
const playbackBody = z.object({
  playing_alert_id: z.number().int().positive().nullable(),
  waiting: z.number().int().min(0).max(100_000),
});

/**
 * The activity feed and stream controls (issue 24): the dashboard reads the feed and sends
 * controls; overlays report what they play, so the feed can show it.
 */
export const streamControlRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const context = { db, bus: app.realtime.bus };

  app.get('/api/streamers/:slug/activity', async (request): Promise<ActivityFeed> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return { items: await listActivity(db, streamer.id) };
  });

  app.get('/api/streamers/:slug/stream-control', async (request): Promise<StreamControlState> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return readStreamControl(db, streamer.id);
  });

  app.post('/api/streamers/:slug/stream-control', async (request): Promise<StreamControlState> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const { action, alert_id } = parseInput(controlBody, request.body);
    return applyStreamControl(context, streamer.id, { action, alertId: alert_id });
  });

  /** An overlay reports the alert on screen and how many wait, after every change. */
  app.post('/api/overlay/:slug/playback', async (request, reply) => {
    const { streamer } = await requireOverlayToken(request);
    const report = parseInput(playbackBody, request.body);
    await recordPlayback(context, streamer.id, report);
    return reply.status(204).send();
  });
};
