import { SETTINGS_MESSAGES } from '@shabaash/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, type AppError } from '../../errors.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/**
 * A body declared past this many times the limit is refused before a byte is read; smaller
 * ones are read to the end (the file part stops growing at the limit) so that the client,
 * still sending, gets to see the 413.
 */
const READ_TO_END_FACTOR = 4;

/**
 * Reads the `file` part of a multipart request into memory, never more than `maxBytes`; a
 * larger file is answered with `tooLarge` (a 413). The content is judged by the caller.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { maxBytes: number; tooLarge: () => AppError },
): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > options.maxBytes * READ_TO_END_FACTOR + MULTIPART_OVERHEAD_BYTES) {
    reply.header('connection', 'close');
    throw options.tooLarge();
  }
  if (!request.isMultipart()) throw badRequest(SETTINGS_MESSAGES.missingFile, 'missing_file');
  const part = await request.file({
    limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    throwFileSizeLimit: false,
  });
  if (!part || part.fieldname !== 'file') {
    throw badRequest(SETTINGS_MESSAGES.missingFile, 'missing_file');
  }
  const chunks: Buffer[] = [];
  // Read to the end even past the limit: the parser drops the excess, the client sees the 413.
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw options.tooLarge();
  return Buffer.concat(chunks);
}
