import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BackupError, restoreBackup, writeBackup, type BackupSummary } from '../../db/backup.ts';
import { openDatabase, type DatabaseConnection } from '../../db/client.ts';
import { backupRuns } from '../../db/schema.ts';
import { tryTakePollerLock } from '../telegram/poller-lock.ts';
import { backupName, backupsToKeep, latestSlot, type Retention } from './backup-schedule.ts';
import { LocalBackupStore, S3BackupStore, type BackupStore } from './backup-store.ts';

export type BackupRun = typeof backupRuns.$inferSelect;

/** A slot whose run starts this long after its time was missed (the server was not running). */
const LATE_AFTER_MS = 15 * 60_000;
/** The database lock that elects the one instance taking a backup. */
const BACKUP_LOCK = 'shabaash:scheduled-backup';

export type BackupSchedulerOptions = {
  database: DatabaseConnection;
  store: BackupStore;
  /** The local uploads folder to copy beside each backup; null when uploads are on S3. */
  uploadsDir: string | null;
  /** Where backups are written before they are stored (a folder under DATA_DIR). */
  workDir: string;
  /** HH:MM, India time. */
  time: string;
  retention: Retention;
  instanceId: string;
  log: FastifyBaseLogger;
  /** The current time; tests move it by hand. */
  clock?: () => Date;
  /** A fresh, migrated, empty database the check restores into (in-memory PGlite). */
  openScratchDatabase?: () => Promise<DatabaseConnection>;
};

/**
 * Takes the daily backup when its time comes, checks it by restoring it into a throw-away
 * database, and deletes the ones retention no longer keeps. Every instance ticks; a database
 * lock and the slot's unique row make sure one of them takes each day's backup, once.
 */
export class BackupScheduler {
  private readonly clock: () => Date;
  private readonly openScratchDatabase: () => Promise<DatabaseConnection>;

  constructor(private readonly options: BackupSchedulerOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.openScratchDatabase = options.openScratchDatabase ?? openMigratedScratchDatabase;
  }

  /** Checks every minute whether a backup is due; returns the stop function. */
  start(intervalMs = 60_000): () => void {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = this.tick()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'backup tick failed'))
        .finally(() => (running = null));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * Takes the backup of the latest slot if no instance has: the run, or null when there was
   * nothing to do (already taken, failed for good, or another instance holds the lock).
   */
  async tick(): Promise<BackupRun | null> {
    const now = this.clock();
    const slot = latestSlot(now, this.options.time);
    const existing = await this.findRun(slot);
    if (existing && existing.status !== 'running') return null;
    const lock = await tryTakePollerLock(this.options.database, BACKUP_LOCK);
    if (!lock) return null; // another instance is taking it
    try {
      return await this.takeBackup(slot, now);
    } finally {
      await lock.release();
    }
  }

  private async takeBackup(slot: Date, now: Date): Promise<BackupRun | null> {
    const { log } = this.options;
    const db = this.options.database.db;
    // Read again under the lock: the instance that held it may have finished this slot.
    const existing = await this.findRun(slot);
    if (existing && existing.status !== 'running') return null;
    // A "running" row nobody holds the lock for was left by an instance that stopped mid-way.
    if (existing) await db.delete(backupRuns).where(eq(backupRuns.id, existing.id));
    const isLate = now.getTime() - slot.getTime() > LATE_AFTER_MS;
    // A new installation starts with the next slot: nothing was missed before its first start.
    if (isLate && !(await this.hasHistory())) return null;
    if (isLate) {
      log.error(
        { slot: slot.toISOString() },
        'the scheduled backup was missed (no instance was running at its time); taking it now',
      );
    }
    const [run] = await db
      .insert(backupRuns)
      .values({ slot, status: 'running', isLate, instanceId: this.options.instanceId })
      .onConflictDoNothing()
      .returning();
    if (!run) return null;

    let location: string | null = null;
    try {
      const name = backupName(slot);
      await fs.promises.mkdir(this.options.workDir, { recursive: true });
      const workFile = path.join(this.options.workDir, `${name}.sql`);
      const summary = await writeBackup(db, workFile, this.options.database.kind);
      const saved = await this.options.store.save(name, workFile);
      location = saved.location;
      await this.verify(location, summary);
      const uploadFiles = await this.copyUploads(location);
      const [done] = await db
        .update(backupRuns)
        .set({
          status: 'verified',
          location,
          sizeBytes: saved.sizeBytes,
          rows: summary.tables.reduce((sum, table) => sum + table.rows, 0),
          tables: summary.tables.length,
          uploadFiles,
          finishedAt: this.clock(),
        })
        .where(eq(backupRuns.id, run.id))
        .returning();
      log.info({ location, slot: slot.toISOString() }, 'backup taken and verified');
      await this.prune();
      return done ?? null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, slot: slot.toISOString() }, `backup failed: ${message}`);
      // A backup that failed its check is no backup: nobody should restore it by mistake.
      if (location) await this.options.store.remove(location).catch(() => {});
      const [failed] = await db
        .update(backupRuns)
        .set({ status: 'failed', error: message, finishedAt: this.clock() })
        .where(eq(backupRuns.id, run.id))
        .returning();
      return failed ?? null;
    }
  }

  /**
   * Restores the stored copy into a throw-away database and compares every table's rows with
   * what was read: a file damaged on the way, cut short or unreadable fails here, not on the
   * day someone needs it.
   */
  private async verify(location: string, summary: BackupSummary): Promise<void> {
    const copy = await this.options.store.localCopy(location, this.options.workDir);
    const scratch = await this.openScratchDatabase();
    try {
      const restored = await restoreBackup(scratch.db, copy.file);
      const restoredRows = new Map(restored.tables.map((table) => [table.name, table.rows]));
      for (const table of summary.tables) {
        const rows = restoredRows.get(table.name) ?? 0;
        if (rows !== table.rows) {
          throw new BackupError(
            `the check restored ${rows} rows of ${table.name} where the database had ${table.rows}`,
          );
        }
      }
    } finally {
      await scratch.close();
      await copy.done();
    }
  }

  /** Copies the uploads beside the backup: how many files, or null when this store keeps none. */
  private async copyUploads(location: string): Promise<number | null> {
    const { store, uploadsDir } = this.options;
    // On S3 the uploads are objects in the backup's bucket: the bucket copies them itself.
    if (store instanceof S3BackupStore) return store.copyUploads(location);
    if (!uploadsDir || !(store instanceof LocalBackupStore)) return null;
    return store.copyUploads(location, uploadsDir);
  }

  /** Deletes the verified backups retention no longer keeps; their rows stay as history. */
  private async prune(): Promise<void> {
    const db = this.options.database.db;
    const stored = await db
      .select()
      .from(backupRuns)
      .where(and(eq(backupRuns.status, 'verified'), isNull(backupRuns.prunedAt)));
    const kept = new Set(backupsToKeep(stored, this.options.retention));
    for (const run of stored) {
      if (kept.has(run) || !run.location) continue;
      await this.options.store.remove(run.location);
      await db.update(backupRuns).set({ prunedAt: this.clock() }).where(eq(backupRuns.id, run.id));
      this.options.log.info({ location: run.location }, 'old backup deleted by retention');
    }
  }

  private async hasHistory(): Promise<boolean> {
    const db = this.options.database.db;
    return (await db.select({ id: backupRuns.id }).from(backupRuns).limit(1)).length > 0;
  }

  private async findRun(slot: Date): Promise<BackupRun | undefined> {
    const [run] = await this.options.database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.slot, slot))
      .orderBy(desc(backupRuns.startedAt))
      .limit(1);
    return run;
  }
}

async function openMigratedScratchDatabase(): Promise<DatabaseConnection> {
  const scratch = await openDatabase({});
  await scratch.migrate();
  return scratch;
}
