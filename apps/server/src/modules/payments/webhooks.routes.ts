import type { FastifyPluginAsync } from 'fastify';
import { OWN_ACCOUNT_GATEWAYS } from '@shabaash/core';
import { z } from 'zod';
import { badRequest, notFound } from '../../errors.ts';
import { containsUnstorableText } from '../../lib/unstorable-text.ts';
import { parseInput } from '../../lib/validation.ts';
import { handleWebhook } from './payments.service.ts';

const params = z.object({ provider: z.string().max(20) });

/** Webhook bodies are signed byte for byte, so they are kept as the raw string. */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  // Gateways send JSON; a body of any other type is refused (415) before it is read.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/api/payments/webhooks/:provider', async (request) => {
    const { provider } = parseInput(params, request.params);
    if (provider !== app.payments.provider.name) {
      throw notFound(`Webhooks for ${provider} are not enabled here.`, 'provider_not_enabled');
    }
    const rawBody = storableRawBody(request.body);
    const result = await handleWebhook(app.payments, { headers: request.headers, rawBody });
    return { received: true, result };
  });

  /**
   * A creator's own Cashfree or Razorpay account (issue 27) posts here, and only this account's
   * secret verifies it; retired accounts still answer, so orders made before a switch are
   * settled. An account is reached only at its own gateway's path.
   */
  for (const gateway of OWN_ACCOUNT_GATEWAYS) {
    app.post(`/api/payments/webhooks/${gateway}/accounts/:accountId`, async (request) => {
      const { accountId } = parseInput(accountParams, request.params);
      const provider = await app.payouts.providerForAccount(accountId, gateway);
      if (!provider) throw notFound('No such payment account.', 'payout_account_not_found');
      const rawBody = storableRawBody(request.body);
      const result = await handleWebhook(
        { ...app.payments, provider },
        { headers: request.headers, rawBody },
        accountId,
      );
      return { received: true, result };
    });
  }
};

const accountParams = z.object({ accountId: z.uuid() });

/**
 * The raw body, refused when it holds text we never store: webhook bodies skip the app's
 * parsed-body check, because they stay raw for the signature.
 */
function storableRawBody(body: unknown): string {
  const rawBody = typeof body === 'string' ? body : '';
  if (containsUnstorableText(parseJsonOrNull(rawBody))) {
    throw badRequest('The request contains a character that is not allowed.', 'invalid_character');
  }
  return rawBody;
}

/** The body as JSON, or null when it is not JSON (the provider's parser then refuses it). */
function parseJsonOrNull(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return null;
  }
}
