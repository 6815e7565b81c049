import type { FastifyPluginAsync } from 'fastify';
import { DONATION_LIMITS, orderRequestSchema } from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { createStatusChecks } from '../payments/payments.service.ts';
import type { Streamer } from '../../db/schema.ts';
import { readTipAccess } from '../plans/plans.service.ts';
import {
  checkoutAccess,
  orderRouting,
  payoutUnavailable,
} from '../payouts/payout-accounts.service.ts';
import { findStreamerBySlugOrAlias } from '../streamers/streamers.service.ts';
import { ensureFanKey } from './fan-key.ts';
import { StreamerCache } from './streamer-cache.ts';
import { readSpeechPromise } from '../speech/speech.service.ts';
import { readOrderConsents } from '../consent/consent.service.ts';
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

/** Orders per address per minute: plenty for a fan, too few for a script. */
const ORDERS_PER_MINUTE = 20;

/**
 * Status look-ups per address per minute: a fan's status page asks on each visit and each
 * Refresh, and fans behind one carrier-grade NAT address share the allowance; a script
 * hammering the endpoint (and through it the provider) is cut off.
 */
const STATUS_LOOKUPS_PER_MINUTE = 60;

/**
 * An order is a few short fields and a message of at most 500 characters: even with every
 * character escaped as `\uXXXX\uXXXX` it stays under 8 KB, so a larger body is refused (413).
 */
const ORDER_ROUTE = { bodyLimit: 16 * 1024 };

export const donationRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const ordersPerAddress = defineRateLimit(app, {
    name: 'orders',
    max: ORDERS_PER_MINUTE,
    windowMs: 60_000,
  });
  const statusLookupsPerAddress = defineRateLimit(app, {
    name: 'order-status',
    max: STATUS_LOOKUPS_PER_MINUTE,
    windowMs: 60_000,
  });
  const checkAtProvider = createStatusChecks(app.payments);
  // The page's plans are cached with it: a grant or purchase publishes settings_changed too.
  const orderStreamers = new StreamerCache(app.realtime.bus, async (slug) => {
    const streamer = await findStreamerBySlugOrAlias(db, slug);
    return streamer ? { ...streamer, tipAccess: await readTipAccess(db, streamer.id) } : null;
  });

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
    const { provider, access } = await checkoutAccess(
      app.payouts,
      app.payments.provider,
      streamer.id,
      await readTipAccess(db, streamer.id),
    );
    return presentPublicStreamer(
      streamer,
      provider,
      access,
      await readSpeechPromise(db, streamer.id),
    );
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
    await ordersPerAddress.consume(request, reply);
    const streamer = await orderStreamers.get(slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    const route = await app.payouts.routeFor(streamer.id);
    if (!route.provider) throw payoutUnavailable(streamer.name);
    const order = await createDonationOrder(
      {
        db,
        provider: route.provider,
        publicUrl: app.config.publicUrl,
        consentSource: { ip: request.ip, userAgent: request.headers['user-agent'] },
        personalData: app.personalData,
        ...orderRouting(app.payouts, route),
      },
      streamer,
      streamer.tipAccess,
      input,
      ensureFanKey(request, reply),
    );
    // The streamer's activity feed lists every tip as it starts, paid or not.
    app.realtime.bus.publish({ kind: 'donation_created', streamerId: streamer.id });
    reply.status(201);
    return order;
  });

  /**
   * The status page's check. A pending order is first asked about at the provider, at most once
   * every few seconds however many pages look (createStatusChecks); otherwise our record answers.
   */
  app.get('/api/orders/:orderId/status', async (request, reply) => {
    await statusLookupsPerAddress.consume(request, reply);
    const { orderId } = parseInput(orderParams, request.params);
    let donation = await findDonationByOrderId(db, orderId);
    if (!donation) throw notFound('This order does not exist.', 'order_not_found');
    if (donation.paymentStatus === 'pending') {
      await checkAtProvider(orderId);
      donation = (await findDonationByOrderId(db, orderId)) ?? donation;
    }
    return {
      ...presentOrderStatus(donation, await listPaymentEventsForOrder(db, orderId)),
      consent: await readOrderConsents(db, donation),
    };
  });
};
