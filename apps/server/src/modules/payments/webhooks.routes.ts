import type { FastifyPluginAsync } from 'fastify';
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
    const rawBody = typeof request.body === 'string' ? request.body : '';
    // Webhook bodies skip the app's parsed-body check (they stay raw for the signature).
    if (containsUnstorableText(parseJsonOrNull(rawBody))) {
      throw badRequest(
        'The request contains a character that is not allowed.',
        'invalid_character',
      );
    }
    const result = await handleWebhook(app.payments, { headers: request.headers, rawBody });
    return { received: true, result };
  });
};

/** The body as JSON, or null when it is not JSON (the provider's parser then refuses it). */
function parseJsonOrNull(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return null;
  }
}
