import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MESSAGES } from '@shabaash/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';
import { clientAddress } from './client-address.ts';

/**
 * Uploads one client address may have in progress at once. A fan sends one recording at a
 * time; the rest leaves room for a retry and for a family or a mobile carrier's shared address.
 */
export const UPLOADS_IN_PROGRESS_PER_ADDRESS = 4;

/**
 * Uploads one instance receives at once, from everyone. Each takes at most its route's limit on
 * disk while it arrives (10 MB for a voice file) and in memory for the moment it is checked.
 */
export const UPLOADS_IN_PROGRESS_MAX = 64;

/** Where uploads are written while they arrive: DATA_DIR/uploads-incoming. */
export function spoolDirOf(dataDir: string): string {
  return path.join(dataDir, 'uploads-incoming');
}

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Before answering 413 we read, and throw away, at most this many times the limit more of the
 * body (for at most this long): a client that is still sending when the server hangs up often
 * never sees the answer. Nothing discarded is kept; past these limits we answer and hang up.
 */
const DISCARD_FACTOR = 2;
const DISCARD_TIMEOUT_MS = 30_000;

/** A file this old in the spool folder is a crashed instance's leftover. */
const LEFTOVER_AGE_MS = 3_600_000;

/** What one upload route accepts. */
export type UploadRules = {
  /** The largest file; a larger one is answered with `tooLarge()`, a 413. */
  maxBytes: number;
  tooLarge: () => AppError;
  /** Said when the request is not multipart or has no `file` part. */
  missingFile: string;
};

/** An uploaded file, complete on disk until the function given to `receive` returns. */
export type ReceivedFile = {
  sizeBytes: number;
  /** The whole file, for checking; never more than the route's `maxBytes`. */
  read(): Promise<Buffer>;
  /** Where it is on disk until `use` settles (media tips hand it to their transcoder). */
  path: string;
};

/**
 * The one multipart reader of every upload route (voice recordings, settings images and
 * sounds). The `file` part is streamed to a temporary file as it arrives, so a slow or huge
 * body holds a few kilobytes of memory, never the file; the limits below are checked before a
 * byte of the body is read. A body cut off or garbled on the way is a 400, the same everywhere.
 */
export class UploadReader {
  private readonly inProgress = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly spoolDir: string,
    private readonly limits = {
      perAddress: UPLOADS_IN_PROGRESS_PER_ADDRESS,
      total: UPLOADS_IN_PROGRESS_MAX,
    },
  ) {}

  /**
   * Receives the request's `file` part and hands it to `use`; the temporary file is deleted
   * when `use` settles, whatever it does. Refuses, before reading the body: a declared length
   * over the limit (413), a request that is not multipart (400), a client address with too many
   * uploads in progress (429) and an instance receiving too many at once (503).
   */
  async receive<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    rules: UploadRules,
    use: (file: ReceivedFile) => Promise<T>,
  ): Promise<T> {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > rules.maxBytes + MULTIPART_OVERHEAD_BYTES) {
      throw await refuseOversized(request, reply, rules, declared);
    }
    if (!request.isMultipart()) throw badRequest(rules.missingFile, 'missing_file');

    const release = this.takePlace(clientAddress(request));
    try {
      const file = await this.spool(request, reply, rules);
      try {
        return await use({
          sizeBytes: file.sizeBytes,
          read: () => fsp.readFile(file.path),
          path: file.path,
        });
      } finally {
        await fsp.rm(file.path, { force: true });
      }
    } finally {
      release();
    }
  }

  /** Deletes files a crashed instance left in the spool folder (call once at start-up). */
  async removeLeftovers(now: number = Date.now()): Promise<void> {
    const names = await fsp.readdir(this.spoolDir).catch(() => []);
    for (const name of names) {
      const file = path.join(this.spoolDir, name);
      const stats = await fsp.stat(file).catch(() => null);
      if (stats && now - stats.mtimeMs > LEFTOVER_AGE_MS) await fsp.rm(file, { force: true });
    }
  }

  /** Counts an upload in; the function returned counts it out (once). */
  private takePlace(address: string): () => void {
    const fromAddress = this.inProgress.get(address) ?? 0;
    if (this.total >= this.limits.total) {
      throw new AppError(503, 'uploads_busy', UPLOAD_MESSAGES.serverBusy);
    }
    if (fromAddress >= this.limits.perAddress) {
      throw new AppError(429, 'uploads_in_progress', UPLOAD_MESSAGES.tooManyInProgress);
    }
    this.inProgress.set(address, fromAddress + 1);
    this.total += 1;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.total -= 1;
      const left = (this.inProgress.get(address) ?? 1) - 1;
      if (left > 0) this.inProgress.set(address, left);
      else this.inProgress.delete(address);
    };
  }

  /** Streams the `file` part into a new file in the spool folder; removes it on any failure. */
  private async spool(
    request: FastifyRequest,
    reply: FastifyReply,
    rules: UploadRules,
  ): Promise<{ path: string; sizeBytes: number }> {
    const part = await request
      .file({
        limits: {
          fileSize: rules.maxBytes,
          files: 1,
          fields: 10,
          fieldSize: 1024,
          parts: 12,
          headerPairs: 20,
        },
        throwFileSizeLimit: false,
      })
      .catch(asMalformed);
    if (!part || part.fieldname !== 'file') throw badRequest(rules.missingFile, 'missing_file');

    // Past the limit the parser only drops bytes; stop there instead of waiting for the end.
    // (A body that arrived at once may have passed the limit already.)
    const tooLarge = new FileTooLarge();
    const stopAtLimit = () => part.file.destroy(tooLarge);
    if (part.file.truncated) stopAtLimit();
    else part.file.once('limit', stopAtLimit);
    await fsp.mkdir(this.spoolDir, { recursive: true });
    const file = path.join(this.spoolDir, `${crypto.randomUUID()}.part`);
    try {
      await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
      return { path: file, sizeBytes: (await fsp.stat(file)).size };
    } catch (error) {
      await fsp.rm(file, { force: true });
      if (error === tooLarge) throw await refuseOversized(request, reply, rules, null);
      return asMalformed(error);
    }
  }
}

/** Marks the file part as destroyed for being over the limit (not a broken body). */
class FileTooLarge extends Error {}

/**
 * A body cut off or garbled on the way (the parser's own errors, which carry no status, and a
 * connection closed mid-part) is a 400. Disk errors (they name a syscall) and errors that
 * already carry a status (the parser's 413 limits) pass as they are.
 */
function asMalformed(error: unknown): never {
  const isBrokenBody =
    error instanceof Error &&
    !('syscall' in error) &&
    (!('statusCode' in error) || ('code' in error && error.code === 'FST_MP_PREMATURE_CLOSE'));
  if (isBrokenBody) throw badRequest(UPLOAD_MESSAGES.malformed, 'malformed_multipart');
  throw error;
}

/**
 * The 413 for a body over the limit, sent with `Connection: close`. `remaining` is what the
 * client still means to send, when it said so: far too much is not waited for; otherwise the
 * rest is read and dropped first (bounded), so the answer reaches a client still sending.
 */
async function refuseOversized(
  request: FastifyRequest,
  reply: FastifyReply,
  rules: UploadRules,
  remaining: number | null,
): Promise<AppError> {
  const raw = request.raw;
  const discardLimit = DISCARD_FACTOR * rules.maxBytes;
  raw.unpipe(); // the multipart parser gets nothing more
  if (remaining === null || remaining <= discardLimit) await discardRest(raw, discardLimit);
  reply.header('connection', 'close');
  return rules.tooLarge();
}

/** Reads the rest of the body into nothing; stops at the end, the limit or the timeout. */
function discardRest(raw: FastifyRequest['raw'], limit: number): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limit) finish();
    };
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      raw.pause();
      resolve();
    };
    const timer = setTimeout(finish, DISCARD_TIMEOUT_MS);
    raw.on('data', onData).once('end', finish).once('close', finish).once('error', finish);
    raw.resume();
  });
}
