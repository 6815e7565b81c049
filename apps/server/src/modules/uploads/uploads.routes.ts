import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { VOICE_LIMITS, VOICE_MESSAGES, type VoiceUploadResponse } from '@shabaash/core';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import type { UploadRules } from '../../lib/upload-reader.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { sendStoredFile } from './stored-file-reply.ts';
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
   * A paid donation's voice message, by its unguessable upload id (not once its fan withdrew
   * consent).
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

      return sendStoredFile(request, reply, storage, upload, {
        notFound: () => notFound('This voice message does not exist.', 'voice_not_found'),
      });
    },
  });
};
