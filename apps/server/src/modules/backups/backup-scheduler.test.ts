import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../db/backup.ts';
import { backupRuns, contactMessages } from '../../db/schema.ts';
import { findStreamerBySlug } from '../streamers/streamers.service.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { startFakeS3, type FakeS3 } from '../../storage/fake-s3-server.test-helper.ts';
import { S3FileStorage } from '../../storage/s3-storage.ts';
import { backupName } from './backup-schedule.ts';
import { BackupScheduler, type BackupSchedulerOptions } from './backup-scheduler.ts';
import { LocalBackupStore, S3BackupStore, type BackupStore } from './backup-store.ts';
import { getBackupStatus } from './backups.service.ts';

/** 04:00 in India on a day of November 2026 (22:30 UTC the day before). */
const indiaFourAm = (day: number) => new Date(Date.UTC(2026, 10, day - 1, 22, 30));
const MINUTE = 60_000;

/** Log lines by level, so a test can see what the operator would. */
function recordingLog() {
  const lines: Array<{ level: string; message: string }> = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({ level, message: String(args.find((arg) => typeof arg === 'string') ?? '') });
    };
  const log = {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    child: () => log,
    level: 'info',
  };
  // Only the level methods are called; a full pino logger is not needed to record them.
  return { lines, log: log as unknown as FastifyBaseLogger };
}

describe('scheduled backups', () => {
  let testApp: TestApp;
  let dir: string;
  let now: Date;
  const scratchDatabases: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    const owner = await buildUser(testApp.database.db);
    await buildStreamer(testApp.database.db, { slug: 'backedup', memberIds: [owner.id] });
    await buildStreamer(testApp.database.db, { slug: 'backedup-too' });
    await testApp.database.db.insert(contactMessages).values([
      { name: 'Asha', email: 'asha@example.com', message: 'Hello' },
      { name: 'Ravi', email: 'ravi@example.com', message: 'Namaste' },
    ]);
  });
  afterAll(() => testApp.close());
  afterEach(async () => {
    await testApp.database.db.delete(backupRuns);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function scheduler(overrides: Partial<BackupSchedulerOptions> = {}) {
    dir = dir && fs.existsSync(dir) ? dir : fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bk-'));
    const recorded = recordingLog();
    const instance = new BackupScheduler({
      database: testApp.database,
      store: new LocalBackupStore(path.join(dir, 'backups')),
      uploadsDir: path.join(dir, 'uploads'),
      workDir: path.join(dir, 'work'),
      time: '04:00',
      retention: { keepDaily: 3, keepWeekly: 2 },
      instanceId: 'test-instance',
      log: recorded.log,
      clock: () => now,
      openScratchDatabase: async () => {
        scratchDatabases.push('opened');
        return createTestDatabase();
      },
      ...overrides,
    });
    return { instance, lines: recorded.lines };
  }

  const backupFiles = () =>
    fs
      .readdirSync(path.join(dir, 'backups'))
      .filter((name) => name.endsWith('.sql'))
      .sort();

  it('takes each day’s backup at its time, checks it, copies uploads and prunes by retention', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bk-'));
    fs.mkdirSync(path.join(dir, 'uploads/voice'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'uploads/voice/a.webm'), 'voice bytes');
    const { instance } = scheduler({ retention: { keepDaily: 1, keepWeekly: 1 } });

    now = new Date(indiaFourAm(13).getTime() - MINUTE); // 03:59 on Friday 13 November
    expect(await instance.tick()).toBeNull(); // a new installation starts with the next slot
    for (let day = 13; day <= 16; day += 1) {
      now = new Date(indiaFourAm(day).getTime() + MINUTE);
      const run = await instance.tick();
      expect(run, `${day} November`).toMatchObject({ status: 'verified' });
      expect(await instance.tick()).toBeNull(); // once a day, however often it ticks
    }

    // Monday 16 November is the daily one; Sunday 15 November the newest of the week before.
    expect(backupFiles()).toEqual([15, 16].map((day) => `${backupName(indiaFourAm(day))}.sql`));
    expect(backupName(indiaFourAm(16))).toBe('shabaash-2026-11-16-0400-ist');
    const runs = await testApp.database.db.select().from(backupRuns);
    expect(runs).toHaveLength(4);
    expect(runs.filter((run) => run.prunedAt === null)).toHaveLength(2);
    // Each was checked by a restore into a throw-away database.
    expect(scratchDatabases.length).toBeGreaterThanOrEqual(4);

    const latest = path.join(dir, 'backups', `${backupName(indiaFourAm(16))}.sql`);
    const uploadsCopy = (day: number) =>
      path.join(dir, 'backups', `${backupName(indiaFourAm(day))}.uploads/voice/a.webm`);
    expect(fs.readFileSync(uploadsCopy(16), 'utf8')).toBe('voice bytes');
    expect(fs.existsSync(uploadsCopy(13))).toBe(false); // pruned with its backup

    // The restore drill: the kept file brings the data back into an empty database.
    const fresh = await createTestDatabase();
    try {
      await restoreBackup(fresh.db, latest);
      expect(await findStreamerBySlug(fresh.db, 'backedup')).toMatchObject({ slug: 'backedup' });
      const [messages] = await fresh.db.select({ n: count() }).from(contactMessages);
      expect(messages?.n).toBe(2);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('detects a backup damaged in storage: the run fails, is logged as an error and is removed', async () => {
    const local = () => new LocalBackupStore(path.join(dir, 'backups'));
    /** Stores the file with one contact message missing: it still restores, one row short. */
    const droppingARow: BackupStore = {
      get description() {
        return local().description;
      },
      save: async (name, file) => {
        const text = fs.readFileSync(file, 'utf8');
        const section = text.indexOf('-- Table contact_messages\n');
        const damaged =
          text.slice(0, section) + text.slice(section).replace(/,\n\([^\n]*\);\n/, ';\n');
        expect(damaged).not.toBe(text);
        fs.writeFileSync(file, damaged);
        return local().save(name, file);
      },
      localCopy: (location) => local().localCopy(location),
      remove: (location) => local().remove(location),
    };
    const { instance, lines } = scheduler({ store: droppingARow });
    now = new Date(indiaFourAm(20).getTime() + MINUTE);
    const run = await instance.tick();
    expect(run?.status).toBe('failed');
    expect(run?.error).toMatch(
      /the check restored \d+ rows of contact_messages where the database had \d+/,
    );
    expect(lines.some((line) => line.level === 'error' && /backup failed/.test(line.message))).toBe(
      true,
    );
    expect(backupFiles()).toEqual([]); // no file anyone could restore by mistake

    // A file cut short fails its check too.
    const truncating: BackupStore = {
      ...droppingARow,
      description: 'truncating',
      save: async (name, file) => {
        const text = fs.readFileSync(file, 'utf8');
        fs.writeFileSync(file, text.slice(0, Math.floor(text.length / 2)));
        return local().save(name, file);
      },
    };
    now = new Date(indiaFourAm(21).getTime() + MINUTE);
    const cut = await scheduler({ store: truncating }).instance.tick();
    expect(cut?.status).toBe('failed');
    expect(cut?.error).toMatch(/Nothing was restored/);

    // The admin console names the problem.
    const status = await getBackupStatus(testApp.database.db, testApp.config, now);
    expect(status.problem).toMatchObject({ kind: 'failed' });
    expect(status.runs[0]).toMatchObject({ status: 'failed', is_pruned: false });
  });

  it('takes a missed backup late, logged at error level, and shows a missed one in the console', async () => {
    const { instance, lines } = scheduler();
    now = new Date(indiaFourAm(22).getTime() + MINUTE);
    expect(await instance.tick()).toMatchObject({ status: 'verified', isLate: false });

    // No instance ran on 23 November; one starts on the 24th at 05:00, after that day's slot
    // too: the 24th's backup is taken, late, and the operator is told.
    now = new Date(indiaFourAm(24).getTime() + 60 * MINUTE);
    expect((await getBackupStatus(testApp.database.db, testApp.config, now)).problem).toMatchObject(
      { kind: 'missed' },
    );
    expect(await instance.tick()).toMatchObject({ status: 'verified', isLate: true });
    expect(lines.some((line) => line.level === 'error' && /missed/.test(line.message))).toBe(true);
    const status = await getBackupStatus(testApp.database.db, testApp.config, now);
    expect(status.problem).toBeNull();
    expect(status.runs[0]).toMatchObject({ is_late: true, status: 'verified' });
  });

  it('lets one instance take the backup when several tick at once', async () => {
    now = new Date(indiaFourAm(25).getTime() + MINUTE);
    const first = scheduler().instance;
    const second = scheduler({ instanceId: 'other-instance' }).instance;
    const results = await Promise.all([first.tick(), second.tick()]);
    expect(results.filter((run) => run?.status === 'verified')).toHaveLength(1);
    const [rows] = await testApp.database.db
      .select({ n: count() })
      .from(backupRuns)
      .where(eq(backupRuns.status, 'verified'));
    expect(rows?.n).toBe(1);
    expect(backupFiles()).toHaveLength(1);
  });

  describe('to S3', () => {
    let fake: FakeS3;
    beforeAll(async () => {
      fake = await startFakeS3();
    });
    afterAll(() => fake.close());

    it('uploads the backup to the bucket, checks the stored copy, copies the uploads there and prunes both', async () => {
      const storage = new S3FileStorage({
        endpoint: fake.url,
        bucket: fake.bucket,
        accessKeyId: fake.accessKeyId,
        secretAccessKey: fake.secretAccessKey,
      });
      await storage.put('voice/a.webm', Buffer.from('voice bytes'), { contentType: 'audio/webm' });
      await storage.put('media/image/b.png', Buffer.from('png bytes'), {
        contentType: 'image/png',
      });
      // Put there by hand: our keys never hold spaces or accents, the bucket's may.
      fake.objects.set('voice/namasté tip.webm', {
        body: Buffer.from('more voice'),
        contentType: 'audio/webm',
      });
      const uploads = ['media/image/b.png', 'voice/a.webm', 'voice/namasté tip.webm'];
      const { instance } = scheduler({
        store: new S3BackupStore(storage, fake.bucket),
        uploadsDir: null,
        retention: { keepDaily: 1, keepWeekly: 0 },
      });

      now = new Date(indiaFourAm(26).getTime() + MINUTE);
      const before = fake.requests.length;
      const run = await instance.tick();
      const name = backupName(indiaFourAm(26));
      const key = `backups/${name}.sql`;
      expect(run).toMatchObject({ status: 'verified', location: key, uploadFiles: 3 });
      expect(fake.objects.get(key)?.body.toString('utf8')).toMatch(
        /^-- Shabaash database backup\n/,
      );
      // The check read the bucket's copy back, not the file it had just written.
      expect(
        fake.requests.some((request) => request.method === 'GET' && request.path.endsWith(key)),
      ).toBe(true);
      for (const upload of uploads) {
        expect(fake.objects.get(`backups/${name}.uploads/${upload}`)).toEqual(
          fake.objects.get(upload),
        );
      }
      // Copied by the bucket: no upload was downloaded.
      const requests = fake.requests.slice(before);
      expect(requests.filter((request) => request.headers['x-amz-copy-source'])).toHaveLength(3);
      expect(
        requests.filter((request) => request.method === 'GET' && !request.path.includes('?')),
      ).toEqual([expect.objectContaining({ path: `/voices/${key}` })]);

      // The next day's copy skips backups/ (no backup of backups), and retention deletes the
      // older backup with its uploads copy.
      now = new Date(indiaFourAm(27).getTime() + MINUTE);
      const next = await instance.tick();
      const nextName = backupName(indiaFourAm(27));
      expect(next).toMatchObject({ status: 'verified', uploadFiles: 3 });
      expect(
        [...fake.objects.keys()].filter((stored) => stored.startsWith('backups/')).sort(),
      ).toEqual(
        [
          `backups/${nextName}.sql`,
          ...uploads.map((upload) => `backups/${nextName}.uploads/${upload}`),
        ].sort(),
      );
      const [pruned] = await testApp.database.db
        .select()
        .from(backupRuns)
        .where(eq(backupRuns.location, key));
      expect(pruned?.prunedAt).not.toBeNull();
      expect(uploads.every((upload) => fake.objects.has(upload))).toBe(true);
    });
  });

  it('shows the schedule and runs to site admins only', async () => {
    now = new Date(indiaFourAm(27).getTime() + MINUTE);
    await scheduler().instance.tick();
    const admin = await buildUser(testApp.database.db, { role: 'admin' });
    const { headers } = await signIn(testApp.app, admin.email, admin.password);
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/admin/backups', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      enabled: true,
      time: '04:00',
      keep_daily: 7,
      keep_weekly: 4,
      runs: [{ status: 'verified', name: `${backupName(indiaFourAm(27))}.sql` }],
    });
    // Runs name their file, never a path on the server or a bucket URL.
    expect(answer.json().runs[0].name).not.toContain('/');
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/backups' });
    expect(anonymous.statusCode).toBe(401);
  });
});
