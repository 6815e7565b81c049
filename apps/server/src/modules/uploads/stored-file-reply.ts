import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../../storage/file-storage.ts';
import { matchesEtag, parseRange } from './http-range.ts';

/** A file a fan sent (a voice message, a media tip), as its serving route answers it. */
export type StoredFile = {
  id: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
};

/**
 * By default caches keep a fan's file and ask each time (a cheap 304 on the ETag): the file
 * never changes, but its fan may withdraw consent (issue 29), which no cached copy may outlive.
 */
const FAN_FILE_CACHE = 'public, no-cache';
/** For files that hold nothing a fan can take back (a speech clip is found by its words). */
export const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * Answers GET or HEAD for a stored file, by its unguessable id: the ETag (If-None-Match), byte
 * ranges (with If-Range) so players can seek, and `notFound()` when storage lost the file. HEAD
 * sends the headers without opening the file. `headers` are added to a served file.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFile,
  options: { notFound: () => Error; headers?: Record<string, string>; cacheControl?: string },
): Promise<FastifyReply> {
  const cacheControl = options.cacheControl ?? FAN_FILE_CACHE;
  const etag = `"${file.id}"`;
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.status(304).header('etag', etag).header('cache-control', cacheControl).send();
  }
  const ifRange = request.headers['if-range'];
  const requested =
    ifRange === undefined || ifRange === etag
      ? parseRange(request.headers.range, file.sizeBytes)
      : ({ kind: 'full' } as const);
  if (requested.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${file.sizeBytes}`)
      .send({ error: { code: 'range_not_satisfiable', message: 'Range not satisfiable.' } });
  }

  const range = requested.kind === 'partial' ? requested.range : undefined;
  const body = request.method === 'HEAD' ? null : await storage.get(file.storageKey, range);
  if (request.method !== 'HEAD' && !body) {
    request.log.warn({ fileId: file.id }, 'stored file missing from storage');
    throw options.notFound();
  }
  reply
    .headers(options.headers ?? {})
    .header('content-type', file.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', file.createdAt.toUTCString())
    .header('x-content-type-options', 'nosniff')
    .header('content-length', range ? range.end - range.start + 1 : file.sizeBytes);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
  }
  return reply.send(body ?? undefined);
}
