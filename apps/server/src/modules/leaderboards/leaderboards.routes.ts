import type { FastifyPluginAsync } from 'fastify';
import {
  LEADERBOARD_LIMITS,
  goalCreateSchema,
  goalUpdateSchema,
  leaderboardQuerySchema,
  leaderboardSettingsSchema,
  supporterMergeSchema,
  widgetLeaderboardQuerySchema,
  type DashboardLeaderboardResponse,
  type GoalResponse,
  type LeaderboardResponse,
  type LeaderboardSettings,
  type SupporterMergeResponse,
  type WidgetLeaderboardResponse,
  type WidgetRecentResponse,
} from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { presentPublicDonation } from '../donations/donation.presenter.ts';
import { listRecentApprovedDonations } from '../donations/donations.service.ts';
import { requireOverlayToken } from '../overlays/overlay.routes.ts';
import type { Streamer } from '../../db/schema.ts';
import { findStreamerBySlugOrAlias } from '../streamers/streamers.service.ts';
import { closeGoal, createGoal, getCurrentGoal, updateGoal } from './goals.service.ts';
import {
  presentDashboardLeaderboardEntry,
  presentLeaderboardEntry,
} from './leaderboard.presenter.ts';
import { getLeaderboard, setShowLeaderboard } from './leaderboards.service.ts';
import { mergeSupportersNamed } from './supporter-merges.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

/**
 * Fan leaderboards, donation goals and the stream widgets' data (issue 11), for three
 * audiences: the public donation page, the streamer's members and admins (dashboard), and OBS
 * widgets holding the streamer's OBS token.
 */
export const leaderboardRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  async function requirePublicStreamer(slug: string): Promise<Streamer> {
    const streamer = await findStreamerBySlugOrAlias(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    return streamer;
  }

  // ── donation page (public) ──────────────────────────────────────────────────────────────

  /** Top supporters for the donation page; 404 `leaderboard_hidden` when the streamer opted out. */
  app.get('/api/streamers/:slug/leaderboard', async (request): Promise<LeaderboardResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const { period } = parseInput(leaderboardQuerySchema, request.query);
    const streamer = await requirePublicStreamer(slug);
    if (!streamer.showLeaderboard) {
      throw notFound('This streamer does not show a leaderboard.', 'leaderboard_hidden');
    }
    const rows = await getLeaderboard(db, streamer.id, period, {
      limit: LEADERBOARD_LIMITS.publicEntries,
    });
    return { period, entries: rows.map(presentLeaderboardEntry) };
  });

  /** The open goal and its progress; `{ goal: null }` when there is none. */
  app.get('/api/streamers/:slug/goal', async (request): Promise<GoalResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const streamer = await requirePublicStreamer(slug);
    return { goal: await getCurrentGoal(db, streamer.id) };
  });

  // ── dashboard (members and admins) ──────────────────────────────────────────────────────

  app.get(
    '/api/streamers/:slug/supporters',
    async (request): Promise<DashboardLeaderboardResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      const { period } = parseInput(leaderboardQuerySchema, request.query);
      const rows = await getLeaderboard(db, streamer.id, period, {
        limit: LEADERBOARD_LIMITS.dashboardEntries,
      });
      return {
        period,
        show_leaderboard: streamer.showLeaderboard,
        entries: rows.map(presentDashboardLeaderboardEntry),
      };
    },
  );

  /** Merges every supporter row of a name into one (the same fan from several browsers). */
  app.post(
    '/api/streamers/:slug/supporters/merge',
    async (request): Promise<SupporterMergeResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      const { name } = parseInput(supporterMergeSchema, request.body);
      return mergeSupportersNamed(db, streamer.id, name);
    },
  );

  app.put('/api/streamers/:slug/leaderboard-settings', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const input = parseInput(leaderboardSettingsSchema, request.body);
    const isShown = await setShowLeaderboard(db, streamer.id, input.show_leaderboard);
    return { show_leaderboard: isShown } satisfies LeaderboardSettings;
  });

  /** Starts a new goal now, replacing the open one. */
  app.post('/api/streamers/:slug/goal', async (request, reply): Promise<GoalResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const input = parseInput(goalCreateSchema, request.body);
    reply.status(201);
    return { goal: await createGoal(db, streamer.id, input) };
  });

  /** Edits the open goal's title, target or end date, keeping its progress. */
  app.patch('/api/streamers/:slug/goal', async (request): Promise<GoalResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const input = parseInput(goalUpdateSchema, request.body);
    return { goal: await updateGoal(db, streamer.id, input) };
  });

  app.delete('/api/streamers/:slug/goal', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    await closeGoal(db, streamer.id);
    return reply.status(204).send();
  });

  // ── OBS widgets (the streamer's OBS token) ──────────────────────────────────────────────

  app.get(
    '/api/overlay/:slug/widgets/leaderboard',
    async (request): Promise<WidgetLeaderboardResponse> => {
      const { streamer } = await requireOverlayToken(request);
      const { period, limit } = parseInput(widgetLeaderboardQuerySchema, request.query);
      const rows = await getLeaderboard(db, streamer.id, period, { limit });
      return { streamer_name: streamer.name, period, entries: rows.map(presentLeaderboardEntry) };
    },
  );

  app.get('/api/overlay/:slug/widgets/goal', async (request): Promise<GoalResponse> => {
    const { streamer } = await requireOverlayToken(request);
    return { goal: await getCurrentGoal(db, streamer.id) };
  });

  app.get('/api/overlay/:slug/widgets/recent', async (request): Promise<WidgetRecentResponse> => {
    const { streamer } = await requireOverlayToken(request);
    const rows = await listRecentApprovedDonations(
      db,
      streamer.id,
      LEADERBOARD_LIMITS.recentSupporters,
    );
    return { donations: rows.map(presentPublicDonation) };
  });
};
