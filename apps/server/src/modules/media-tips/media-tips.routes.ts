import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import {
  MEDIA_TIP_LIMITS,
  MEDIA_TIP_MESSAGES,
  mediaTipSettingsSchema,
  type MediaTipSettingsResponse,
  type MediaUploadResponse,
  type PublicMediaTips,
} from '@shabaash/core';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { spoolDirOf } from '../../lib/upload-reader.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { readTipAccess } from '../plans/plans.service.ts';
import { findStreamerBySlugOrAlias } from '../streamers/streamers.service.ts';
import { sendStoredFile } from '../uploads/stored-file-reply.ts';
import { findFfmpeg } from './media-transcode.ts';
import {
  findAttachedMedia,
  mediaTooLarge,
  readMediaTipSettings,
  requireRoomForMedia,
  storeMediaUpload,
  writeMediaTipSettings,
} from './media-tips.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const mediaParams = z.object({ uploadId: z.uuid() });
const UPLOADS_PER_MINUTE = 10;
const UPLOADS_PER_HOUR = 60;

/**
 * Media tips (issue 26): the fan's upload (re-encoded before it is stored), the re-encoded
 * file of a paid tip, the page's public limits, and the streamer's settings.
 */
export const mediaTipRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart);
  const db = app.database.db;
  const storage = createFileStorage(app.config);
  const ffmpeg = await findFfmpeg(app.config.FFMPEG_PATH);
  if (!ffmpeg) app.log.warn({ path: app.config.FFMPEG_PATH }, 'no ffmpeg: video tips are off');
  const context = {
    db,
    storage,
    ffmpeg,
    workDir: path.join(spoolDirOf(app.config.dataDir), 'media'),
    timeoutMs: app.config.MEDIA_TRANSCODE_TIMEOUT_SECONDS * 1000,
  };
  const maxUnclaimedBytes = app.config.UNCLAIMED_UPLOADS_MAX_MB * 1024 * 1024;
  const uploadLimit = (name: string, max: number, windowMs: number) =>
    defineRateLimit(app, { name, max, windowMs, message: MEDIA_TIP_MESSAGES.tooManyUploads });
  const perMinute = uploadLimit('media-uploads-minute', UPLOADS_PER_MINUTE, 60_000);
  const perHour = uploadLimit('media-uploads-hour', UPLOADS_PER_HOUR, 3_600_000);

  /** A page that offers media tips now (its plan includes them and the streamer turned them on). */
  async function requireOfferingStreamer(slug: string) {
    const streamer = await findStreamerBySlugOrAlias(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    const access = await readTipAccess(db, streamer.id);
    if (!streamer.isActive || !access.tipTypes.includes('media')) {
      throw notFound(MEDIA_TIP_MESSAGES.notOffered, 'media_tips_not_offered');
    }
    return { streamer, settings: await readMediaTipSettings(db, streamer.id) };
  }

  /** The donation page's picker asks this when the fan chooses "GIF / Video". */
  app.get('/api/streamers/:slug/media-tips', async (request): Promise<PublicMediaTips> => {
    const { slug } = parseInput(slugParams, request.params);
    const { settings } = await requireOfferingStreamer(slug);
    return {
      min_amount_paise: settings.min_amount_paise,
      max_bytes: settings.max_bytes,
      max_duration_ms: settings.max_duration_ms,
      video_available: ffmpeg !== null,
    };
  });

  /** Multipart, field `file`: sniffed, re-encoded, stored; answered with its id. */
  app.post(
    '/api/streamers/:slug/uploads/media',
    { bodyLimit: 64 * 1024 },
    async (request, reply): Promise<MediaUploadResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      await perMinute.consume(request, reply);
      await perHour.consume(request, reply);
      const { streamer, settings } = await requireOfferingStreamer(slug);
      await requireRoomForMedia(db, maxUnclaimedBytes);
      const maxBytes = Math.min(settings.max_bytes, MEDIA_TIP_LIMITS.maxBytes);
      const upload = await app.uploads.receive(
        request,
        reply,
        {
          maxBytes,
          tooLarge: () => mediaTooLarge(maxBytes),
          missingFile: MEDIA_TIP_MESSAGES.missingFile,
        },
        (file) => storeMediaUpload(context, streamer.id, settings, file),
      );
      reply.status(201);
      return upload;
    },
  );

  /** A paid tip's re-encoded media, by its unguessable id (never the fan's original file). */
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/tips/:uploadId',
    handler: async (request, reply) => {
      const params = mediaParams.safeParse(request.params);
      const upload = params.success ? await findAttachedMedia(db, params.data.uploadId) : null;
      if (!upload) throw notFound('This media does not exist.', 'media_not_found');
      if (upload.isWithdrawn) {
        throw new AppError(410, 'media_withdrawn', 'The fan withdrew this media.');
      }
      return sendStoredFile(request, reply, storage, upload, {
        notFound: () => notFound('This media does not exist.', 'media_not_found'),
        // Whatever a browser makes of the bytes, it runs nothing from them.
        headers: { 'content-security-policy': "default-src 'none'; sandbox" },
      });
    },
  });

  app.get(
    '/api/streamers/:slug/media-tips/settings',
    async (request): Promise<MediaTipSettingsResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      return {
        settings: await readMediaTipSettings(db, streamer.id),
        video_available: ffmpeg !== null,
      };
    },
  );

  app.put(
    '/api/streamers/:slug/media-tips/settings',
    async (request): Promise<MediaTipSettingsResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      const update = parseInput(mediaTipSettingsSchema, request.body);
      const settings = await writeMediaTipSettings(db, streamer.id, update);
      app.realtime.bus.publish({ kind: 'settings_changed', streamerId: streamer.id });
      return { settings, video_available: ffmpeg !== null };
    },
  );
};
