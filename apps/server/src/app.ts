import helmet from '@fastify/helmet';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseConnection } from './db/client.ts';
import { AppError, badRequest, GENERIC_ERROR_MESSAGE } from './errors.ts';
import { trustProxyOption } from './lib/client-address.ts';
import { registerRateLimits } from './lib/rate-limits.ts';
import {
  configuredOverloadLimits,
  registerOverloadProtection,
  type OverloadLimits,
} from './lib/overload.ts';
import { Metrics, registerMetricsRoute } from './metrics/metrics.ts';
import { backupRoutes } from './modules/backups/backups.routes.ts';
import { createBackupScheduler } from './modules/backups/backups.service.ts';
import { redactUrl } from './lib/redact-url.ts';
import {
  DEFAULT_REQUEST_TIMEOUTS,
  limitBodyTime,
  timeoutServerOptions,
  type RequestTimeouts,
} from './lib/request-timeouts.ts';
import { containsUnstorableText } from './lib/unstorable-text.ts';
import { spoolDirOf, UploadReader } from './lib/upload-reader.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { setPasswordHashCost } from './modules/auth/password.ts';
import { donationRoutes } from './modules/donations/donations.routes.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { leaderboardRoutes } from './modules/leaderboards/leaderboards.routes.ts';
import { OverlayHub } from './modules/overlays/overlay-hub.ts';
import { overlayRoutes } from './modules/overlays/overlay.routes.ts';
import { createPaymentProvider } from './modules/payments/payment-providers.ts';
import type { PaymentsContext } from './modules/payments/payments.service.ts';
import { razorpayRoutes } from './modules/payments/razorpay.routes.ts';
import { startReconciler } from './modules/payments/reconciler.ts';
import { webhookRoutes } from './modules/payments/webhooks.routes.ts';
import {
  createPayoutAccounts,
  type PayoutAccounts,
} from './modules/payouts/payout-accounts.service.ts';
import {
  createCashfreeAccountGateway,
  createRazorpayAccountGateway,
  createSandboxAccountGateway,
} from './modules/payouts/own-account-gateway.ts';
import { payoutRoutes } from './modules/payouts/payouts.routes.ts';
import {
  createCashfreeSplitGateway,
  createSandboxSplitGateway,
  createSplitVendors,
} from './modules/payouts/split-vendors.service.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { inviteRoutes } from './modules/invites/invites.routes.ts';
import { dashboardRoutes } from './modules/donations/dashboard.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import {
  createTelegramModeration,
  type TelegramModeration,
} from './modules/telegram/telegram-bot.ts';
import { startTelegramUpdates } from './modules/telegram/telegram-updates.ts';
import { telegramRoutes } from './modules/telegram/telegram.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { streamControlRoutes } from './modules/stream-control/stream-control.routes.ts';
import { streamerRoutes } from './modules/streamers/streamers.routes.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { startVoiceUploadCleanup } from './modules/uploads/uploads.service.ts';
import { voiceMessageRoutes } from './modules/voice-messages/voice-messages.routes.ts';
import { mediaTipRoutes } from './modules/media-tips/media-tips.routes.ts';
import { startMediaCleanup } from './modules/media-tips/media-tips.service.ts';
import { EventBus } from './realtime/event-bus.ts';
import { SseRegistry } from './realtime/sse.ts';
import { configuredStreamCaps, StreamLimits, type StreamCaps } from './realtime/stream-limits.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import { webRoutes } from './web/web.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { SpeechRunner } from './modules/speech/speech-jobs.ts';
import { WriteActivity } from './lib/write-activity.ts';
import { busTransportFor } from './realtime/bus-transports.ts';
import type { SpeechProvider } from './modules/speech/speech-provider.ts';
import { createSpeechProvider } from './modules/speech/speech-providers.ts';
import { speechRoutes } from './modules/speech/speech.routes.ts';
import { createPlanChangeHandler, startHostingReminders } from './modules/plans/plan-mail.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { createYoutubeChat, type YoutubeChat } from './modules/youtube/youtube-setup.ts';
import { youtubeRoutes } from './modules/youtube/youtube.routes.ts';
import {
  createPersonalData,
  sealLegacyPhones,
  sealLegacySitePhones,
  type PersonalData,
} from './modules/privacy/personal-data.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { startRetention } from './modules/privacy/retention.service.ts';
import { createSmsSender, type SmsSender } from './modules/sms/sms-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseConnection;
    payments: PaymentsContext;
    realtime: { bus: EventBus; sse: SseRegistry; overlays: OverlayHub };
    /** The multipart reader of every upload route (its in-progress caps count them all). */
    uploads: UploadReader;
    /** The Telegram moderation bot, when TELEGRAM_BOT_TOKEN is set. */
    telegram: TelegramModeration | null;
    /** Every account e-mail: SMTP with SMTP_URL, else the DATA_DIR/outbox folder. */
    mailer: Mailer;
    /** Renders tips read aloud in the background (issue 23). */
    speech: SpeechRunner;
    /** Posts paid tips to creators' YouTube live chats (issue 30). */
    youtube: YoutubeChat;
    /** Creators' own gateway accounts and each page's payment route (issue 27). */
    payouts: PayoutAccounts;
    /** Prometheus series, when METRICS_TOKEN or METRICS_PORT asks for them. */
    metrics: Metrics | null;
    /** Set on SIGTERM: /healthz answers 503 so the proxy sends new requests elsewhere. */
    lifecycle: { isDraining: boolean };
    /** Seals fans' phone numbers and keys their look-up index (issue 29). */
    personalData: PersonalData;
    /** The rights page's one-time codes: Twilio, else DATA_DIR/sms-outbox (issue 29). */
    sms: SmsSender;
  }
}

/** How often the Monthly Hosting reminder check runs; it e-mails 3 days before the end. */
const HOSTING_REMINDER_INTERVAL_MS = 3_600_000;

export type AppDependencies = {
  config: Config;
  database: DatabaseConnection;
  /** Starts the reconciler and other timers; off in tests, which drive them by hand. */
  backgroundJobs?: boolean;
  /** Hears every route as it is registered (the authorization matrix test lists them so). */
  onRoute?: (route: RouteOptions) => void;
  /** Replaces some stream caps (tests use small ones; benchmarks open thousands of overlays). */
  streamCaps?: Partial<StreamCaps>;
  /** Replaces some request timeouts (tests use short ones). */
  timeouts?: Partial<RequestTimeouts>;
  /** Where log lines go instead of stdout (tests read the access log). */
  logStream?: { write(line: string): void };
  /** Replaces some overload limits (tests use impossible ones and a short sample interval). */
  overload?: Partial<OverloadLimits>;
  /** Replaces the configured speech provider (tests use a controllable one). */
  speechProvider?: SpeechProvider;
};

/** Builds the HTTP application: every module's routes, the error shape, and the web app. */
export async function buildApp({
  config,
  database,
  backgroundJobs = false,
  onRoute,
  streamCaps,
  timeouts: timeoutOverrides,
  logStream,
  overload,
  speechProvider,
}: AppDependencies): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_REQUEST_TIMEOUTS, ...timeoutOverrides };
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  const app = Fastify({
    ...timeoutServerOptions(timeouts),
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.phone'],
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new OneLineRequestLog(),
    // Which proxies may name the client (X-Forwarded-For); none unless TRUST_PROXY says so.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // Keep-alive connections that are idle are closed at shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    // Errors the router raises before any route runs (a malformed URL), in our shape too.
    frameworkErrors: (error, _request, reply) => {
      // This hook's reply type has unresolved route generics; it is an ordinary reply.
      void (reply as unknown as FastifyReply)
        .status(400)
        .send(errorBody('bad_request', error.message));
    },
  });
  // Before any plugin, so routes registered inside plugins are heard too.
  if (onRoute) app.addHook('onRoute', onRoute);
  // Before any route too (the not-found one included): a trickled body is cut everywhere.
  limitBodyTime(app, timeouts.bodyMs);

  // Baseline security headers on every answer. API answers may run nothing and be framed by no
  // one; web pages replace the CSP with their own (web/content-security-policy.ts).
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: false, // frame-ancestors in the CSP decides, page by page
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Payment checkouts may open popups that talk back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });

  // Per-client limits the routes consult (lib/rate-limits.ts), shared by instances on PostgreSQL.
  await registerRateLimits(app, database);

  app.decorate('config', config);
  app.decorate('database', database);
  const bus = new EventBus(database, app.log, busTransportFor(config, database.pool, app.log));
  await bus.start();
  const sse = new SseRegistry(
    new StreamLimits({ ...configuredStreamCaps(config), ...streamCaps }),
    bus,
  );
  const overlays = new OverlayHub(
    database.db,
    bus,
    app.log,
    config.ALERT_FRESH_REPLAY_SECONDS * 1000,
  );
  app.decorate('realtime', { bus, sse, overlays });
  app.decorate('lifecycle', { isDraining: false });
  // While draining, every answer closes its connection: the client's next request goes to
  // another instance, and close() need not wait out a busy keep-alive socket's 72 s timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.isDraining) reply.header('connection', 'close');
  });
  const metrics = config.METRICS_TOKEN || config.METRICS_PORT ? new Metrics(database, sse) : null;
  app.decorate('metrics', metrics);
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));
    overlays.onAlertWritten = (createdAt) => metrics.alertDelivered(createdAt);
  }
  // Past the event-loop or memory limit, non-essential requests are refused at once (503).
  await registerOverloadProtection(app, { ...configuredOverloadLimits(config), ...overload }, () =>
    metrics?.shedRequests.inc(),
  );
  const uploads = new UploadReader(spoolDirOf(config.dataDir));
  await uploads.removeLeftovers();
  app.decorate('uploads', uploads);
  // Open streams would keep the server from closing; end them first, then stop listening.
  app.addHook('preClose', async () => {
    sse.closeAll();
    await overlays.close();
  });
  app.addHook('onClose', async () => bus.close());

  const telegram = config.TELEGRAM_BOT_TOKEN
    ? createTelegramModeration({
        token: config.TELEGRAM_BOT_TOKEN,
        apiRoot: config.TELEGRAM_API_ROOT,
        db: database.db,
        bus,
        log: app.log,
        storage: createFileStorage(config),
      })
    : null;
  app.decorate('telegram', telegram);

  const mailer = createMailer(config, app.log);
  app.decorate('mailer', mailer);
  const personalData = createPersonalData(config);
  app.decorate('personalData', personalData);
  app.decorate('sms', createSmsSender(config, app.log));
  app.addHook('onClose', async () => mailer.close());

  // Background jobs give way to payment webhooks and orders (see WriteActivity).
  const writes = new WriteActivity();
  app.addHook('onRequest', async (request, reply) => writes.track(request, reply));
  const speech = new SpeechRunner({
    db: database.db,
    writeWithoutFlushWait: database.writeWithoutFlushWait,
    storage: createFileStorage(config),
    provider: speechProvider ?? createSpeechProvider(config),
    log: app.log,
    concurrency: config.SPEECH_CONCURRENCY,
    waitForQuiet: () => writes.quiet(),
  });
  app.decorate('speech', speech);
  app.addHook('onClose', async () => speech.close());

  const youtube = createYoutubeChat(config, database.db, app.log);
  app.decorate('youtube', youtube);
  app.addHook('onClose', async () => youtube.runner.close());

  const payouts = createPayoutAccounts({
    config,
    db: database.db,
    log: app.log,
    platform: () => app.payments.provider,
    vendors: createSplitVendors({
      config,
      db: database.db,
      log: app.log,
      gateway:
        config.PAYMENT_PROVIDER === 'sandbox'
          ? createSandboxSplitGateway()
          : createCashfreeSplitGateway(config),
    }),
    gateways:
      config.PAYMENT_PROVIDER === 'sandbox'
        ? {
            cashfree: createSandboxAccountGateway(database.db, 'cashfree'),
            razorpay: createSandboxAccountGateway(database.db, 'razorpay'),
          }
        : {
            cashfree: createCashfreeAccountGateway(config),
            razorpay: createRazorpayAccountGateway(config, database.db),
          },
  });
  app.decorate('payouts', payouts);

  app.decorate('payments', {
    db: database.db,
    provider: createPaymentProvider(config, database.db),
    log: app.log,
    // Each order is looked up (and its webhooks taken) with the account it was made with.
    orderAccount: (orderId) => payouts.orderAccount(orderId),
    // After commit: dashboards hear about the change, overlays about a new alert.
    onPaymentChanged: ({ donation, alertId, alert }) => {
      bus.publish({
        kind: 'donation_changed',
        streamerId: donation.streamerId,
        donationId: donation.id,
      });
      if (donation.paymentStatus === 'success') metrics?.tipPaid(donation.amountPaise);
      if (alertId !== null) {
        bus.publish({
          kind: 'alert',
          streamerId: donation.streamerId,
          alertId,
          ...(alert ? { alert } : {}),
        });
        // Speech is rendered in the background, after the webhook has been answered.
        speech.requestForAlert(alertId).catch((error: unknown) => {
          app.log.warn({ err: error, alertId }, 'could not request speech for the alert');
        });
        // The tip goes to the creator's YouTube live chat in the background too.
        youtube.runner.requestForAlert(alertId).catch((error: unknown) => {
          app.log.warn({ err: error, alertId }, 'could not request the YouTube chat post');
        });
      }
      // A paid donation held for review goes to the streamer's Telegram moderators.
      const needsReview =
        donation.paymentStatus === 'success' && donation.moderationStatus === 'pending';
      if (telegram && needsReview) {
        telegram.requestReview(donation.id).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not send the review request to Telegram');
        });
      }
    },
    // A paid plan order: the page's tip types change, and the buyer gets a receipt.
    onPlanChanged: createPlanChangeHandler({
      db: database.db,
      mailer,
      log: app.log,
      publicUrl: config.publicUrl,
      bus,
    }),
  } satisfies PaymentsContext);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // Our own 5xx (a provider outage, say) still deserves a trace in the logs.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal_error', GENERIC_ERROR_MESSAGE));
    }
    return reply.status(status).send(clientErrorBody(error, status));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));
  });

  // Text the database cannot store (a NUL, half an emoji) is refused before any handler runs.
  app.addHook('preHandler', async (request) => {
    if ([request.params, request.query, request.body].some(containsUnstorableText)) {
      throw badRequest(
        'The request contains a character that is not allowed.',
        'invalid_character',
      );
    }
  });

  await app.register(healthRoutes);
  if (metrics && config.METRICS_TOKEN) registerMetricsRoute(app, metrics, config.METRICS_TOKEN);
  await app.register(backupRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(donationRoutes);
  await app.register(consentRoutes);
  await app.register(webhookRoutes);
  await app.register(razorpayRoutes);
  await app.register(overlayRoutes);
  await app.register(dashboardRoutes);
  await app.register(moderationRoutes);
  await app.register(telegramRoutes);
  await app.register(streamControlRoutes);
  if (app.payments.provider.name === 'sandbox') await app.register(sandboxRoutes);
  await app.register(streamerRoutes);
  await app.register(siteRoutes);
  await app.register(uploadRoutes);
  await app.register(voiceMessageRoutes);
  await app.register(mediaTipRoutes);
  await app.register(speechRoutes);
  await app.register(leaderboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(settingsRoutes);
  await app.register(inviteRoutes);
  await app.register(planRoutes);
  await app.register(youtubeRoutes);
  await app.register(payoutRoutes);
  await app.register(privacyRoutes);
  await app.register(webRoutes, { distDir: config.webDistDir });

  if (backgroundJobs) {
    speech.start();
    youtube.runner.start();
    const stopReconciler = startReconciler(app.payments, config.RECONCILE_INTERVAL_MS);
    app.addHook('onClose', async () => stopReconciler());
    if (config.BACKUP_TIME !== 'off') {
      const backups = createBackupScheduler(config, database, app.log, bus.instanceId);
      const stopBackups = backups.start();
      app.addHook('onClose', async () => stopBackups());
    }
    const stopHostingReminders = startHostingReminders(
      { db: database.db, mailer, log: app.log, publicUrl: config.publicUrl },
      HOSTING_REMINDER_INTERVAL_MS,
    );
    app.addHook('onClose', async () => stopHostingReminders());
    // Phone numbers stored in clear before issue 29 are sealed once, in the background.
    // So are leads' and contact messages' phone numbers stored before they were encrypted.
    sealLegacyPhones(database.db, personalData, app.log)
      .then(() => sealLegacySitePhones(database.db, personalData, app.log))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'could not seal the phone numbers stored in clear');
      });
    const stopRetention = startRetention({
      db: database.db,
      storage: createFileStorage(config),
      log: app.log,
      instanceId: bus.instanceId,
    });
    app.addHook('onClose', async () => stopRetention());
    const stopVoiceCleanup = startVoiceUploadCleanup({
      db: database.db,
      storage: createFileStorage(config),
      log: app.log,
    });
    app.addHook('onClose', async () => stopVoiceCleanup());
    const stopMediaCleanup = startMediaCleanup({
      db: database.db,
      storage: createFileStorage(config),
      log: app.log,
    });
    app.addHook('onClose', async () => stopMediaCleanup());
    if (telegram) {
      const updates = startTelegramUpdates(telegram, {
        webhookUrl: config.TELEGRAM_WEBHOOK_URL,
        database,
        log: app.log,
      });
      // Before the database closes: the update being handled still needs it.
      app.addHook('preClose', () => updates.stop());
    }
  }

  return app;
}

/** Fastify's own request fields for a log line, with the URL's secrets replaced. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * One access-log line per request instead of Fastify's two ("incoming request" and "request
 * completed"): at a thousand donations a second, serialising and writing each line is a
 * measurable share of the server's CPU (bench/throughput.bench.ts).
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in our shape. */
function clientErrorBody(error: FastifyError, status: number) {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errorBody('invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody('invalid_json', 'The request body is empty; JSON was expected.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody('body_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody('unsupported_media_type', 'This content type is not accepted here.');
    default:
      if (error instanceof SyntaxError) {
        return errorBody('invalid_json', 'The request body is not valid JSON.');
      }
      return errorBody(status === 429 ? 'rate_limited' : 'bad_request', error.message);
  }
}
