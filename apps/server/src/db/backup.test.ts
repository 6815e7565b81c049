import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildStreamer, buildUser, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createTestDatabase,
  TEST_DB_BACKEND,
  type TestDatabase,
} from '../../test/test-database.ts';
import { newFan, tip } from '../modules/leaderboards/tips.test-helper.ts';
import { restoreBackup, writeBackup, type BackupSummary } from './backup.ts';
import type { Database } from './client.ts';
import * as schema from './schema.ts';

/** Every table schema.ts declares: the round trip must carry each of them. */
const SCHEMA_TABLES = Object.values(schema)
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .sort();

/** Text a naive dump would mangle: quotes, backslashes, newlines, SQL, emoji, RTL, Hindi. */
const AWKWARD_TEXT =
  `It's "great" \\o/ C:\\path\\n; DROP TABLE users; -- $$ not a comment $$\n` +
  'second line\ttab\r\n नमस्ते 👋🏽 🇮🇳 \u202Eevil\u202C zero\u200Bwidth';

describe('database backups', () => {
  let source: TestApp;
  let workDir: string;
  let backupFile: string;
  let backup: BackupSummary;
  /** What every table held when the backup was taken. */
  let contentsAtBackup: Record<string, string[]>;
  const owner = { email: 'owner@example.com', password: 'owner-pass' };

  beforeAll(async () => {
    source = await createTestApp();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-backup-'));
    backupFile = path.join(workDir, 'backup.sql');
    await seedEveryTable(source);
    contentsAtBackup = await tableContents(source.database.db);
    backup = await writeBackup(source.database.db, backupFile, source.database.kind);
  });
  afterAll(async () => {
    await source.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('round-trips every table exactly into a fresh database that then serves the app', async () => {
    const db = source.database.db;
    // The round trip below means something only if every table holds rows.
    expect(Object.keys(contentsAtBackup).sort()).toEqual(SCHEMA_TABLES);
    for (const table of SCHEMA_TABLES) expect(contentsAtBackup[table], table).not.toHaveLength(0);
    expect(backup.tables.map((table) => table.name).sort()).toEqual(SCHEMA_TABLES);
    // Plain, readable text: the fan's message is there as they wrote it.
    expect(fs.readFileSync(backupFile, 'utf8')).toContain('नमस्ते 👋🏽 🇮🇳');

    const target = await createTestDatabase();
    try {
      const restored = await restoreBackup(target.db, backupFile);
      expect(restored.tables).toEqual(backup.tables);
      expect(await tableContents(target.db)).toEqual(contentsAtBackup);

      // Leaderboard totals are the backup's, not rebuilt on top of it by the donations trigger.
      const counted = await db.execute(sql`
        SELECT coalesce(sum(amount_paise), 0)::int AS total FROM donations
        WHERE payment_status = 'success' AND moderation_status IN ('approved', 'auto_approved')`);
      const totals = await target.db.execute(
        sql`SELECT sum(amount_paise)::int AS total FROM supporter_totals WHERE period = 'all'`,
      );
      expect(rowsOf(totals)).toEqual(rowsOf(counted));

      // Id counters continue where the source's stood, even past deleted rows.
      const nextIds = async (database: Database) => {
        const [alert] = await database
          .insert(schema.alerts)
          .values({ streamerId: await streamerId(database), kind: 'test' })
          .returning({ id: schema.alerts.id });
        const [audit] = await database
          .insert(schema.settingsAudit)
          .values({ actorEmail: 'ops@example.com', section: 'page', field: 'name' })
          .returning({ id: schema.settingsAudit.id });
        return { alert: alert?.id, audit: audit?.id };
      };
      const [lastAlert] = rowsOf<{ id: number }>(
        await db.execute(sql`SELECT max(id)::int AS id FROM alerts`),
      );
      const restoredIds = await nextIds(target.db);
      expect(restoredIds).toEqual(await nextIds(db));
      expect(restoredIds.alert).toBeGreaterThan(lastAlert!.id + 1);

      const app = await buildApp({ config: source.config, database: target });
      try {
        const page = await app.inject({ method: 'GET', url: '/api/streamers/priya-live' });
        expect(page.statusCode).toBe(200);
        expect(page.json()).toEqual(
          (await source.app.inject({ method: 'GET', url: '/api/streamers/priya-live' })).json(),
        );
        const board = '/api/streamers/priya-live/leaderboard?period=all';
        const restoredBoard = await app.inject({ method: 'GET', url: board });
        expect(restoredBoard.json().entries[0]).toEqual({
          rank: 1,
          name: 'Rahul 🚀',
          amount_paise: 15_100,
        });
        expect(restoredBoard.json()).toEqual(
          (await source.app.inject({ method: 'GET', url: board })).json(),
        );
        // Accounts and passwords came along: the owner signs in and sees their dashboard.
        const { headers } = await signIn(app, owner.email, owner.password);
        const dashboard = await app.inject({
          method: 'GET',
          url: '/api/streamers/priya-live/dashboard',
          headers,
        });
        expect(dashboard.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('keeps every column type exact: bytea, numeric, json, arrays, timestamps, nulls', async () => {
    const [from, to] = [await createTestDatabase(), await createTestDatabase()];
    try {
      // A table no migration knows: backups read the catalog, not a list of our tables.
      const createTable = sql`CREATE TABLE awkward_types (
        label text, raw bytea, exact numeric, big bigint, ratio double precision,
        plain_json json, doc jsonb, tags text[], grid integer[][], at timestamptz,
        local_at timestamp, day date, span interval, flag boolean, ident uuid)`;
      await from.db.execute(createTable);
      await to.db.execute(createTable);
      await from.db.execute(sql`INSERT INTO awkward_types VALUES
        (${AWKWARD_TEXT}, '\\x00ff27225c0a'::bytea, 12345678901234567890.123456789012345678,
         9223372036854775807, 0.1 + 0.2, '{"b": 1,   "a" : [1, 2], "b": 3}',
         '{"quote": "\\"", "slash": "\\\\", "emoji": "🎉", "deep": {"list": [null, true]}}',
         ARRAY['a,b', 'say "hi"', 'back\\slash', 'NULL', NULL, '', '{x}', ${AWKWARD_TEXT}],
         '{{1,2},{3,NULL}}', '2024-02-29 23:59:59.123456+05:30', '1999-12-31 23:59:59.999999',
         '0001-01-01 BC', '1 year 2 mons -3 days 04:05:06.789', true,
         'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'),
        ('infinities', '\\x', 'NaN', -9223372036854775808, '-Infinity', 'null', '"just text"',
         '{}', '{}', 'infinity', '-infinity', 'infinity', '0 seconds', false, NULL),
        (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`);
      const file = path.join(workDir, 'types.sql');
      await writeBackup(from.db, file, from.kind);
      await restoreBackup(to.db, file);
      const read = (database: Database) =>
        database.execute(sql`SELECT t::text AS row FROM awkward_types t ORDER BY 1`);
      const rows = rowsOf(await read(to.db));
      expect(rows).toHaveLength(3);
      expect(rows).toEqual(rowsOf(await read(from.db)));
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
  });

  describe('refusals', () => {
    /** One empty, migrated database the refused restores must leave as it was. */
    let target: TestDatabase;
    beforeAll(async () => {
      target = await createTestDatabase();
    });
    afterAll(() => target.close());

    it('refuses a file cut short, or one that is not a backup, and restores nothing', async () => {
      const whole = fs.readFileSync(backupFile, 'utf8');
      const cutAtStatement = path.join(workDir, 'cut-at-statement.sql');
      fs.writeFileSync(cutAtStatement, whole.slice(0, whole.indexOf('-- Table supporter_totals')));
      const cutMidRow = path.join(workDir, 'cut-mid-row.sql');
      fs.writeFileSync(cutMidRow, whole.slice(0, whole.indexOf('नमस्ते')));
      const notABackup = path.join(workDir, 'not-a-backup.sql');
      fs.writeFileSync(notABackup, 'DROP TABLE users;\n');

      await expect(restoreBackup(target.db, cutAtStatement)).rejects.toThrow(
        'Nothing was restored: the backup file is incomplete (it ends before its COMMIT).',
      );
      // Everything up to the cut ran and was rolled back, the disabled trigger included.
      const trigger = await target.db.execute(
        sql`SELECT tgenabled AS state FROM pg_trigger WHERE tgname = 'donations_supporter_totals'`,
      );
      expect(rowsOf(trigger)).toEqual([{ state: 'O' }]);
      await expect(restoreBackup(target.db, cutMidRow)).rejects.toThrow(
        /^Nothing was restored: the backup file is incomplete/,
      );
      await expect(restoreBackup(target.db, notABackup)).rejects.toThrow(
        /not-a-backup\.sql is not a Shabaash backup/,
      );
      await expect(restoreBackup(target.db, path.join(workDir, 'missing.sql'))).rejects.toThrow(
        /^Cannot read .*missing\.sql/,
      );
      expect(await rowCount(target.db)).toBe(0);
    });

    it('refuses a backup of another schema version', async () => {
      // As if this database were one migration ahead of the backup.
      await target.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('next', 99999999999999)`,
      );
      try {
        await expect(restoreBackup(target.db, backupFile)).rejects.toThrow(
          /^Nothing was restored: This backup is of schema \w+ \(migration \d+\) but this database is at migration 99999999999999/,
        );
        expect(await rowCount(target.db)).toBe(0);
      } finally {
        await target.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'next'`);
      }
    });

    it('refuses a database that already holds data, and changes nothing in it', async () => {
      const user = await buildUser(target.db, { email: 'someone@example.com' });
      try {
        const before = await tableContents(target.db);
        await expect(restoreBackup(target.db, backupFile)).rejects.toThrow(
          /^Nothing was restored: This database already holds data \(table \w+ has rows\)/,
        );
        expect(await tableContents(target.db)).toEqual(before);
      } finally {
        await target.db.delete(schema.users).where(eq(schema.users.id, user.id));
      }
    });
  });

  it.runIf(TEST_DB_BACKEND === 'postgres')(
    'restores with psql too, into a database Shabaash has migrated',
    async () => {
      const target: TestDatabase = await createTestDatabase();
      try {
        const psql = spawnSync(
          'psql',
          ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', backupFile, target.url ?? ''],
          { encoding: 'utf8' },
        );
        expect(psql.stderr).toBe('');
        expect(psql.status).toBe(0);
        expect(await tableContents(target.db)).toEqual(contentsAtBackup);
        // Run twice, the file's own guard refuses the now non-empty database.
        const again = spawnSync(
          'psql',
          ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', backupFile, target.url ?? ''],
          { encoding: 'utf8' },
        );
        expect(again.status).not.toBe(0);
        expect(again.stderr).toMatch(/This database already holds data/);
      } finally {
        await target.close();
      }
    },
  );

  /** Rows of every table in `public`, as PostgreSQL prints them, sorted: equal means equal. */
  async function tableContents(db: Database): Promise<Record<string, string[]>> {
    const tables = rowsOf<{ name: string }>(
      await db.execute(
        sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
      ),
    );
    const contents: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = rowsOf<{ row: string }>(
        await db.execute(sql`SELECT t::text AS row FROM ${sql.identifier(name)} t`),
      );
      contents[name] = rows.map((row) => row.row).sort();
    }
    return contents;
  }

  async function rowCount(db: Database): Promise<number> {
    const contents = await tableContents(db);
    return Object.values(contents).reduce((sum, rows) => sum + rows.length, 0);
  }

  async function streamerId(db: Database): Promise<string> {
    const [row] = await db
      .select({ id: schema.streamers.id })
      .from(schema.streamers)
      .where(eq(schema.streamers.slug, 'priya-live'));
    return row!.id;
  }

  /** Puts realistic rows in every table, through the app where the app writes them. */
  async function seedEveryTable({ app, database: { db } }: TestApp): Promise<void> {
    const ownerUser = await buildUser(db, { ...owner, role: 'streamer' });
    const admin = await buildUser(db, { email: 'boss@example.com', role: 'admin' });
    await signIn(app, owner.email, owner.password); // a session row
    const resetAsked = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: owner.email },
    }); // a password_reset_tokens row
    expect(resetAsked.statusCode).toBe(202);
    const streamer = await buildStreamer(db, {
      slug: 'priya-live',
      name: `Priya's "Café" \\ 🎮`,
      moderationMode: 'auto',
      memberIds: [ownerUser.id],
      welcomeText: AWKWARD_TEXT,
      blockedWords: ['a,b', 'say "hi"', 'back\\slash', 'NULL', '{braces}'],
      presetAmountsPaise: [5100, 10_100],
      socialLinks: [{ platform: 'youtube', url: 'https://youtube.com/@priya?q="x"&y=\\' }],
    });

    // Paid tips (totals and alerts through the trigger and outbox), a failed and a pending one.
    const rahul = newFan();
    const first = await tip(app, 'priya-live', {
      fan: rahul,
      name: 'Rahul 🚀',
      amountPaise: 10_000,
      message: AWKWARD_TEXT,
    });
    await tip(app, 'priya-live', { fan: rahul, name: 'Rahul 🚀', amountPaise: 5_100 });
    await tip(app, 'priya-live', { fan: newFan(), name: 'Secret', anonymous: true });
    await tip(app, 'priya-live', { fan: newFan(), name: "O'Neil", result: 'failed' });
    await tip(app, 'priya-live', { fan: newFan(), name: 'Later', result: 'pending' });
    // Microseconds, which a JavaScript Date would round away.
    await db.execute(
      sql`UPDATE donations SET paid_at = '2026-03-10 10:00:00.123456+05:30' WHERE id = ${first.id}`,
    );
    // The newest alert is gone: its id must still never be handed out again.
    await db.execute(sql`DELETE FROM alerts WHERE id = (SELECT max(id) FROM alerts)`);

    await db.insert(schema.voiceUploads).values({
      storageKey: 'voice/2026/03/a.webm',
      contentType: 'audio/webm',
      sizeBytes: 48_213,
      durationMs: 3_100,
      orderId: first.orderId,
      donationId: first.id,
    });
    await db.insert(schema.mediaUploads).values({
      streamerId: streamer.id,
      storageKey: 'media/2026/03/b.mp4',
      kind: 'video',
      contentType: 'video/mp4',
      sizeBytes: 91_004,
      durationMs: 4_200,
      hasAudio: true,
      holdForReview: false,
    });
    await db
      .insert(schema.streamerMediaSettings)
      .values({
        streamerId: streamer.id,
        enabled: true,
        minAmountPaise: 2_500,
        maxBytes: 10 * 1024 * 1024,
        maxDurationMs: 8_000,
        allowAudio: true,
        holdForReview: false,
      })
      .onConflictDoNothing();
    await db.insert(schema.slugAliases).values({ alias: 'priya_live', streamerId: streamer.id });
    await db.insert(schema.obsTokens).values({ streamerId: streamer.id, token: 'obs-token-1' });
    await db.insert(schema.overlayPresence).values({
      instanceId: 'instance-a',
      streamerId: streamer.id,
      connections: 2,
    });
    await db.insert(schema.goals).values({
      streamerId: streamer.id,
      title: 'New mic 🎤',
      targetPaise: 2 ** 52 + 1,
    });
    await db.insert(schema.streamerModerators).values({
      streamerId: streamer.id,
      telegramUserId: 2 ** 52 + 7,
    });
    await db
      .insert(schema.telegramUserLanguages)
      .values({ telegramUserId: 2 ** 52 + 7, locale: 'hi' });
    await db.insert(schema.userSignups).values({
      name: 'Meera',
      mobileNumber: '9876543210',
      youtubeChannel: 'https://youtube.com/@meera',
      email: 'meera@example.com',
    });
    await db.insert(schema.contactMessages).values({
      name: 'Ravi',
      email: 'ravi@example.com',
      message: AWKWARD_TEXT,
    });
    await db.insert(schema.siteSettings).values({
      key: 'home_video_url',
      value: { url: 'https://youtube.com/watch?v=x', note: AWKWARD_TEXT, nested: [1, null] },
    });
    await db.insert(schema.mediaFiles).values({
      streamerId: streamer.id,
      kind: 'avatar',
      storageKey: 'media/avatar.webp',
      contentType: 'image/webp',
      sizeBytes: 1_024,
      uploadedBy: ownerUser.id,
    });
    await db.insert(schema.settingsAudit).values({
      streamerId: streamer.id,
      actorUserId: admin.id,
      actorEmail: admin.email,
      section: 'page',
      field: 'welcome_text',
      oldValue: '',
      newValue: AWKWARD_TEXT,
    });
    await db.insert(schema.invites).values({
      codeHash: 'hash-of-code',
      email: 'mod@example.com',
      streamerId: streamer.id,
      createdBy: admin.id,
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    // A wrong password counts against its e-mail and address; a shared rate-limit window.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: 'not-the-password' },
      remoteAddress: '203.0.113.8',
    });
    expect(wrong.statusCode).toBe(401);
    await db.insert(schema.rateLimitCounters).values({
      key: 'orders:203.0.113.7',
      hits: 3,
      resetsAt: new Date('2030-01-01T00:00:00.123Z'),
    });
    await db.insert(schema.backupRuns).values({
      slot: new Date('2026-11-25T22:30:00Z'),
      status: 'failed',
      error: AWKWARD_TEXT,
      instanceId: 'instance-1',
    });
    // The second wave's tables (issues 22-32), each with a row (kept if the app made one).
    await db.insert(schema.emailVerificationTokens).values({
      userId: ownerUser.id,
      tokenHash: 'hash-of-verification-token',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    await db
      .insert(schema.supporterMerges)
      .values({ streamerId: streamer.id, fromKey: 'fan-key-a', intoKey: 'fan-key-b' });
    await db
      .insert(schema.streamControls)
      .values({ streamerId: streamer.id, isPaused: true, waitingCount: 2 })
      .onConflictDoNothing();
    await db.insert(schema.planPurchases).values({
      orderId: 'plan_backup_test',
      streamerId: streamer.id,
      buyerUserId: ownerUser.id,
      planId: 'base',
      amountPaise: 39_900,
      provider: 'sandbox',
    });
    await db
      .insert(schema.streamerSpeechSettings)
      .values({
        streamerId: streamer.id,
        enabled: true,
        minAmountPaise: 100,
        maxChars: 200,
        volume: 80,
        readVoiceTips: false,
        voiceHi: 'hi',
        voiceEn: 'en-gb',
        templateHi: AWKWARD_TEXT,
        templateEn: '{name} tipped {amount} rupees: {message}',
      })
      .onConflictDoNothing();
    const [clip] = await db
      .insert(schema.speechClips)
      .values({
        cacheKey: 'backup-test-clip',
        provider: 'espeak',
        voice: 'hi',
        storageKey: 'speech/backup-test.wav',
        contentType: 'audio/wav',
        sizeBytes: 2_048,
      })
      .returning({ id: schema.speechClips.id });
    const [alert] = await db
      .select({ id: schema.alerts.id })
      .from(schema.alerts)
      .orderBy(schema.alerts.id)
      .limit(1);
    if (!alert || !clip) throw new Error('no alert or clip to give a speech job');
    await db
      .insert(schema.speechJobs)
      .values({ alertId: alert.id, streamerId: streamer.id, status: 'ready', clipId: clip.id })
      .onConflictDoNothing();
    // YouTube chat (issue 30): sealed tokens are opaque text to a backup.
    await db.insert(schema.youtubeConnections).values({
      streamerId: streamer.id,
      channelId: 'UCbackup',
      channelTitle: AWKWARD_TEXT,
      accessTokenEnc: 'v1.aXY.dGFn.Y2lwaGVy',
      refreshTokenEnc: 'v1.aXY.dGFn.cmVmcmVzaA',
      accessTokenExpiresAt: new Date('2030-01-01T00:00:00.123Z'),
      alertCursor: alert.id,
      lastErrorCode: 'live_chat_ended',
      lastErrorAt: new Date('2026-11-25T22:30:00Z'),
    });
    await db.insert(schema.youtubeChatSettings).values({
      streamerId: streamer.id,
      minAmountPaise: 10_000,
      template: JSON.stringify({ hi: AWKWARD_TEXT, en: '💸 {amount} from {name}: {message}' }),
    });
    const [session] = await db.select({ id: schema.sessions.id }).from(schema.sessions).limit(1);
    if (!session) throw new Error('no session to start a YouTube sign-in');
    await db.insert(schema.youtubeOauthStates).values({
      stateHash: 'hash-of-state',
      streamerId: streamer.id,
      sessionId: session.id,
      codeVerifierEnc: 'v1.aXY.dGFn.dmVyaWZpZXI',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    await db
      .insert(schema.youtubeChatJobs)
      .values({ alertId: alert.id, streamerId: streamer.id, status: 'posted', attempts: 1 })
      .onConflictDoNothing();
    await db
      .insert(schema.youtubeQuotaUsage)
      .values({ day: '2026-11-25', streamerId: streamer.id, units: 51, calls: 2 });
    await db.insert(schema.youtubeQuotaDays).values({ day: '2026-11-24' });
    // Payouts (issue 27): a creator's own gateway account (its secret sealed, opaque text to a
    // backup) that a tip was ordered with, and an Easy Split vendor.
    const [account] = await db
      .insert(schema.payoutAccounts)
      .values({
        streamerId: streamer.id,
        gateway: 'cashfree',
        environment: 'sandbox',
        keyId: 'TEST_backup_app',
        secretEnc: 'v1.aXY.dGFn.c2VjcmV0',
        secretLast4: 'cret',
      })
      .returning({ id: schema.payoutAccounts.id });
    const [accountTip] = await db
      .select({ id: schema.donations.id })
      .from(schema.donations)
      .limit(1);
    if (!account || !accountTip) throw new Error('no payout account or donation');
    await db
      .update(schema.donations)
      .set({ payoutAccountId: account.id })
      .where(eq(schema.donations.id, accountTip.id));
    await db.insert(schema.payoutVendors).values({
      streamerId: streamer.id,
      vendorId: 'sb_backup',
      legalName: AWKWARD_TEXT,
      panLast4: '234F',
      payoutTo: 'UPI pr•••@okhdfc',
      gatewayStatus: 'ACTIVE',
      status: 'active',
    });
    // Personal data (issue 29): a code, a rights-page session, a logged request, a retention run.
    await db.insert(schema.privacyCodes).values({
      phoneHash: 'hash-of-phone',
      codeHash: 'hash-of-code',
      expiresAt: new Date('2026-11-26T10:10:00Z'),
    });
    await db.insert(schema.privacySessions).values({
      tokenHash: 'hash-of-token',
      phoneHash: 'hash-of-phone',
      expiresAt: new Date('2026-11-26T10:30:00Z'),
    });
    await db.insert(schema.privacyRequests).values({
      subjectKind: 'fan',
      subjectRef: 'hash-of-phone',
      kind: 'correction',
      verifiedBy: 'sms_code',
      status: 'completed',
      detail: { note: AWKWARD_TEXT },
      dueAt: new Date('2026-12-26T10:00:00Z'),
      completedAt: new Date('2026-11-26T10:00:00Z'),
    });
    await db.insert(schema.retentionRuns).values({
      instanceId: 'backup-test',
      status: 'completed',
      counts: { fanPhone: 2 },
      finishedAt: new Date('2026-11-26T10:00:01Z'),
    });
    // Notice and consent (issue 29 part A): a tip's stream consent, given then withdrawn.
    await db.insert(schema.consentRecords).values({
      donationId: accountTip.id,
      purpose: 'stream_display',
      noticeVersion: 'donation@1',
      givenAt: new Date('2026-11-26T09:00:00Z'),
      withdrawnAt: new Date('2026-11-26T09:30:00Z'),
      ipAddress: '203.0.113.9',
      userAgentSummary: AWKWARD_TEXT,
    });
  }
});

/** Both drivers answer `{ rows }`; drizzle types the raw result loosely. */
function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
