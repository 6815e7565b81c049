import type { FastifyPluginAsync } from 'fastify';
import {
  youtubeChatSettingsSchema,
  youtubeConnectCompleteSchema,
  type YoutubeChatStatus,
  type YoutubeQuotaReport,
} from '@shabaash/core';
import { z } from 'zod';
import { parseInput } from '../../lib/validation.ts';
import { requireAdmin, requireStreamerAccess } from '../../policies/access.ts';
import {
  completeConnect,
  disconnect,
  presentStatus,
  slugOfState,
  startConnect,
  writeChatSettings,
} from './youtube.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const callbackQuery = z.object({
  state: z.string().max(128).optional(),
  code: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
});

/**
 * YouTube chat (issue 30): the dashboard's section (status, settings, connect, disconnect),
 * Google's return to us, and the admin console's quota view. Tokens never appear in an answer.
 */
export const youtubeRoutes: FastifyPluginAsync = async (app) => {
  const { youtube } = app;
  const context = youtube.context;

  app.get('/api/streamers/:slug/youtube', async (request): Promise<YoutubeChatStatus> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return presentStatus(context, streamer.id);
  });

  app.put('/api/streamers/:slug/youtube/settings', async (request): Promise<YoutubeChatStatus> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const settings = parseInput(youtubeChatSettingsSchema, request.body);
    await writeChatSettings(context.db, streamer.id, settings);
    return presentStatus(context, streamer.id);
  });

  /** Starts connecting: answers Google's consent URL for the browser to open. */
  app.post(
    '/api/streamers/:slug/youtube/connect',
    async (request): Promise<{ authorization_url: string }> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer, viewer } = await requireStreamerAccess(request, slug);
      const url = await startConnect(context, {
        streamerId: streamer.id,
        sessionId: viewer.sessionId,
      });
      return { authorization_url: url };
    },
  );

  /** The dashboard hands over what Google sent back, with the session that started it. */
  app.post(
    '/api/streamers/:slug/youtube/connect/complete',
    async (request): Promise<YoutubeChatStatus> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer, viewer } = await requireStreamerAccess(request, slug);
      const { code, state } = parseInput(youtubeConnectCompleteSchema, request.body);
      await completeConnect(context, {
        streamerId: streamer.id,
        sessionId: viewer.sessionId,
        code,
        state,
      });
      youtube.runner.wake();
      return presentStatus(context, streamer.id);
    },
  );

  app.delete('/api/streamers/:slug/youtube', async (request): Promise<YoutubeChatStatus> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    await disconnect(context, streamer.id);
    return presentStatus(context, streamer.id);
  });

  /**
   * Google's redirect URI. The browser carries no session here (sessions are bearer tokens),
   * so this only sends it on to the dashboard of the state's streamer, where the signed-in
   * page completes the connection; the state is checked against that session there.
   */
  app.get('/api/youtube/oauth/callback', async (request, reply) => {
    const query = parseInput(callbackQuery, request.query);
    const slug = query.state ? await slugOfState(context.db, query.state) : null;
    const target = new URLSearchParams({ tab: 'settings', section: 'youtube' });
    if (!slug) {
      return reply.redirect('/dashboard?youtube_error=invalid_state', 303);
    }
    if (query.error || !query.code || !query.state) {
      target.set('youtube_error', query.error ? 'access_denied' : 'invalid_request');
    } else {
      target.set('youtube_code', query.code);
      target.set('youtube_state', query.state);
    }
    reply.header('referrer-policy', 'no-referrer');
    return reply.redirect(`/dashboard/${encodeURIComponent(slug)}?${target.toString()}`, 303);
  });

  app.get('/api/admin/youtube-quota', async (request): Promise<YoutubeQuotaReport> => {
    await requireAdmin(request);
    return context.ledger.report();
  });
};
