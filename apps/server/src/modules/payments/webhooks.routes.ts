import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { handleWebhook } from './payments.service.ts';

const params = z.object({ provider: z.string().max(20) });

/** Webhook bodies are signed byte for byte, so they are kept as the raw string. */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
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
    const result = await handleWebhook(app.payments, { headers: request.headers, rawBody });
    return { received: true, result };
  });
};
