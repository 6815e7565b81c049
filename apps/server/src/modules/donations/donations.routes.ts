import type { FastifyPluginAsync } from 'fastify';
import { DONATION_LIMITS, orderRequestSchema } from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { parseInput } from '../../lib/validation.ts';
import { settleFromProvider } from '../payments/payments.service.ts';
import { findStreamerBySlugOrAlias, type Streamer } from '../streamers/streamers.service.ts';
import { ensureFanKey } from './fan-key.ts';
import { StreamerCache } from './streamer-cache.ts';
import {
  presentOrderStatus,
  presentPublicDonation,
  presentPublicStreamer,
} from './donation.presenter.ts';
import {
  createDonationOrder,
  findDonationByOrderId,
  listPaymentEventsForOrder,
  listRecentApprovedDonations,
} from './donations.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const orderParams = z.object({ orderId: z.string().min(1).max(64) });

/** Orders per IP per minute: plenty for a fan, too few for a script. */
const ORDERS_PER_MINUTE = 20;

/**
 * An order is a few short fields and a message of at most 500 characters: even with every
 * character escaped as `\uXXXX\uXXXX` it stays under 8 KB, so a larger body is refused (413).
 */
const ORDER_ROUTE = { bodyLimit: 16 * 1024 };

export const donationRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const ordersByIp = new RateLimiter(ORDERS_PER_MINUTE, 60_000);
  const orderStreamers = new StreamerCache(app.realtime.bus, (slug) =>
    findStreamerBySlugOrAlias(db, slug),
  );

  /** A streamer by slug or old spelling; 404 when neither. */
  async function requireStreamer(slug: string): Promise<Streamer> {
    const streamer = await findStreamerBySlugOrAlias(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    return streamer;
  }

  /** The donation page's profile; also gives a first-time fan their private fan key. */
  app.get('/api/streamers/:slug', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const streamer = await requireStreamer(slug);
    ensureFanKey(request, reply);
    return presentPublicStreamer(streamer, app.payments.provider);
  });

  app.get('/api/streamers/:slug/donations/recent', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const streamer = await requireStreamer(slug);
    const rows = await listRecentApprovedDonations(
      db,
      streamer.id,
      DONATION_LIMITS.recentDonations,
    );
    return { donations: rows.map(presentPublicDonation) };
  });

  app.post('/api/streamers/:slug/orders', ORDER_ROUTE, async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const input = parseInput(orderRequestSchema, request.body);
    ordersByIp.consume(request.ip);
    const streamer = await orderStreamers.get(slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    const order = await createDonationOrder(
      { db, provider: app.payments.provider, publicUrl: app.config.publicUrl },
      streamer,
      input,
      ensureFanKey(request, reply),
    );
    reply.status(201);
    return order;
  });

  /** The status page's check. A pending order is first asked about at the provider, once. */
  app.get('/api/orders/:orderId/status', async (request) => {
    const { orderId } = parseInput(orderParams, request.params);
    let donation = await findDonationByOrderId(db, orderId);
    if (!donation) throw notFound('This order does not exist.', 'order_not_found');
    if (donation.paymentStatus === 'pending') {
      await settleFromProvider(app.payments, orderId);
      donation = (await findDonationByOrderId(db, orderId)) ?? donation;
    }
    return presentOrderStatus(donation, await listPaymentEventsForOrder(db, orderId));
  });
};
