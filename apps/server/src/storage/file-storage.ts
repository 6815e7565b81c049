import type { Readable } from 'node:stream';

/** An inclusive byte range, as in an HTTP Range header (`bytes=start-end`). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files live (DESIGN.md, Storage): a local folder by default, any S3-compatible
 * store when configured. Keys are ours (`voice/<uuid>.webm`), never names a user gave.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores a whole file; a later put of the same key replaces it. */
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** Streams the file, or the inclusive byte range of it; null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's size in bytes, or null when there is no such file. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe characters: no '..', no leading '/', no backslashes. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').includes('..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
