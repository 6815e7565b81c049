import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../errors.ts';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { findDonationByOrderId } from '../donations/donations.service.ts';
import { settleFromProvider } from './payments.service.ts';
import { isValidRazorpayPaymentSignature } from './providers/razorpay.provider.ts';

/** What checkout.js hands its success handler, plus our order id. */
const verifyBody = z.object({
  order_id: z.string().min(1).max(64),
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/i),
});

/** Checks per address per minute: a fan needs one, a replayed signature gets no free look-ups. */
const VERIFY_PER_MINUTE = 20;

/**
 * POST /api/payments/razorpay/verify: the browser reports checkout.js's success callback. The
 * signature is checked against Razorpay's order id stored on our server (never the one the
 * browser sends); a valid one only prompts a look-up at Razorpay, whose answer moves the money
 * state, so a tampered or replayed callback changes nothing by itself.
 */
export const razorpayRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const verifiesPerAddress = defineRateLimit(app, {
    name: 'razorpay-verify',
    max: VERIFY_PER_MINUTE,
    windowMs: 60_000,
  });

  // Razorpay's checkout runs for the platform's Razorpay account, or a creator's own (issue 27).
  const isPlatformRazorpay = () =>
    app.payments.provider.name === 'razorpay' && Boolean(app.config.RAZORPAY_KEY_SECRET);
  const takesRazorpay = () => isPlatformRazorpay() || app.payouts.modes.includes('own_razorpay');

  app.post('/api/payments/razorpay/verify', async (request, reply) => {
    const notEnabled = () =>
      notFound('Payments with razorpay are not enabled here.', 'provider_not_enabled');
    if (!takesRazorpay()) throw notEnabled();
    const input = parseInput(verifyBody, request.body);
    await verifiesPerAddress.consume(request, reply);

    const donation = await findDonationByOrderId(db, input.order_id);
    if (!donation || donation.provider !== 'razorpay' || !donation.providerOrderId) {
      throw notFound('This order does not exist.', 'order_not_found');
    }
    // Signed with the key secret of the account the order was made with.
    const keySecret = donation.payoutAccountId
      ? await app.payouts.razorpayKeySecretOf(donation.payoutAccountId)
      : isPlatformRazorpay()
        ? app.config.RAZORPAY_KEY_SECRET
        : null;
    if (!keySecret) throw notEnabled();
    const isValid = isValidRazorpayPaymentSignature({
      keySecret,
      providerOrderId: donation.providerOrderId,
      paymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature.toLowerCase(),
    });
    if (!isValid) throw badRequest('Payment verification failed.', 'invalid_signature');

    if (donation.paymentStatus !== 'success')
      await settleFromProvider(app.payments, donation.orderId);
    const current = (await findDonationByOrderId(db, donation.orderId)) ?? donation;
    return { order_id: current.orderId, verified: true, final_status: current.paymentStatus };
  });
};
