import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, validated once at start-up.
 * Nothing else in the server reads process.env.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  /** TCP port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to bind; 0.0.0.0 serves the network, 127.0.0.1 only this machine. */
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of this deployment, used in links, webhooks and return URLs. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Folder for the embedded database and local uploads. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Maximum connections in the PostgreSQL pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * `false` sends every statement unprepared, for a connection pooler that does not keep a
   * client's prepared statements (PgBouncer in transaction mode before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * How instances share events: `postgres` (LISTEN/NOTIFY on DATABASE_URL) or `redis`
   * (PUBLISH/SUBSCRIBE on REDIS_URL), for when one PostgreSQL should only store.
   */
  EVENT_BUS: z.enum(['postgres', 'redis']).default('postgres'),
  /** The Redis server of EVENT_BUS=redis, e.g. redis://127.0.0.1:6379. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Seeded admin account. */
  ADMIN_EMAIL: z.email().default('admin@shabaash.local'),
  /** Password for the seeded admin; generated and printed once when unset. */
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** Which payment gateway takes the money. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'cashfree', 'razorpay']).default('sandbox'),
  /**
   * `true` lets the sandbox gateway (no real money) run behind an https PUBLIC_URL, e.g. a
   * public staging site; without it the server refuses, so a live site never shows fake tips.
   */
  ALLOW_SANDBOX_IN_PRODUCTION: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  CASHFREE_APP_ID: optionalString,
  CASHFREE_SECRET_KEY: optionalString,
  CASHFREE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  CASHFREE_API_BASE: z.url().optional(),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_BASE: z.url().optional(),
  /**
   * Where creators' tips may be paid (issue 27), a comma list: `platform` (the account of
   * PAYMENT_PROVIDER, the default), `own_cashfree` and `own_razorpay` (the creator's own Cashfree
   * or Razorpay account, which need SECRETS_KEY) and `cashfree_split` (the platform's Cashfree account, each tip split to
   * the creator as an Easy Split vendor; PAYMENT_PROVIDER cashfree, or sandbox to simulate it).
   * Without `platform`, a page takes tips only once its creator has a working route of their own.
   */
  PAYOUT_MODES: z
    .string()
    .default('platform')
    .transform((value) => value.split(',').map((mode) => mode.trim()))
    .pipe(
      z
        .array(
          z.enum(['platform', 'own_cashfree', 'own_razorpay', 'cashfree_split'], {
            error:
              'must be a comma list of platform, own_cashfree, own_razorpay and cashfree_split',
          }),
        )
        .min(1),
    ),
  /**
   * The operator's fee on tips paid by split settlement, in percent (0–50, decimals allowed):
   * Cashfree keeps it in the platform account and settles the rest to the creator. Unset: 0.
   */
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'must be a number from 0 to 50' })
    .min(0, 'must be a number from 0 to 50')
    .max(50, 'must be a number from 0 to 50')
    .default(0),
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_API_ROOT: z.url().optional(),
  TELEGRAM_WEBHOOK_URL: z.url({ protocol: /^https$/ }).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  CONTACT_INBOX: z.email().optional(),
  /** The From of account e-mails (password reset); no-reply@ the PUBLIC_URL host when unset. */
  MAIL_FROM: z.email().optional(),
  /**
   * scrypt's cost for new password hashes, as a power of two: 15 (32 MiB, about 100 ms a hash)
   * unless a test run lowers it, where hundreds of sign-ups would otherwise spend minutes of CPU.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(17).default(15),
  /** Hours of inactivity after which a login session expires. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /**
   * Milliseconds between reconciler passes over pending orders that are due a provider look-up
   * (each order still backs off on its own: 1, 2, 4 … 30 minutes).
   */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /**
   * Which reverse proxies may name the client's address in X-Forwarded-For: a hop count, or
   * proxy addresses and CIDRs. Unset: none, so the socket's address is the client's.
   */
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trusted = parseTrustProxy(value);
      if (trusted !== null) return trusted;
      context.addIssue({ code: 'custom', message: TRUST_PROXY_HINT });
      return z.NEVER;
    })
    .optional(),
  /**
   * Live streams (overlays, widgets, dashboards, donation pages) one instance holds at once;
   * half the process's open-files limit when unset.
   */
  MAX_STREAMS: z.coerce.number().int().min(1, 'must be a whole number of at least 1').optional(),
  /** Live streams from one client address (an IPv6 client: its /64) at once. */
  MAX_STREAMS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of at least 1')
    .optional(),
  /**
   * The ffmpeg that re-encodes fans' video tips (issue 26); ffprobe is looked for beside it.
   * When it is missing, video tips are off (GIF and WebP tips still work).
   */
  FFMPEG_PATH: z.string().min(1).default('/usr/bin/ffmpeg'),
  /** Seconds one media tip's re-encoding may take before it is stopped and refused. */
  MEDIA_TRANSCODE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /**
   * Megabytes that voice uploads no paid donation has claimed yet may take in storage; new
   * uploads are refused (503) while they take this much (unpaid ones are deleted after 24 h).
   */
  UNCLAIMED_UPLOADS_MAX_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be a whole number of megabytes, at least 1')
    .max(1_000_000, 'must be at most 1000000 (1 TB)')
    .default(1024),
  /**
   * Seconds back a fresh overlay (one opened without Last-Event-ID) looks for alerts no overlay
   * has shown yet. Two minutes covers restarting OBS or reloading a browser source after a
   * crash, while a tip from earlier in the stream, already seen in chat, never pops up
   * unannounced when the streamer adds the overlay to a new scene. 0 turns the replay off.
   */
  ALERT_FRESH_REPLAY_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 0 to 900' })
    .int('must be a whole number of seconds from 0 to 900')
    .min(0, 'must be a whole number of seconds from 0 to 900')
    .max(900, 'must be a whole number of seconds from 0 to 900 (15 minutes)')
    .default(120),
  /**
   * India time (Asia/Kolkata, HH:MM) of the daily backup, or `off`. One instance takes it
   * (DATA_DIR/backups, or the S3 bucket when S3 is configured) and checks it by restoring it.
   */
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day such as 04:00, or off')
    .default('04:00'),
  /** Daily backups kept (the newest of each of this many days). */
  BACKUP_KEEP_DAILY: z.coerce
    .number({ error: 'must be a whole number from 1 to 365' })
    .int('must be a whole number from 1 to 365')
    .min(1, 'must be a whole number from 1 to 365')
    .max(365, 'must be a whole number from 1 to 365')
    .default(7),
  /** Weekly backups kept besides (the newest of each of this many weeks); 0 keeps none. */
  BACKUP_KEEP_WEEKLY: z.coerce
    .number({ error: 'must be a whole number from 0 to 520' })
    .int('must be a whole number from 0 to 520')
    .min(0, 'must be a whole number from 0 to 520')
    .max(520, 'must be a whole number from 0 to 520')
    .default(4),
  /**
   * Bearer token that /metrics asks for. Without it (and without METRICS_PORT) /metrics is not
   * served at all, so it is never public by accident.
   */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /**
   * A second port serving only /metrics, without a token (bind it to an internal network with
   * METRICS_HOST). Unset: no metrics port.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics port binds; this machine only by default. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Mean event-loop delay (ms) past which non-essential requests get 503 with Retry-After, while
   * webhooks, live streams and health checks keep working. 0 (the default) turns the check off:
   * the embedded database stalls the loop for seconds by design (a backup, a migration), so it
   * is for PostgreSQL deployments, where 1000 is a good value (deploy/systemd sets it).
   */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be a whole number of milliseconds')
    .default(0),
  /** Resident memory (MB) past which non-essential requests get 503 too. Unset: no limit. */
  OVERLOAD_MAX_RSS_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be a whole number of megabytes')
    .optional(),
  /**
   * Seconds a stopping instance (SIGTERM) keeps answering /healthz with 503 before it closes
   * its port, so a proxy polling it sends new requests elsewhere first.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 0 to 60' })
    .int('must be a whole number of seconds from 0 to 60')
    .min(0, 'must be a whole number of seconds from 0 to 60')
    .max(60, 'must be a whole number of seconds from 0 to 60')
    .default(0),
  /**
   * Who renders speech for tips read aloud (issue 23): `espeak` (embedded eSpeak NG, no key, no
   * network) or `sarvam` (Sarvam AI Bulbul, natural Hindi and Indian English; needs SARVAM_API_KEY).
   */
  SPEECH_PROVIDER: z.enum(['espeak', 'sarvam']).default('espeak'),
  /** Sarvam AI subscription key (sent as `api-subscription-key`; never logged). */
  SARVAM_API_KEY: optionalString,
  /** Overrides Sarvam's base URL (https://api.sarvam.ai), e.g. a local fake in tests. */
  SARVAM_API_BASE: z.url().optional(),
  /** Speech renders running at once on this instance (each eSpeak render takes a CPU core). */
  SPEECH_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 16' })
    .int('must be a whole number from 1 to 16')
    .min(1, 'must be a whole number from 1 to 16')
    .max(16, 'must be a whole number from 1 to 16')
    .default(1),
  /**
   * The CPU priority (Unix nice, 0–19) of eSpeak renders. 19, the lowest, keeps webhooks and the
   * database first on a busy machine (issue 23); a machine kept busy for seconds on end then
   * renders late, and the overlay plays its alert without the speech after its 6 s wait.
   */
  SPEECH_RENDER_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /**
   * 32 bytes (base64 or 64 hex digits) that encrypt secrets at rest (AES-256-GCM): creators'
   * OAuth tokens. Unset: features that keep such secrets (YouTube chat) are unavailable.
   */
  SECRETS_KEY: z
    .string()
    .trim()
    .refine(
      (value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)',
    )
    .optional(),
  /**
   * 32 bytes (base64 or 64 hex digits) that seal fans' phone numbers and key their look-up
   * index (issue 29). Unset: SECRETS_KEY; both unset: DATA_DIR/personal-data.key, made on first
   * use (instances sharing a database must then share that file, or set this variable).
   */
  PERSONAL_DATA_KEY: z
    .string()
    .trim()
    .refine(
      (value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)',
    )
    .optional(),
  /**
   * Who sends the rights page's one-time codes (issue 29): `outbox` (each SMS is written to
   * DATA_DIR/sms-outbox, like e-mail without SMTP_URL) or `twilio` (Twilio's Messages API).
   */
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** The sender: a Twilio number in E.164 (+1…), an approved sender ID, or a Messaging Service SID (MG…). */
  TWILIO_FROM: optionalString,
  /** Overrides Twilio's base URL (https://api.twilio.com), e.g. a local fake in tests. */
  TWILIO_API_BASE: z.url().optional(),
  /** The grievance officer the privacy policy names (DPDP Act s.8(10), Rule 9). */
  GRIEVANCE_OFFICER_NAME: optionalString,
  GRIEVANCE_OFFICER_EMAIL: z.email().optional(),
  GRIEVANCE_OFFICER_PHONE: optionalString,
  /** OAuth client of the operator's Google Cloud project (YouTube chat, issue 30). */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /**
   * Overrides Google's OAuth hosts (accounts.google.com for consent, oauth2.googleapis.com for
   * tokens): both are then served under this one origin, e.g. a local fake in tests.
   */
  GOOGLE_OAUTH_BASE: z.url().optional(),
  /** Overrides the YouTube Data API's base URL (https://www.googleapis.com). */
  YOUTUBE_API_BASE: z.url().optional(),
  /** The Google Cloud project's YouTube Data API units per day (10000 unless Google raised it). */
  YOUTUBE_DAILY_QUOTA: z.coerce
    .number({ error: 'must be a whole number of units' })
    .int('must be a whole number of units')
    .min(1, 'must be a whole number of units, at least 1')
    .default(10_000),
  /** The share of that quota chat posting may use (the rest is head-room), 0.01 to 1. */
  YOUTUBE_QUOTA_SHARE: z.coerce
    .number({ error: 'must be a number from 0.01 to 1' })
    .min(0.01, 'must be a number from 0.01 to 1')
    .max(1, 'must be a number from 0.01 to 1')
    .default(0.8),
  /**
   * Units one liveChatMessages.insert costs. Google's current reference says 20, older sources
   * 50; the Cloud console's quota page shows the real figure for the project.
   */
  YOUTUBE_INSERT_COST: z.coerce
    .number({ error: 'must be a whole number of units' })
    .int('must be a whole number of units')
    .min(1, 'must be a whole number of units, at least 1')
    .max(1000, 'must be a whole number of units, at most 1000')
    .default(50),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder with the built web app; the server answers API calls only when it is missing. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = z.infer<typeof envSchema> & {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Origin used to build absolute links when PUBLIC_URL is unset. */
  publicUrl: string;
  /** The From address of account e-mails. */
  mailFrom: string;
  /** Absolute folder with the built web app. */
  webDistDir: string;
};

/** Thrown when the environment is invalid; the message is one line naming the variable. */
export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty strings as "unset" so `FOO= npm start` behaves like no FOO at all.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid'}`);
  }
  const values = parsed.data;
  requireProviderKeys(values);
  if (values.EVENT_BUS === 'redis' && !values.REDIS_URL) {
    throw new ConfigError('EVENT_BUS=redis needs REDIS_URL to be set');
  }
  if (values.SPEECH_PROVIDER === 'sarvam' && !values.SARVAM_API_KEY) {
    throw new ConfigError('SPEECH_PROVIDER=sarvam needs SARVAM_API_KEY to be set');
  }
  if (
    values.SMS_PROVIDER === 'twilio' &&
    !(values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM)
  ) {
    throw new ConfigError(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to be set',
    );
  }
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together or not at all',
    );
  }
  const ownModes = values.PAYOUT_MODES.filter((mode) => mode.startsWith('own_'));
  if (ownModes.length > 0 && !values.SECRETS_KEY) {
    throw new ConfigError(
      `PAYOUT_MODES=${ownModes.join(',')} needs SECRETS_KEY to be set (creators’ keys are kept encrypted)`,
    );
  }
  if (
    values.PAYOUT_MODES.includes('cashfree_split') &&
    values.PAYMENT_PROVIDER !== 'cashfree' &&
    values.PAYMENT_PROVIDER !== 'sandbox'
  ) {
    throw new ConfigError(
      'PAYOUT_MODES=cashfree_split needs PAYMENT_PROVIDER=cashfree (Easy Split is Cashfree’s; Razorpay Route is not supported)',
    );
  }
  refuseSandboxInProduction(values);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl,
    mailFrom: values.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/build/client')),
  };
}

const TRUST_PROXY_HINT =
  'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: a hop count, or a list of addresses, CIDRs and
 * proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`); null when it is neither.
 */
function parseTrustProxy(value: string): number | string[] | null {
  if (/^\d+$/.test(value)) return Number(value) >= 1 ? Number(value) : null;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const providerKeys = {
  sandbox: [],
  cashfree: ['CASHFREE_APP_ID', 'CASHFREE_SECRET_KEY'],
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
} as const;

/**
 * The sandbox settles any order it is asked to, so on a public https site anyone could put fake
 * tips on a streamer's overlay; it runs there only when the operator says so.
 */
function refuseSandboxInProduction(values: z.infer<typeof envSchema>): void {
  const isPublicSite = values.PUBLIC_URL?.startsWith('https://') ?? false;
  if (
    values.PAYMENT_PROVIDER === 'sandbox' &&
    isPublicSite &&
    !values.ALLOW_SANDBOX_IN_PRODUCTION
  ) {
    throw new ConfigError(
      'PAYMENT_PROVIDER=sandbox takes no real money and is refused with an https PUBLIC_URL; ' +
        'choose a real provider, or set ALLOW_SANDBOX_IN_PRODUCTION=true for a test site',
    );
  }
}

function requireProviderKeys(values: z.infer<typeof envSchema>): void {
  const missing = providerKeys[values.PAYMENT_PROVIDER].filter((name) => !values[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `PAYMENT_PROVIDER=${values.PAYMENT_PROVIDER} needs ${missing.join(', ')} to be set`,
    );
  }
}
