import { z } from 'zod';

/** One scheduled backup as the admin console shows it (GET /api/admin/backups). */
export const backupRunSchema = z.object({
  /** The India-time slot it was scheduled for. */
  slot: z.string(),
  status: z.enum(['running', 'verified', 'failed']),
  /** The file's name (never the full path or bucket URL). */
  name: z.string().nullable(),
  size_bytes: z.number().nullable(),
  rows: z.number().nullable(),
  upload_files: z.number().nullable(),
  error: z.string().nullable(),
  /** Taken late: no instance was running at its time. */
  is_late: z.boolean(),
  finished_at: z.string().nullable(),
  /** Deleted by retention (kept here as history). */
  is_pruned: z.boolean(),
});

export const backupStatusSchema = z.object({
  /** False when BACKUP_TIME=off. */
  enabled: z.boolean(),
  /** HH:MM India time, or null when off. */
  time: z.string().nullable(),
  keep_daily: z.number(),
  keep_weekly: z.number(),
  /** Where backups are kept, in words. */
  destination: z.string(),
  next_at: z.string().nullable(),
  last_verified_at: z.string().nullable(),
  /** What needs the operator: the latest backup failed, or one was missed. Null: all well. */
  problem: z.object({ kind: z.enum(['failed', 'missed']), message: z.string() }).nullable(),
  runs: z.array(backupRunSchema),
});

export type BackupRunView = z.infer<typeof backupRunSchema>;
export type BackupStatus = z.infer<typeof backupStatusSchema>;
