import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isAddressableKey, type S3FileStorage } from '../../storage/s3-storage.ts';

/**
 * Where scheduled backups are kept: the folder DATA_DIR/backups, or the S3 bucket (under
 * `backups/`) when S3 is configured, so a backup survives the loss of the machine that took it.
 */
export interface BackupStore {
  /** In words for the operator and the admin console. */
  readonly description: string;
  /** Keeps a finished backup file under `name`; the file is moved or uploaded. */
  save(name: string, file: string): Promise<{ location: string; sizeBytes: number }>;
  /** A local file with the stored copy's bytes, for the restore check; `done` cleans up. */
  localCopy(location: string, workDir: string): Promise<{ file: string; done(): Promise<void> }>;
  /** Deletes a stored backup (and its uploads copy); a missing one is no error. */
  remove(location: string): Promise<void>;
}

/** DATA_DIR/backups/<name>.sql, with the uploads folder's files beside it. */
export class LocalBackupStore implements BackupStore {
  readonly description: string;

  constructor(private readonly dir: string) {
    this.description = dir;
  }

  async save(name: string, file: string) {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const location = path.join(this.dir, `${name}.sql`);
    await fs.promises.rename(file, location);
    return { location, sizeBytes: (await fs.promises.stat(location)).size };
  }

  async localCopy(location: string) {
    return { file: location, done: async () => {} };
  }

  async remove(location: string) {
    await fs.promises.rm(location, { force: true });
    await fs.promises.rm(uploadsCopyDir(location), { recursive: true, force: true });
  }

  /**
   * Links every file of the uploads folder into `<name>.uploads/` beside the backup. Uploads
   * are never changed in place (a new file replaces one by rename), so a hard link is a true
   * copy of the file as it is now, and costs no space; another disk gets a real copy.
   */
  async copyUploads(location: string, uploadsDir: string): Promise<number> {
    const target = uploadsCopyDir(location);
    let entries: string[];
    try {
      entries = await fs.promises.readdir(uploadsDir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0; // nothing uploaded yet
      throw error;
    }
    let count = 0;
    for (const entry of entries) {
      const source = path.join(uploadsDir, entry);
      const stats = await fs.promises.stat(source).catch(() => null);
      if (!stats?.isFile() || entry.endsWith('.tmp')) continue; // a directory, or half a file
      const destination = path.join(target, entry);
      await fs.promises.mkdir(path.dirname(destination), { recursive: true });
      await fs.promises.link(source, destination).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return; // deleted meanwhile (an unpaid upload's cleanup)
        await fs.promises.copyFile(source, destination);
      });
      count += 1;
    }
    return count;
  }
}

/** `<name>.uploads` beside `<name>.sql`: the folder, or the key prefix, of its uploads copy. */
function uploadsCopyDir(location: string): string {
  return location.replace(/\.sql$/, '.uploads');
}

/** Where backups go in the bucket; the uploads copy skips it so backups never nest. */
const BACKUPS_PREFIX = 'backups/';

/**
 * `backups/<name>.sql` in the S3 bucket the uploads use, with a server-side copy of every
 * upload under `backups/<name>.uploads/` (the bucket copies; nothing is downloaded). Unlike a
 * hard link, each copy is billed as storage: the bucket holds the uploads once per kept backup.
 */
export class S3BackupStore implements BackupStore {
  readonly description: string;

  constructor(
    private readonly storage: S3FileStorage,
    bucket: string,
  ) {
    this.description = `the S3 bucket ${bucket} (${BACKUPS_PREFIX})`;
  }

  async save(name: string, file: string) {
    const location = `${BACKUPS_PREFIX}${name}.sql`;
    // Backups of a tipping site's database are megabytes: one PUT is simple and enough.
    const body = await fs.promises.readFile(file);
    await this.storage.put(location, body, { contentType: 'application/sql' });
    await fs.promises.rm(file, { force: true });
    return { location, sizeBytes: body.length };
  }

  async localCopy(location: string, workDir: string) {
    const stream = await this.storage.get(location);
    if (!stream) throw new Error(`the stored backup ${location} is missing from the bucket`);
    await fs.promises.mkdir(workDir, { recursive: true });
    const file = path.join(workDir, `check-${path.basename(location)}`);
    await pipeline(stream, fs.createWriteStream(file));
    return { file, done: () => fs.promises.rm(file, { force: true }) };
  }

  async remove(location: string) {
    await this.storage.delete(location);
    await this.storage.deleteUnder(`${uploadsCopyDir(location)}/`);
  }

  /**
   * Copies every object of the bucket outside `backups/` (the uploads, whatever their
   * prefix) to `backups/<name>.uploads/<key>`: how many were copied.
   */
  async copyUploads(location: string): Promise<number> {
    const target = `${uploadsCopyDir(location)}/`;
    let count = 0;
    for (const { key } of await this.storage.list('')) {
      // A key with a `.` or `..` segment was not written by Shabaash and cannot be copied by
      // path; skipping it keeps the database backup rather than failing it.
      if (key.startsWith(BACKUPS_PREFIX) || !isAddressableKey(key)) continue;
      // false: deleted since the listing (an unpaid upload's cleanup).
      if (await this.storage.copy(key, `${target}${key}`)) count += 1;
    }
    return count;
  }
}
