import type { FastifyPluginAsync } from 'fastify';
import type { DashboardDonationList, DashboardStats } from '@shabaash/core';
import { z } from 'zod';
import { parseInput } from '../../lib/validation.ts';
import { isSiteAdmin, requireStreamerAccess } from '../../policies/access.ts';
import { presentDashboardDonation } from './dashboard.presenter.ts';
import { getDonationStats, listDashboardDonations } from './dashboard.queries.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const listQuery = z.object({
  status: z
    .enum(['approved', 'pending'], { error: 'status must be approved or pending.' })
    .default('approved'),
});

/** The streamer dashboard's data (members and admins only). */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.get('/api/streamers/:slug/stats', async (request): Promise<DashboardStats> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return getDonationStats(db, streamer.id);
  });

  app.get('/api/streamers/:slug/donations', async (request): Promise<DashboardDonationList> => {
    const { slug } = parseInput(slugParams, request.params);
    const { status } = parseInput(listQuery, request.query);
    const { streamer, viewer } = await requireStreamerAccess(request, slug);
    const rows = await listDashboardDonations(db, streamer.id, status);
    const showMaskedPhone = isSiteAdmin(viewer);
    return {
      donations: rows.map((row) => presentDashboardDonation(row, { showMaskedPhone, streamer })),
    };
  });
};
