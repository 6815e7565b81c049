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
  /** Seeded admin account. */
  ADMIN_EMAIL: z.email().default('admin@shabaash.local'),
  /** Password for the seeded admin; generated and printed once when unset. */
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  /** Which payment gateway takes the money. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'cashfree', 'razorpay']).default('sandbox'),
  CASHFREE_APP_ID: optionalString,
  CASHFREE_SECRET_KEY: optionalString,
  CASHFREE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  CASHFREE_API_BASE: z.url().optional(),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_BASE: z.url().optional(),
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
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/build/client')),
  };
}

const providerKeys = {
  sandbox: [],
  cashfree: ['CASHFREE_APP_ID', 'CASHFREE_SECRET_KEY'],
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
} as const;

function requireProviderKeys(values: z.infer<typeof envSchema>): void {
  const missing = providerKeys[values.PAYMENT_PROVIDER].filter((name) => !values[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `PAYMENT_PROVIDER=${values.PAYMENT_PROVIDER} needs ${missing.join(', ')} to be set`,
    );
  }
}
