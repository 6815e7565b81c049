import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  PLAN_IDS,
  brandColorSchema,
  findPlan,
  registerRequestSchema,
  slugSchema,
} from '@shabaash/core';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { BackupError, readSchemaVersion, restoreBackup, writeBackup } from '../db/backup.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { busTransportFor } from '../realtime/bus-transports.ts';
import { notifyInstances, type BusEvent } from '../realtime/event-bus.ts';
import { findUserByEmail, registerUser, resetPassword } from '../modules/auth/auth.service.ts';
import { generatePassword } from '../modules/auth/password.ts';
import {
  eraseCreatorAccount,
  openAccountErasure,
} from '../modules/privacy/rights-account.service.ts';
import { grantPlan, revokePlan } from '../modules/plans/plans.service.ts';
import {
  createStreamer,
  findStreamerBySlug,
  grantMembership,
  listAccessibleStreamers,
  revokeMembership,
} from '../modules/streamers/streamers.service.ts';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user <email> [--password P] [--admin]      create a user (password generated if omitted)
  create-streamer <slug> <name> [--color #hex] [--owner email]
                                                    create a streamer, optionally with its owner
  grant <slug> <email> [--admin]                    make a user a member of a streamer
  revoke <slug> <email>                             remove a user's membership
  grant-plan <slug> <plan>                          give a page a plan (base, voice-messages,
                                                    hyperemotes, monthly-hosting, complete-bundle)
  revoke-plan <slug> <plan>                         take a plan from a page
  reset-password <email> [--password P]             set a new password and sign out everywhere
  erase-account <email>                             carry out the account's open erasure request
                                                    (settle what it is owed first)
  list-streamers                                    list every streamer
  backup <file>                                     write the whole database to a plain SQL file
  restore <file>                                    load a backup into an empty database
  migrate                                           create or update the database schema only

The command opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR;
stop the server first when using the embedded database). Backups hold the database only:
voice messages and uploaded images (DATA_DIR/uploads or the S3 bucket) are backed up apart.`;

/** What a command may need besides the database: which engine, and where files live. */
export type CommandContext = {
  databaseKind: 'pglite' | 'postgres';
  /** Where voice messages and uploaded images are kept, in words for the operator. */
  filesLocation: string;
  /** Tells running servers of a revocation, so the live streams it covered close. */
  publish?: (event: BusEvent) => void;
};

type Command = (
  db: Database,
  args: string[],
  flags: Flags,
  context: CommandContext,
) => Promise<string>;
type Flags = {
  password?: string | undefined;
  admin?: boolean | undefined;
  color?: string | undefined;
  owner?: string | undefined;
};

/** Who the audit log names for what the operator does with this tool. */
const CLI_ACTOR = 'operator (npm run admin)';

/** The sign-up checks of an e-mail and password, without the sign-up form's declarations. */
const operatorAccountSchema = registerRequestSchema.pick({ email: true, password: true });

const commands: Record<string, Command> = {
  'create-user': async (db, [email], flags) => {
    const password = flags.password ?? generatePassword();
    // The operator makes the account on the person's behalf and vouches for the address (no
    // verification link) and for their age: this is not a form a data principal fills in, so
    // the sign-up form's 18+ declaration is not asked here (README, "Personal data").
    const input = operatorAccountSchema.parse({ email, password });
    const user = await registerUser(db, {
      ...input,
      role: flags.admin ? 'admin' : 'streamer',
      isEmailVerified: true,
    });
    const shown = flags.password ? '' : `\nPassword (shown once): ${password}`;
    return `Created ${user.role} ${user.email}.${shown}`;
  },
  'create-streamer': async (db, [slug, ...nameParts], flags) => {
    const name = nameParts.join(' ').trim();
    if (!name) throw new UsageError('create-streamer needs a slug and a name.');
    const streamer = await createStreamer(db, {
      slug: slugSchema.parse(slug ?? ''),
      name,
      brandColor: brandColorSchema.parse(flags.color ?? '#2563eb'),
      ownerEmail: flags.owner?.trim().toLowerCase(),
    });
    const owner = flags.owner ? ` owned by ${flags.owner}` : ' (admin-only until it has a member)';
    return `Created streamer ${streamer.slug} "${streamer.name}"${owner}.`;
  },
  grant: async (db, [slug, email], flags) => {
    const { streamerId, userId } = await findPair(db, slug, email);
    await grantMembership(db, { streamerId, userId, isAdmin: flags.admin ?? false });
    return `${email} is now a member of ${slug}${flags.admin ? ' (admin)' : ''}.`;
  },
  revoke: async (db, [slug, email], _flags, { publish }) => {
    const pair = await findPair(db, slug, email);
    const removed = await revokeMembership(db, pair);
    if (removed) publish?.({ kind: 'member_removed', ...pair });
    return removed
      ? `${email} is no longer a member of ${slug}.`
      : `${email} was not a member of ${slug}.`;
  },
  'grant-plan': async (db, [slug, planId], _flags, { publish }) => {
    const { streamer, plan } = await findPagePlan(db, slug, planId);
    const held = await grantPlan(db, { streamerId: streamer.id, planId: plan.id, source: 'admin' });
    publish?.({ kind: 'settings_changed', streamerId: streamer.id });
    const until = held.expiresAt ? ` until ${held.expiresAt.toISOString()}` : '';
    return `${streamer.slug} now holds the ${plan.name}${until}.`;
  },
  'revoke-plan': async (db, [slug, planId], _flags, { publish }) => {
    const { streamer, plan } = await findPagePlan(db, slug, planId);
    const removed = await revokePlan(db, streamer.id, plan.id);
    if (removed) publish?.({ kind: 'settings_changed', streamerId: streamer.id });
    return removed
      ? `${streamer.slug} no longer holds the ${plan.name}.`
      : `${streamer.slug} did not hold the ${plan.name}.`;
  },
  'reset-password': async (db, [email], flags, { publish }) => {
    const password = flags.password ?? generatePassword();
    operatorAccountSchema.parse({ email, password });
    const revoked = await resetPassword(db, email ?? '', password);
    if (!revoked) throw new UsageError(`No user with e-mail ${email}.`);
    for (const sessionId of revoked) publish?.({ kind: 'session_revoked', sessionId });
    const shown = flags.password ? '' : `\nNew password (shown once): ${password}`;
    return `Password reset for ${email}; every session was signed out.${shown}`;
  },
  'erase-account': async (db, [email], _flags, { publish }) => {
    const user = await findUserByEmail(db, email ?? '');
    if (!user) throw new UsageError(`No user with e-mail ${email}.`);
    const open = await openAccountErasure(db, user.id);
    if (!open) {
      throw new UsageError(
        `${user.email} has not asked for erasure (they ask from Account → Your data).`,
      );
    }
    // The audit log names the operator at the shell; the admin console names the admin.
    const erased = await eraseCreatorAccount(db, open.id, { id: null, email: CLI_ACTOR });
    for (const sessionId of erased.revokedSessionIds)
      publish?.({ kind: 'session_revoked', sessionId });
    for (const membership of erased.removedMemberships) {
      publish?.({ kind: 'member_removed', ...membership });
    }
    return `Erased the account of ${user.email} (request ${open.id}); its pages and money records stay.`;
  },
  'list-streamers': async (db) => {
    const rows = await listAccessibleStreamers(db, { id: '', role: 'admin' });
    return rows
      .map((row) => `${row.streamer_slug}\t${row.streamer_name}\t${row.brand_color}`)
      .join('\n');
  },
  backup: async (db, [file], _flags, { databaseKind, filesLocation }) => {
    if (!file) throw new UsageError('backup needs a file name: npm run admin -- backup <file>');
    const summary = await writeBackup(db, path.resolve(file), databaseKind);
    const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    return [
      `Backed up ${count(rows, 'row')} from ${count(summary.tables.length, 'table')} ` +
        `(schema ${summary.schemaVersion.tag}) to ${path.resolve(file)}.`,
      `The backup holds the database only: voice messages and uploaded images are in ` +
        `${filesLocation}; back them up separately.`,
    ].join('\n');
  },
  restore: async (db, [file], _flags, { filesLocation }) => {
    if (!file) throw new UsageError('restore needs a file name: npm run admin -- restore <file>');
    const summary = await restoreBackup(db, path.resolve(file));
    const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    return [
      `Restored ${count(rows, 'row')} into ${count(summary.tables.length, 'table')} from ` +
        `${path.resolve(file)} (schema ${summary.schema}).`,
      `Voice messages and uploaded images are not in the backup: put them back in ` +
        `${filesLocation} before starting the server.`,
    ].join('\n');
  },
  // The schema is brought up to date before every command; this one does nothing else.
  migrate: async (db) => {
    const version = await readSchemaVersion(db);
    return `The database schema is up to date (${version?.tag ?? 'unknown'}).`;
  },
};

class UsageError extends Error {}

function count(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

async function findPair(db: Database, slug: string | undefined, email: string | undefined) {
  if (!slug || !email) throw new UsageError('This command needs a slug and an e-mail.');
  const streamer = await findStreamerBySlug(db, slug);
  if (!streamer) throw new UsageError(`No streamer with slug ${slug}.`);
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user with e-mail ${email}.`);
  return { streamerId: streamer.id, userId: user.id };
}

async function findPagePlan(db: Database, slug: string | undefined, planId: string | undefined) {
  if (!slug || !planId) throw new UsageError('This command needs a slug and a plan.');
  const streamer = await findStreamerBySlug(db, slug);
  if (!streamer) throw new UsageError(`No streamer with slug ${slug}.`);
  const plan = findPlan(planId);
  if (!plan) throw new UsageError(`No plan ${planId}; one of: ${PLAN_IDS.join(', ')}.`);
  return { streamer, plan };
}

function parseAdminArgs(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      admin: { type: 'boolean' },
      color: { type: 'string' },
      owner: { type: 'string' },
    },
  });
  const [name, ...args] = positionals;
  return { name, args, flags: values };
}

/** Runs one admin command and returns what to print; exported for tests. */
export async function runAdminCommand(
  db: Database,
  argv: string[],
  context: CommandContext,
): Promise<string> {
  const { name, args, flags } = parseAdminArgs(argv);
  const command = name ? commands[name] : undefined;
  if (!command) throw new UsageError(USAGE);
  return command(db, args, flags, context);
}

async function main(): Promise<void> {
  if (process.argv.length <= 2 || process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const argv = process.argv.slice(2);
  const config = loadConfig();
  // A backup only reads: it never migrates, so it keeps the schema the data was written with.
  const isBackup = parseAdminArgs(argv).name === 'backup';
  const pgliteDir = path.join(config.dataDir, 'db');
  if (isBackup && !config.DATABASE_URL && !fs.existsSync(pgliteDir)) {
    throw new UsageError(`There is no embedded database in ${pgliteDir} to back up.`);
  }
  // On the embedded database this stops, with a clear message, while the server holds it.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir,
    prepareStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  try {
    if (!isBackup) await database.migrate();
    const revocations: BusEvent[] = [];
    console.log(
      await runAdminCommand(database.db, argv, {
        databaseKind: database.kind,
        filesLocation: describeFilesLocation(config),
        publish: (event) => revocations.push(event),
      }),
    );
    // Servers on the same PostgreSQL database (or Redis) close the streams (the embedded
    // database has none running: it is held by one process at a time).
    const transport = busTransportFor(config, database.pool, {
      warn: (_details, message) => console.warn(message),
    });
    if (transport) {
      try {
        await notifyInstances(transport, 'admin-cli', revocations);
      } finally {
        await transport.close();
      }
    }
  } finally {
    await database.close();
  }
}

/** Where uploads live: S3 when all four S3 variables are set, as createFileStorage decides. */
function describeFilesLocation(config: Config): string {
  const usesS3 =
    config.S3_ENDPOINT &&
    config.S3_BUCKET &&
    config.S3_ACCESS_KEY_ID &&
    config.S3_SECRET_ACCESS_KEY;
  return usesS3 ? `the S3 bucket ${config.S3_BUCKET}` : path.join(config.dataDir, 'uploads');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(describeError(error));
    process.exitCode = 1;
  });
}

/** One readable line for the operator, whatever failed. */
export function describeError(error: unknown): string {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof AppError ||
    error instanceof BackupError
  ) {
    return error.message;
  }
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    return String(error.issues[0]?.message ?? 'Invalid input.');
  }
  return error instanceof Error ? error.message : String(error);
}
