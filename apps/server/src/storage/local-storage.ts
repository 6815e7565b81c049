import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type ByteRange, type FileStorage } from './file-storage.ts';

/**
 * Files in a folder on this machine (DATA_DIR/uploads by default). The folder is created on
 * the first write, so an instance that never stores anything needs no writable disk.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  /** The content type is the caller's to keep (the database has it); a file has none. */
  async put(key: string, body: Buffer, _options?: { contentType: string }): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Write aside, then rename: a reader never sees half a file.
    const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await fsp.writeFile(temporary, body, { flag: 'wx' });
      await fsp.rename(temporary, file);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // The stream owns the handle: it is closed when the stream ends or is destroyed.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const stats = await fsp.stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
