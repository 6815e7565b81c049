import type { FastifyPluginAsync } from 'fastify';
import { WITHDRAWABLE_PURPOSES, type OrderConsents } from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { readOrderConsents, withdrawOrderConsent } from './consent.service.ts';

const orderParams = z.object({ orderId: z.string().min(1).max(64) });
const withdrawalBody = z.object({
  purpose: z.enum(WITHDRAWABLE_PURPOSES, { error: 'Please say which consent to withdraw.' }),
});

/** Withdrawals per address per minute: a fan clicks once or twice; a script guessing ids stops. */
const WITHDRAWALS_PER_MINUTE = 20;

/**
 * A fan's consent withdrawal (issue 29): one click on the receipt page, whose private order id
 * is the credential, as it is for the status look-up. Answers the tip's consents as they now are.
 */
export const consentRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const withdrawalsPerAddress = defineRateLimit(app, {
    name: 'consent-withdrawals',
    max: WITHDRAWALS_PER_MINUTE,
    windowMs: 60_000,
  });

  app.post(
    '/api/orders/:orderId/consent/withdraw',
    async (request, reply): Promise<{ consent: OrderConsents }> => {
      await withdrawalsPerAddress.consume(request, reply);
      const { orderId } = parseInput(orderParams, request.params);
      const { purpose } = parseInput(withdrawalBody, request.body);
      const result = await withdrawOrderConsent(db, orderId, purpose, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (!result) throw notFound('This order does not exist.', 'order_not_found');
      if (result.changed && purpose === 'stream_display') {
        // Pages showing the public lists, the dashboard and the audio player read it again.
        app.realtime.bus.publish({
          kind: 'donation_changed',
          streamerId: result.donation.streamerId,
          donationId: result.donation.id,
        });
      }
      return { consent: await readOrderConsents(db, result.donation) };
    },
  );
};
