import fs from 'node:fs';
import path from 'node:path';
import {
  formatRupees,
  languageFromCookieHeader,
  orderIdSlug,
  DEFAULT_LANGUAGE,
  type Language,
} from '@shabaash/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { SANDBOX_CHECKOUT_CSP } from '../../web/content-security-policy.ts';
import { findStreamerBySlug } from '../streamers/streamers.service.ts';
import {
  buildSandboxWebhook,
  findSandboxOrder,
  loadSandboxSecret,
  recordSandboxChoice,
  sandboxOrderState,
  type SandboxChoice,
} from './sandbox-gateway.ts';
import { SANDBOX_PAGE_TEXT, sandboxPageText } from './sandbox-page.text.ts';
import { sendCompressedPage } from '../../lib/compressed-page.ts';

const orderParams = z.object({ orderId: z.string().min(1).max(64) });
const choiceBody = z.object({
  result: z.enum(['paid', 'failed', 'cancelled', 'pending'], {
    error: 'Choose paid, failed, cancelled or pending.',
  }),
});
const settleBody = z.object({
  outcome: z.enum(['paid', 'failed', 'cancelled'], { error: 'Choose paid, failed or cancelled.' }),
});

const publicDir = path.join(import.meta.dirname, 'public');
const pageTemplate = fs.readFileSync(path.join(publicDir, 'checkout.html'), 'utf8');
const assets: Record<string, { type: string; body: string }> = {
  'checkout.js': {
    type: 'text/javascript; charset=utf-8',
    body: fs.readFileSync(path.join(publicDir, 'checkout.js'), 'utf8'),
  },
  'checkout.css': {
    type: 'text/css; charset=utf-8',
    body: fs.readFileSync(path.join(publicDir, 'checkout.css'), 'utf8'),
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The built-in sandbox gateway's public face: a simulated UPI checkout page (shown in the
 * donation page's 500×700 modal, or as a full page that returns to /status), and the endpoint a
 * test or an operator uses to settle a pending order later. Registered only in sandbox mode.
 */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  /** Records a checkout choice at the "gateway" and delivers its signed webhook to us. */
  async function choose(orderId: string, choice: SandboxChoice) {
    const recorded = await recordSandboxChoice(db, orderId, choice);
    if (recorded) {
      // An order of a creator's own (simulated) account is signed with that account's secret
      // and sent to the page's own webhook URL, as their gateway account would (issue 27).
      const { payoutAccountId } = await app.payouts.orderAccount(orderId);
      const account = payoutAccountId ? await app.payouts.webhookSigningOf(payoutAccountId) : null;
      const secret = payoutAccountId ? account?.secret : await loadSandboxSecret(db);
      const webhook = secret ? buildSandboxWebhook(secret, recorded.order, recorded.payment) : null;
      // Delivered through our own HTTP route, like a gateway's POST; a failure here is what the
      // reconciler exists for, so it is logged and not retried.
      if (webhook) {
        const response = await app.inject({
          method: 'POST',
          url: account?.path ?? '/api/payments/webhooks/sandbox',
          headers: webhook.headers,
          payload: webhook.body,
        });
        if (response.statusCode >= 300) {
          app.log.warn({ orderId, status: response.statusCode }, 'sandbox webhook delivery failed');
        }
      }
    }
    const order = await findSandboxOrder(db, orderId);
    if (!order) throw notFound('This sandbox order does not exist.', 'order_not_found');
    return sandboxOrderState(order);
  }

  /** The page's language: the fan's choice (their cookie), else the streamer's default. */
  async function checkoutLanguage(cookie: string | undefined, orderId: string): Promise<Language> {
    const fanLanguage = languageFromCookieHeader(cookie);
    if (fanLanguage) return fanLanguage;
    const slug = orderIdSlug(orderId);
    const streamer = slug ? await findStreamerBySlug(db, slug) : null;
    return streamer?.language ?? DEFAULT_LANGUAGE;
  }

  app.get('/sandbox/checkout/:orderId', async (request, reply) => {
    const { orderId } = parseInput(orderParams, request.params);
    const order = await findSandboxOrder(db, orderId);
    if (!order) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Not found</title><p>This sandbox order does not exist.</p>');
    }
    const state = sandboxOrderState(order);
    const language = await checkoutLanguage(request.headers.cookie, order.orderId);
    const amount = formatRupees(order.amountPaise);
    const words = Object.fromEntries(
      Object.keys(SANDBOX_PAGE_TEXT[language]).map((key) => [
        key,
        sandboxPageText(language, key, { name: order.customerName, amount }),
      ]),
    );
    // One pass with a function: a name's `$&`/`$'` or `{{state}}` is never read as a pattern.
    const values: Record<string, string> = {
      ...words,
      lang: language,
      orderId: order.orderId,
      amount,
      state: state.orderStatus,
    };
    const html = pageTemplate.replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) =>
      escapeHtml(values[key] ?? placeholder),
    );
    return sendCompressedPage(
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', SANDBOX_CHECKOUT_CSP)
        .type('text/html; charset=utf-8'),
      html,
    );
  });

  app.get('/sandbox/:asset', async (request, reply) => {
    const asset = assets[(request.params as { asset: string }).asset];
    if (!asset) throw notFound();
    return reply.header('cache-control', 'public, max-age=300').type(asset.type).send(asset.body);
  });

  /** What the checkout page's buttons call. */
  app.post('/sandbox/checkout/:orderId/complete', async (request) => {
    const { orderId } = parseInput(orderParams, request.params);
    const { result } = parseInput(choiceBody, request.body);
    const state = await choose(orderId, result);
    return { order_id: orderId, order_status: state.orderStatus, outcome: state.outcome };
  });

  /** Settles a left-pending order later, as a gateway's delayed webhook would. */
  app.post('/sandbox/orders/:orderId/settle', async (request) => {
    const { orderId } = parseInput(orderParams, request.params);
    const { outcome } = parseInput(settleBody, request.body);
    const state = await choose(orderId, outcome);
    return { order_id: orderId, order_status: state.orderStatus, outcome: state.outcome };
  });
};
