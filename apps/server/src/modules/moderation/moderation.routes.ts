import type { FastifyPluginAsync } from 'fastify';
import type { ModerationDecisionResponse } from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess, requireUser } from '../../policies/access.ts';
import { findDonationWithStreamer } from '../donations/dashboard.queries.ts';
import { presentDashboardDonation } from '../donations/dashboard.presenter.ts';
import { moderateDonation } from './commands/moderate-donation.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { deleteMediaOfRejected } from '../media-tips/media-tips.service.ts';

const params = z.object({ id: z.uuid('Unknown donation.') });

/** Approve / Reject from the dashboard; the streamer's members and admins only. */
export const moderationRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const storage = createFileStorage(app.config);

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/api/donations/:id/${decision}`, async (request) => {
      const { id } = parseInput(params, request.params);
      // Signed-out callers learn nothing, not even whether the donation exists.
      await requireUser(request);
      const found = await findDonationWithStreamer(db, id);
      if (!found) throw notFound('This donation does not exist.', 'donation_not_found');
      const { viewer } = await requireStreamerAccess(request, found.streamer.slug);
      const { donation } = await moderateDonation(
        { db, bus: app.realtime.bus },
        { donationId: id, decision, actor: `dashboard:${viewer.email}` },
      );
      // A rejected media tip's file is deleted at once (issue 26).
      if (decision === 'reject' && donation.mediaUploadId) {
        await deleteMediaOfRejected({ db, storage, log: request.log }, donation.id);
      }
      return {
        donation: presentDashboardDonation(
          { donation, voice: found.voice, media: decision === 'reject' ? null : found.media },
          { showMaskedPhone: false, streamer: found.streamer },
        ),
      } satisfies ModerationDecisionResponse;
    });
  }
};
