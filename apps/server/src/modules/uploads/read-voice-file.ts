import { VOICE_LIMITS, VOICE_MESSAGES } from '@shabaash/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.ts';
import { payloadTooLarge } from './uploads.service.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Before answering 413 we read, and throw away, at most this much more of the body (for at
 * most this long): a client that is still sending when the server hangs up often never sees
 * the answer. Nothing discarded is kept; past these limits we answer and hang up at once.
 */
const DISCARD_LIMIT_BYTES = 2 * VOICE_LIMITS.maxBytes;
const DISCARD_TIMEOUT_MS = 30_000;

/**
 * Reads the `file` part of a multipart request into memory, never more than the 10 MB limit:
 * a declared Content-Length over it is refused before a byte is read, and a body that grows
 * past it while streaming is cut off there.
 */
export async function readVoiceFile(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > VOICE_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw await refuseOversized(request, reply, declared);
  }
  if (!request.isMultipart()) throw badRequest(VOICE_MESSAGES.missingFile, 'missing_file');

  const part = await request
    .file({
      limits: {
        fileSize: VOICE_LIMITS.maxBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 20,
      },
      throwFileSizeLimit: false,
    })
    .catch(malformedAsBadRequest);
  if (!part || part.fieldname !== 'file') {
    throw badRequest(VOICE_MESSAGES.missingFile, 'missing_file');
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) {
      chunks.push(chunk as Buffer);
      if (part.file.truncated) break;
    }
  } catch (error) {
    malformedAsBadRequest(error);
  }
  if (part.file.truncated) throw await refuseOversized(request, reply, null);
  return Buffer.concat(chunks);
}

/**
 * The multipart parser's own errors (no boundary, a body cut off inside a part) carry no status:
 * they are a broken request, so they become a 400 rather than a 500. Errors with a status pass.
 */
function malformedAsBadRequest(error: unknown): never {
  if (error instanceof Error && !('statusCode' in error)) {
    throw badRequest(VOICE_MESSAGES.missingFile, 'malformed_multipart');
  }
  throw error;
}

/**
 * The 413 for a body over the limit, sent with `Connection: close`. `remaining` is what the
 * client still means to send, when it said so: far too much is not waited for; otherwise the
 * rest is read and dropped first (bounded), so the answer reaches a client that is still
 * sending.
 */
async function refuseOversized(
  request: FastifyRequest,
  reply: FastifyReply,
  remaining: number | null,
) {
  const raw = request.raw;
  raw.unpipe(); // the multipart parser gets nothing more
  if (remaining === null || remaining <= DISCARD_LIMIT_BYTES) await discardRest(raw);
  reply.header('connection', 'close');
  return payloadTooLarge();
}

/** Reads the rest of the body into nothing; stops at the end, the limit or the timeout. */
function discardRest(raw: FastifyRequest['raw']): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_LIMIT_BYTES) finish();
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
