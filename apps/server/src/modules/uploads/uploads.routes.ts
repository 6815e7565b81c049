import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { VOICE_LIMITS, VOICE_MESSAGES, type VoiceUploadResponse } from '@shabaash/core';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import type { UploadRules } from '../../lib/upload-reader.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { matchesEtag, parseRange } from './http-range.ts';
import {
  findAttachedUpload,
  payloadTooLarge,
  requireRoomForUploads,
  storeVoiceUpload,
} from './uploads.service.ts';

/** A fan records a few takes at most; a script uploading all day is cut off. */
const UPLOADS_PER_MINUTE = 10;
const UPLOADS_PER_HOUR = 60;

/** The recording: at most 10 MB (413), and no larger than its length needs (storeVoiceUpload). */
const VOICE_FILE: UploadRules = {
  maxBytes: VOICE_LIMITS.maxBytes,
  tooLarge: payloadTooLarge,
  missingFile: VOICE_MESSAGES.missingFile,
};

/**
 * The recording is streamed to disk by the UploadReader and cut off at 10 MB (413); this limit
 * bounds only the bodies Fastify would buffer and parse (JSON, text), which are refused anyway:
 * they are not a file.
 */
const VOICE_UPLOAD_ROUTE = { bodyLimit: 64 * 1024 };

/**
 * A voice file never changes once stored, but its fan may withdraw consent (issue 29): caches
 * keep it and ask each time (the ETag makes that a cheap 304), so a withdrawal takes effect at
 * once instead of after a year of cached copies.
 */
const VOICE_CACHE = 'public, no-cache';

const mediaParams = z.object({ uploadId: z.uuid() });

/** Voice uploads (before payment) and the voice files of paid donations. */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(fastifyMultipart);
  const db = app.database.db;
  const storage = createFileStorage(app.config);
  const maxUnclaimedBytes = app.config.UNCLAIMED_UPLOADS_MAX_MB * 1024 * 1024;
  const uploadLimit = (name: string, max: number, windowMs: number) =>
    defineRateLimit(app, { name, max, windowMs, message: VOICE_MESSAGES.tooManyUploads });
  const perMinute = uploadLimit('voice-uploads-minute', UPLOADS_PER_MINUTE, 60_000);
  const perHour = uploadLimit('voice-uploads-hour', UPLOADS_PER_HOUR, 3_600_000);

  /** Multipart, field `file`: checked by its content, stored, answered with its id. */
  app.post(
    '/api/uploads/voice',
    VOICE_UPLOAD_ROUTE,
    async (request, reply): Promise<VoiceUploadResponse> => {
      await perMinute.consume(request, reply);
      await perHour.consume(request, reply);
      await requireRoomForUploads(db, maxUnclaimedBytes);
      const upload = await app.uploads.receive(request, reply, VOICE_FILE, async (file) =>
        storeVoiceUpload({ db, storage }, await file.read()),
      );
      reply.status(201);
      return { upload_id: upload.id, duration_ms: upload.durationMs };
    },
  );

  /**
   * A paid donation's voice message, by its unguessable upload id. Range requests let the
   * player seek; the ETag and a year of caching fit content that never changes.
   */
  app.route({
    // HEAD is ours too (not Fastify's automatic one, which reads a streamed body to the end).
    method: ['GET', 'HEAD'],
    url: '/media/voice/:uploadId',
    handler: async (request, reply) => {
      const params = mediaParams.safeParse(request.params);
      const upload = params.success ? await findAttachedUpload(db, params.data.uploadId) : null;
      if (!upload) throw notFound('This voice message does not exist.', 'voice_not_found');
      if (upload.isWithdrawn) {
        throw new AppError(410, 'voice_withdrawn', 'The fan withdrew this voice message.');
      }

      const etag = `"${upload.id}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).header('etag', etag).header('cache-control', VOICE_CACHE).send();
      }
      const ifRange = request.headers['if-range'];
      const requested =
        ifRange === undefined || ifRange === etag
          ? parseRange(request.headers.range, upload.sizeBytes)
          : ({ kind: 'full' } as const);
      if (requested.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${upload.sizeBytes}`)
          .send({ error: { code: 'range_not_satisfiable', message: 'Range not satisfiable.' } });
      }

      const range = requested.kind === 'partial' ? requested.range : undefined;
      // HEAD: the headers only, without opening the file.
      const body = request.method === 'HEAD' ? null : await storage.get(upload.storageKey, range);
      if (request.method !== 'HEAD' && !body) {
        request.log.warn({ uploadId: upload.id }, 'voice file missing from storage');
        throw notFound('This voice message does not exist.', 'voice_not_found');
      }
      reply
        .header('content-type', upload.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', VOICE_CACHE)
        .header('etag', etag)
        .header('last-modified', upload.createdAt.toUTCString())
        .header('x-content-type-options', 'nosniff')
        .header('content-length', range ? range.end - range.start + 1 : upload.sizeBytes);
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${upload.sizeBytes}`);
      }
      return reply.send(body ?? undefined);
    },
  });
};
