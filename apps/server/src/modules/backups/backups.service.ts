import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupStatus } from '@shabaash/core';
import type { Config } from '../../config.ts';
import type { Database, DatabaseConnection } from '../../db/client.ts';
import { backupRuns } from '../../db/schema.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { S3FileStorage } from '../../storage/s3-storage.ts';
import { latestSlot, nextSlot } from './backup-schedule.ts';
import { BackupScheduler, type BackupRun } from './backup-scheduler.ts';
import { LocalBackupStore, S3BackupStore, type BackupStore } from './backup-store.ts';

/** Runs listed in the admin console: two weeks of daily backups. */
const RUNS_SHOWN = 14;
/** A slot with no run this long after its time counts as missed. */
const MISSED_AFTER_MS = 60 * 60_000;

/** Where backups go: beside the uploads, so S3 when S3 is configured, else DATA_DIR/backups. */
export function createBackupStore(config: Config): BackupStore {
  const storage = createFileStorage(config);
  if (storage instanceof S3FileStorage) return new S3BackupStore(storage, config.S3_BUCKET ?? '');
  return new LocalBackupStore(path.join(config.dataDir, 'backups'));
}

/** The scheduler for this configuration (BACKUP_TIME must not be `off`). */
export function createBackupScheduler(
  config: Config,
  database: DatabaseConnection,
  log: FastifyBaseLogger,
  instanceId: string,
): BackupScheduler {
  const store = createBackupStore(config);
  return new BackupScheduler({
    database,
    store,
    uploadsDir: store instanceof LocalBackupStore ? path.join(config.dataDir, 'uploads') : null,
    workDir: path.join(config.dataDir, 'backups-work'),
    time: config.BACKUP_TIME,
    retention: { keepDaily: config.BACKUP_KEEP_DAILY, keepWeekly: config.BACKUP_KEEP_WEEKLY },
    instanceId,
    log,
  });
}

/** What the admin console shows about backups: the schedule, the recent runs, any problem. */
export async function getBackupStatus(
  db: Database,
  config: Config,
  now = new Date(),
): Promise<BackupStatus> {
  const runs = await db.select().from(backupRuns).orderBy(desc(backupRuns.slot)).limit(RUNS_SHOWN);
  const [lastVerified] = await db
    .select({ finishedAt: backupRuns.finishedAt })
    .from(backupRuns)
    .where(eq(backupRuns.status, 'verified'))
    .orderBy(desc(backupRuns.slot))
    .limit(1);
  const isEnabled = config.BACKUP_TIME !== 'off';
  return {
    enabled: isEnabled,
    time: isEnabled ? config.BACKUP_TIME : null,
    keep_daily: config.BACKUP_KEEP_DAILY,
    keep_weekly: config.BACKUP_KEEP_WEEKLY,
    destination: createBackupStore(config).description,
    next_at: isEnabled ? nextSlot(now, config.BACKUP_TIME).toISOString() : null,
    last_verified_at: lastVerified?.finishedAt?.toISOString() ?? null,
    problem: isEnabled ? findProblem(runs, config.BACKUP_TIME, now) : null,
    runs: runs.map(presentRun),
  };
}

function findProblem(runs: BackupRun[], time: string, now: Date): BackupStatus['problem'] {
  const latest = runs[0];
  if (!latest) return null; // a new installation: the first backup is still to come
  const due = latestSlot(new Date(now.getTime() - MISSED_AFTER_MS), time);
  if (latest.slot < due) {
    return {
      kind: 'missed',
      message: `No backup was taken for ${due.toISOString()}: no instance was running, or the backup could not start.`,
    };
  }
  if (latest.status === 'failed') {
    return { kind: 'failed', message: latest.error ?? 'The latest backup failed.' };
  }
  return null;
}

function presentRun(run: BackupRun): BackupStatus['runs'][number] {
  return {
    slot: run.slot.toISOString(),
    status: run.status,
    name: run.location ? path.basename(run.location) : null,
    size_bytes: run.sizeBytes,
    rows: run.rows,
    upload_files: run.uploadFiles,
    error: run.error,
    is_late: run.isLate,
    finished_at: run.finishedAt?.toISOString() ?? null,
    is_pruned: run.prunedAt !== null,
  };
}
