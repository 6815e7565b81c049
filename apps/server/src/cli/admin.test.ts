import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nodeArgsFor, startServerProcess } from '../../test/server-process.ts';
import {
  copyPgliteTemplateTo,
  createTestDatabase,
  TEST_DB_BACKEND,
  type TestDatabase,
} from '../../test/test-database.ts';
import { findUserByEmail, verifyCredentials } from '../modules/auth/auth.service.ts';
import { requestAccountErasure } from '../modules/privacy/rights-account.service.ts';
import { listAccessibleStreamers } from '../modules/streamers/streamers.service.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { privacyRequests, settingsAudit, streamers } from '../db/schema.ts';
import { readTipAccess } from '../modules/plans/plans.service.ts';
import { describeError, runAdminCommand } from './admin.ts';

describe('admin CLI', () => {
  let database: TestDatabase;
  const run = (...argv: string[]) =>
    runAdminCommand(database.db, argv, { databaseKind: database.kind, filesLocation: 'uploads' });
  const failure = (...argv: string[]) => refusalOf(run(...argv));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates users, prints a generated password once, and refuses duplicates', async () => {
    const output = await run('create-user', 'Owner@Example.com');
    const password = /Password \(shown once\): (\S+)/.exec(output)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    await expect(
      verifyCredentials(database.db, { email: 'owner@example.com', password }),
    ).resolves.toMatchObject({
      role: 'streamer',
    });
    expect(await run('create-user', 'boss@example.com', '--password', 'boss-pass', '--admin')).toBe(
      'Created admin boss@example.com.',
    );
    expect(await failure('create-user', 'owner@example.com')).toMatch(/already exists/);
    expect(await failure('create-user', 'x@example.com', '--password', '123')).toBe(
      'Password must be at least 6 characters long.',
    );
  });

  it('creates streamers with valid, free, unreserved slugs only', async () => {
    expect(
      await run(
        'create-streamer',
        'priya-live',
        'Priya',
        'Live',
        '--color',
        '#FF8800',
        '--owner',
        'owner@example.com',
      ),
    ).toBe('Created streamer priya-live "Priya Live" owned by owner@example.com.');
    expect(await failure('create-streamer', 'dashboard', 'Dash')).toBe(
      'This slug is reserved. Please choose another.',
    );
    expect(await failure('create-streamer', 'Priya_Live', 'X')).toMatch(
      /lower-case letters, digits/,
    );
    expect(await failure('create-streamer', 'priya-live', 'Again')).toBe(
      'This slug is already taken.',
    );
    expect(
      await failure('create-streamer', 'colour-test', 'X', '--color', 'red; background:url(x)'),
    ).toMatch(/hex colour/);
    expect(
      await failure('create-streamer', 'nobody-owns', 'X', '--owner', 'ghost@example.com'),
    ).toMatch(/No user with e-mail ghost@example.com/);
  });

  it('grants and revokes memberships', async () => {
    await run('create-user', 'mod@example.com', '--password', 'mod-pass');
    const mod = await verifyCredentials(database.db, {
      email: 'mod@example.com',
      password: 'mod-pass',
    });
    expect(await listAccessibleStreamers(database.db, mod)).toEqual([]);

    expect(await run('grant', 'priya-live', 'mod@example.com', '--admin')).toBe(
      'mod@example.com is now a member of priya-live (admin).',
    );
    expect(await listAccessibleStreamers(database.db, mod)).toEqual([
      {
        streamer_slug: 'priya-live',
        streamer_name: 'Priya Live',
        brand_color: '#ff8800',
        is_admin: true,
      },
    ]);
    expect(await run('revoke', 'priya-live', 'mod@example.com')).toMatch(/no longer a member/);
    expect(await listAccessibleStreamers(database.db, mod)).toEqual([]);
    expect(await failure('grant', 'nope', 'mod@example.com')).toBe('No streamer with slug nope.');
  });

  it('grants and revokes plans: a page it creates starts in preview (issue 22)', async () => {
    const access = async () => {
      const [page] = await database.db
        .select()
        .from(streamers)
        .where(eq(streamers.slug, 'priya-live'));
      return readTipAccess(database.db, page?.id ?? '');
    };
    expect(await access()).toEqual({ isPreview: true, tipTypes: [] });
    expect(await run('grant-plan', 'priya-live', 'complete-bundle')).toBe(
      'priya-live now holds the Complete Bundle.',
    );
    expect(await access()).toEqual({ isPreview: false, tipTypes: ['text', 'voice', 'hyperemote'] });
    expect(await run('grant-plan', 'priya-live', 'monthly-hosting')).toMatch(
      /^priya-live now holds the Monthly Hosting until \d{4}-/,
    );
    expect(await run('revoke-plan', 'priya-live', 'complete-bundle')).toBe(
      'priya-live no longer holds the Complete Bundle.',
    );
    expect(await access()).toEqual({ isPreview: true, tipTypes: [] });
    expect(await failure('grant-plan', 'priya-live', 'gold')).toMatch(
      /^No plan gold; one of: base/,
    );
  });

  it('resets a password', async () => {
    await run('reset-password', 'mod@example.com', '--password', 'fresh-pass');
    await expect(
      verifyCredentials(database.db, { email: 'mod@example.com', password: 'mod-pass' }),
    ).rejects.toThrow('Invalid email or password.');
    await expect(
      verifyCredentials(database.db, { email: 'mod@example.com', password: 'fresh-pass' }),
    ).resolves.toBeTruthy();
    expect(await failure('reset-password', 'ghost@example.com')).toBe(
      'No user with e-mail ghost@example.com.',
    );
  });

  it("carries out an account's open erasure request, and only an open one", async () => {
    await run('create-user', 'leaving@example.com', '--password', 'leaving-pass');
    expect(await failure('erase-account', 'leaving@example.com')).toMatch(
      /has not asked for erasure/,
    );
    const user = await findUserByEmail(database.db, 'leaving@example.com');
    const asked = await requestAccountErasure(database.db, user?.id ?? '');
    expect(await run('erase-account', 'Leaving@Example.com')).toBe(
      `Erased the account of leaving@example.com (request ${asked.id}); its pages and money records stay.`,
    );
    expect(await findUserByEmail(database.db, 'leaving@example.com')).toBeNull();
    const [request] = await database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, asked.id));
    expect(request).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
    const [entry] = await database.db
      .select()
      .from(settingsAudit)
      .where(eq(settingsAudit.field, 'erased:account'));
    expect(entry).toMatchObject({ actorEmail: 'operator (npm run admin)', actorUserId: null });
    expect(await failure('erase-account', 'ghost@example.com')).toBe(
      'No user with e-mail ghost@example.com.',
    );
  });

  it('explains its usage for an unknown command', async () => {
    expect(await failure('frobnicate')).toMatch(/^Usage: npm run admin/);
  });
});

/** What the command line would print for a refused command, or 'succeeded'. */
function refusalOf(command: Promise<string>): Promise<string> {
  return command.then(
    () => 'succeeded',
    (error: unknown) => describeError(error),
  );
}

/** The real command, as `npm run admin -- …` runs it. */
function runCli(args: string[], env: Record<string, string>) {
  const command = nodeArgsFor(inject('serverBundle')?.admin, ADMIN_ENTRY);
  const result = spawnSync(process.execPath, [...command, ...args], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

const ADMIN_ENTRY = path.resolve(import.meta.dirname, 'admin.ts');

describe('admin CLI backups', () => {
  let workDir: string;
  const databases: TestDatabase[] = [];

  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-admin-backup-'));
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.close()));
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  /** Opens the database an environment names, the way the command does. */
  async function openFor(env: { DATA_DIR: string; DATABASE_URL?: string }) {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, 'db'),
    });
    await database.migrate();
    return database;
  }

  /**
   * Environments naming a database with a streamer in it (a copy of the migrated template, as
   * every test database is), and an empty one: on PGlite a DATA_DIR nothing has created yet, so
   * the restore command has to make and migrate it first.
   */
  async function sourceAndTarget() {
    const source: { DATA_DIR: string; DATABASE_URL?: string } = {
      DATA_DIR: path.join(workDir, 'source'),
    };
    const target: { DATA_DIR: string; DATABASE_URL?: string } = {
      DATA_DIR: path.join(workDir, 'target'),
    };
    const addStreamer = (db: Database) =>
      runAdminCommand(db, ['create-streamer', 'priya-live', 'Priya', '“Live”', '🎮'], {
        databaseKind: TEST_DB_BACKEND,
        filesLocation: 'uploads',
      });
    if (TEST_DB_BACKEND === 'postgres') {
      const [from, to] = [await createTestDatabase(), await createTestDatabase()];
      databases.push(from, to);
      source.DATABASE_URL = from.url;
      target.DATABASE_URL = to.url;
      await addStreamer(from.db);
    } else {
      // Closed again before the command runs: the embedded database admits one process at a time.
      await copyPgliteTemplateTo(path.join(source.DATA_DIR, 'db'), addStreamer);
    }
    return { source, target };
  }

  // Each command is a process that opens (and, for restore, migrates) a database: slow on PGlite,
  // so the commands whose output only the command line makes run as processes, the rest in here.
  it(
    'backs up and restores through the command line, and says the files are not in it',
    {
      timeout: 300_000,
    },
    async () => {
      const { source, target } = await sourceAndTarget();
      const file = path.join(workDir, 'shabaash.sql');

      const backup = runCli(['backup', file], source);
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      expect(backup.stdout).toMatch(
        new RegExp(`^Backed up 1 row from \\d+ tables \\(schema \\w+\\) to ${file}\\.`),
      );
      expect(backup.stdout).toContain(
        `voice messages and uploaded images are in ${path.join(source.DATA_DIR, 'uploads')}; ` +
          'back them up separately.',
      );
      expect(fs.readFileSync(file, 'utf8')).toContain('Priya “Live” 🎮');

      const restore = runCli(['restore', file], target);
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);
      expect(restore.stdout).toMatch(/^Restored 1 row into \d+ tables from .*shabaash\.sql/);
      expect(restore.stdout).toContain('Voice messages and uploaded images are not in the backup');

      const restored = await openFor(target);
      try {
        // A second restore would mix two databases: refused in one line, nothing changed. (The
        // command line prints such a refusal and exits 1, as the test below shows.)
        expect(
          await refusalOf(
            runAdminCommand(restored.db, ['restore', file], {
              databaseKind: restored.kind,
              filesLocation: 'uploads',
            }),
          ),
        ).toMatch(
          /^Nothing was restored: This database already holds data \(table \w+ has rows\): restore into a fresh DATA_DIR or an empty database\.$/,
        );
        expect(
          await runAdminCommand(restored.db, ['list-streamers'], {
            databaseKind: restored.kind,
            filesLocation: 'uploads',
          }),
        ).toBe('priya-live\tPriya “Live” 🎮\t#2563eb');
      } finally {
        await restored.close();
      }
    },
  );

  it.runIf(TEST_DB_BACKEND === 'pglite')(
    'refuses to back up the embedded database while the server holds it',
    { timeout: 300_000 },
    async () => {
      const dataDir = path.join(workDir, 'running');
      const file = path.join(workDir, 'while-running.sql');
      expect(runCli(['backup', file], { DATA_DIR: dataDir })).toEqual({
        status: 1,
        stdout: '',
        stderr: `There is no embedded database in ${path.join(dataDir, 'db')} to back up.`,
      });

      // The server starts on a copy of the migrated template, as on its second start: what is
      // tested is who holds the database, not how a first start makes one.
      await copyPgliteTemplateTo(path.join(dataDir, 'db'));
      const server = await startServerProcess({ DATA_DIR: dataDir }, { timeoutMs: 120_000 });
      try {
        const backup = runCli(['backup', file], { DATA_DIR: dataDir });
        expect(backup.status).toBe(1);
        expect(backup.stderr).toBe(
          `The embedded database in ${path.join(dataDir, 'db')} is in use by another process ` +
            `(pid ${server.child.pid}). Stop it first, or use PostgreSQL (DATABASE_URL) to run ` +
            'several processes.',
        );
        expect(fs.existsSync(file)).toBe(false);
        // The server did not notice.
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      // Once the server has stopped, the database is free again (opened here, as the command
      // does for a backup: without migrating).
      const released = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      try {
        expect(
          await runAdminCommand(released.db, ['backup', file], {
            databaseKind: released.kind,
            filesLocation: 'uploads',
          }),
        ).toMatch(/^Backed up \d+ rows? from/);
      } finally {
        await released.close();
      }
    },
  );
});
