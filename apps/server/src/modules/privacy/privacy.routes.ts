import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { orderRequestSchema, phoneSchema, RIGHTS_ANSWER_DAYS } from '@shabaash/core';
import { z } from 'zod';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAdmin, requireUser } from '../../policies/access.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { actorOf, recordAudit } from '../settings/settings-audit.service.ts';
import { BackgroundTasks } from '../site/background-tasks.ts';
import { listPrivacyRequests, listRetentionRuns, RETENTION_RULES } from './retention.service.ts';
import {
  eraseCreatorAccount,
  exportAccountData,
  openAccountErasure,
  requestAccountErasure,
} from './rights-account.service.ts';
import {
  CODE_TTL_MS,
  correctName,
  eraseTips,
  exportData,
  openWithReceipt,
  requireSubject,
  sendCode,
  summarize,
  verifyCode,
  type RightsContext,
} from './rights.service.ts';

const codeRequest = z.object({ phone: phoneSchema });
const sessionRequest = z.union([
  z.object({
    phone: phoneSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS.'),
  }),
  z.object({ order_id: z.string().trim().min(1).max(64) }),
]);
const nameRequest = z.object({ name: orderRequestSchema.shape.name });
const requestParams = z.object({
  requestId: z.uuid('No such account erasure request.'),
});

/** Codes asked for per address per hour, and per phone number per 15 minutes. */
const CODES_PER_ADDRESS_PER_HOUR = 10;
const CODES_PER_PHONE_PER_WINDOW = 3;
/** Code and receipt checks per address per 15 minutes (each code also allows only 5 tries). */
const CHECKS_PER_ADDRESS = 30;

const tokenOf = (request: FastifyRequest) => {
  const header = request.headers['x-privacy-token'];
  return typeof header === 'string' ? header : undefined;
};

/** The rights page (`/privacy/my-data`), a creator's own data, and the admin's Privacy tab. */
export const privacyRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const context: RightsContext = {
    db,
    personalData: app.personalData,
    sms: app.sms,
    storage: createFileStorage(app.config),
    log: app.log,
  };
  const background = new BackgroundTasks(app.log);
  app.addHook('onClose', () => background.drain());
  const codesPerAddress = defineRateLimit(app, {
    name: 'privacy-codes',
    max: CODES_PER_ADDRESS_PER_HOUR,
    windowMs: 3_600_000,
  });
  const codesPerPhone = defineRateLimit(app, {
    name: 'privacy-codes-phone',
    max: CODES_PER_PHONE_PER_WINDOW,
    windowMs: 15 * 60_000,
    message: 'Too many codes for this number. Please wait 15 minutes.',
    // The phone's blind index, so the counter table never holds the number.
    keyOf: (request) => app.personalData.phoneIndex(parseInput(codeRequest, request.body).phone),
  });
  const checksPerAddress = defineRateLimit(app, {
    name: 'privacy-checks',
    max: CHECKS_PER_ADDRESS,
    windowMs: 15 * 60_000,
  });

  /** The grievance officer, answer time and retention table the privacy policy shows. */
  app.get('/api/privacy/contact', async () => ({
    grievance_officer: {
      name: app.config.GRIEVANCE_OFFICER_NAME ?? null,
      email: app.config.GRIEVANCE_OFFICER_EMAIL ?? null,
      phone: app.config.GRIEVANCE_OFFICER_PHONE ?? null,
    },
    answer_days: RIGHTS_ANSWER_DAYS,
    retention: RETENTION_RULES,
  }));

  /**
   * Answers at once and sends after the reply: a number that tipped (a code and an SMS) and one
   * that did not (nothing) must not differ in time either. A failed SMS is logged; the fan asks
   * again.
   */
  app.post('/api/privacy/codes', async (request, reply) => {
    const { phone } = parseInput(codeRequest, request.body);
    await codesPerAddress.consume(request, reply);
    await codesPerPhone.consume(request, reply);
    background.run('could not send the rights-page code', {}, () => sendCode(context, phone));
    reply.status(202);
    return { sent: true, expires_in_seconds: CODE_TTL_MS / 1000 };
  });

  app.post('/api/privacy/sessions', async (request, reply) => {
    const input = parseInput(sessionRequest, request.body);
    await checksPerAddress.consume(request, reply);
    const session =
      'code' in input
        ? await verifyCode(context, input.phone, input.code)
        : await openWithReceipt(db, input.order_id);
    reply.status(201);
    return { token: session.token, expires_at: session.expiresAt.toISOString() };
  });

  app.get('/api/privacy/my-data', async (request, reply) => {
    const subject = await requireSubject(db, tokenOf(request));
    reply.header('cache-control', 'no-store');
    return summarize(context, subject);
  });

  app.get('/api/privacy/my-data/download', async (request, reply) => {
    const subject = await requireSubject(db, tokenOf(request));
    const data = await exportData(context, subject);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="shabaash-my-data.json"')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.put('/api/privacy/my-data/name', async (request) => {
    const subject = await requireSubject(db, tokenOf(request));
    const { name } = parseInput(nameRequest, request.body);
    return correctName(context, subject, name);
  });

  app.post('/api/privacy/my-data/erasure', async (request) => {
    const subject = await requireSubject(db, tokenOf(request));
    return eraseTips(context, subject);
  });

  // ── a creator's own account (dashboard → Account) ───────────────────────────────────────

  app.get('/api/account/my-data', async (request, reply) => {
    const viewer = await requireUser(request);
    const data = await exportAccountData(db, viewer.id);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="shabaash-account-data.json"')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.get('/api/account/erasure', async (request) => {
    const viewer = await requireUser(request);
    return { request: await openAccountErasure(db, viewer.id), answer_days: RIGHTS_ANSWER_DAYS };
  });

  app.post('/api/account/erasure', async (request, reply) => {
    const viewer = await requireUser(request);
    reply.status(202);
    return { request: await requestAccountErasure(db, viewer.id), answer_days: RIGHTS_ANSWER_DAYS };
  });

  // ── admin console: Privacy tab ───────────────────────────────────────────────────────────

  app.get('/api/admin/privacy', async (request) => {
    const viewer = await requireAdmin(request);
    // The request log names subjects by hash or account id only, but it is still looked at.
    await recordAudit(db, {
      streamerId: null,
      actor: actorOf(viewer),
      changes: [
        {
          section: 'personal_data',
          field: 'viewed:privacy_requests',
          oldValue: null,
          newValue: null,
        },
      ],
    });
    return {
      rules: RETENTION_RULES,
      runs: await listRetentionRuns(db),
      requests: await listPrivacyRequests(db),
      answer_days: RIGHTS_ANSWER_DAYS,
    };
  });

  /**
   * Carries out a creator's open account erasure request (README, "Personal data"), once the
   * operator has settled what the account is owed; audited. Its live sessions end at once.
   */
  app.post('/api/admin/privacy/requests/:requestId/erase', async (request) => {
    const viewer = await requireAdmin(request);
    const { requestId } = parseInput(requestParams, request.params);
    const erased = await eraseCreatorAccount(db, requestId, actorOf(viewer));
    for (const sessionId of erased.revokedSessionIds) {
      app.realtime.bus.publish({ kind: 'session_revoked', sessionId });
    }
    for (const membership of erased.removedMemberships) {
      app.realtime.bus.publish({ kind: 'member_removed', ...membership });
    }
    return { request: erased.request };
  });
};
