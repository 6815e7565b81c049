import type { FastifyPluginAsync } from 'fastify';
import {
  OWN_ACCOUNT_GATEWAYS,
  ownCashfreeConnectSchema,
  ownRazorpayConnectSchema,
  splitVendorSchema,
  type PayoutStatus,
  type SettlementsResponse,
} from '@shabaash/core';
import { z } from 'zod';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { readSettlements } from './settlements.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

/**
 * The dashboard's Payouts section (issue 27): where the page's tips are paid, the creator's own
 * Cashfree or Razorpay account (connect, check again, disconnect). Secrets go in, never come
 * out: answers carry the key id and the secrets' last four characters only.
 */
export const payoutRoutes: FastifyPluginAsync = async (app) => {
  const { payouts } = app;

  app.get('/api/streamers/:slug/payouts', async (request): Promise<PayoutStatus> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return payouts.status(streamer.id);
  });

  app.put('/api/streamers/:slug/payouts/own-cashfree', async (request): Promise<PayoutStatus> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const input = parseInput(ownCashfreeConnectSchema, request.body);
    await payouts.connectOwnCashfree(streamer.id, input);
    return payouts.status(streamer.id);
  });

  app.put('/api/streamers/:slug/payouts/own-razorpay', async (request): Promise<PayoutStatus> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const input = parseInput(ownRazorpayConnectSchema, request.body);
    await payouts.connectOwnRazorpay(streamer.id, input);
    return payouts.status(streamer.id);
  });

  // Checking again and disconnecting act on the page's current own account (one at a time).
  for (const gateway of OWN_ACCOUNT_GATEWAYS) {
    app.post(`/api/streamers/:slug/payouts/own-${gateway}/check`, async (request) => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      await payouts.recheck(streamer.id);
      return payouts.status(streamer.id);
    });

    app.delete(`/api/streamers/:slug/payouts/own-${gateway}`, async (request) => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      await payouts.disconnect(streamer.id);
      return payouts.status(streamer.id);
    });
  }

  /** Onboards the creator as a Cashfree Easy Split vendor (PAN and bank go to Cashfree only). */
  app.put('/api/streamers/:slug/payouts/split-vendor', async (request): Promise<PayoutStatus> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const input = parseInput(splitVendorSchema, request.body);
    await payouts.vendors.onboard(streamer.id, input);
    return payouts.status(streamer.id);
  });

  /** Asks Cashfree about the vendor now (the creator was told it is verified). */
  app.post('/api/streamers/:slug/payouts/split-vendor/check', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    await payouts.vendors.current(streamer.id, { force: true });
    return payouts.status(streamer.id);
  });

  /** The settlements view: each paid tip's fees and settlement, from the gateway's APIs. */
  app.get('/api/streamers/:slug/settlements', async (request): Promise<SettlementsResponse> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return readSettlements({ db: app.database.db, payouts, log: request.log }, streamer.id);
  });
};
