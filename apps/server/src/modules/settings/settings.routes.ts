import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import {
  IMAGE_SLOTS,
  PROFILE_EVENTS,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  settingsUpdateSchema,
  type AlertMedia,
  type OverlaySettings,
  type StreamerSettings,
} from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import type { UploadRules } from '../../lib/upload-reader.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { presentPublicStreamer } from '../donations/donation.presenter.ts';
import { checkoutAccess } from '../payouts/payout-accounts.service.ts';
import { readTipAccess } from '../plans/plans.service.ts';
import { isCountedDonation } from '../donations/donations.service.ts';
import { requireOverlayToken } from '../overlays/overlay.routes.ts';
import { findStreamerById } from '../streamers/streamers.repository.ts';
import { readSpeechPromise } from '../speech/speech.service.ts';
import type { Streamer } from '../../db/schema.ts';
import { findStreamerBySlugOrAlias } from '../streamers/streamers.service.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { buffer as streamToBuffer } from 'node:stream/consumers';
import { bundledSoundWav, isBundledSoundId } from './bundled-sounds.ts';
import { linkPreviewJpeg } from './image-processing.ts';
import {
  findMediaFile,
  imageTooLarge,
  listAlertMedia,
  prepareImage,
  prepareSound,
  soundTooLarge,
  storeAlertMedia,
} from './media.service.ts';
import { ProfileStreams } from './profile-streams.ts';
import { actorOf } from './settings-audit.service.ts';
import { presentOverlaySettings, presentSettings } from './settings.presenter.ts';
import {
  deleteAlertMedia,
  replaceStreamerImage,
  updateSettings,
  type SettingsContext,
} from './settings.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const imageParams = slugParams.extend({
  slot: z.enum(IMAGE_SLOTS, { error: 'Images are uploaded as avatar or cover.' }),
});
const alertMediaParams = slugParams.extend({
  kind: z.enum(['image', 'sound'], { error: 'Alert media is an image or a sound.' }),
});
const mediaIdParams = slugParams.extend({ mediaId: z.uuid('Unknown file.') });

/** Images before resizing (2 MB) and alert sounds (1 MB), read by the shared UploadReader. */
const IMAGE_FILE: UploadRules = {
  maxBytes: SETTINGS_LIMITS.imageMaxBytes,
  tooLarge: imageTooLarge,
  missingFile: SETTINGS_MESSAGES.missingFile,
};
const SOUND_FILE: UploadRules = {
  maxBytes: SETTINGS_LIMITS.soundMaxBytes,
  tooLarge: soundTooLarge,
  missingFile: SETTINGS_MESSAGES.missingFile,
};

/** Uploaded files never change (a new upload gets a new id): a year of caching. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Creator self-service settings (issue 10): the settings tab's API for members and admins,
 * image and sound uploads, what the overlay reads, the donation page's live profile stream,
 * and the media files themselves.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  // Registered here, so only this plugin's routes accept multipart bodies.
  await app.register(fastifyMultipart);
  const db = app.database.db;
  const context: SettingsContext = {
    db,
    storage: createFileStorage(app.config),
    log: app.log,
    bus: app.realtime.bus,
  };
  const profiles = new ProfileStreams(
    app.realtime.bus,
    async (streamerId) => {
      const streamer = await findStreamerById(db, streamerId);
      if (!streamer) return null;
      const { provider, access } = await checkoutAccess(
        app.payouts,
        app.payments.provider,
        streamer.id,
        await readTipAccess(db, streamer.id),
      );
      return presentPublicStreamer(
        streamer,
        provider,
        access,
        await readSpeechPromise(db, streamer.id),
      );
    },
    (streamerId, donationId) => isCountedDonation(db, streamerId, donationId),
    app.log,
  );

  const respond = async (streamer: Streamer): Promise<StreamerSettings> =>
    presentSettings(streamer, await listAlertMedia(db, streamer.id));

  app.get('/api/streamers/:slug/settings', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return respond(streamer);
  });

  app.patch('/api/streamers/:slug/settings', async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer, viewer } = await requireStreamerAccess(request, slug);
    const update = parseInput(settingsUpdateSchema, request.body);
    const updated = await updateSettings(context, {
      streamerId: streamer.id,
      actor: actorOf(viewer),
      update,
    });
    return respond(updated);
  });

  /** Multipart, field `file`: a PNG, JPEG, WebP or GIF of at most 2 MB, stored resized. */
  app.put('/api/streamers/:slug/settings/images/:slot', async (request, reply) => {
    const { slug, slot } = parseInput(imageParams, request.params);
    const { streamer, viewer } = await requireStreamerAccess(request, slug);
    const file = await app.uploads.receive(request, reply, IMAGE_FILE, async (received) =>
      prepareImage(await received.read(), slot),
    );
    const updated = await replaceStreamerImage(context, {
      streamerId: streamer.id,
      slot,
      actor: actorOf(viewer),
      file,
    });
    return respond(updated);
  });

  app.delete('/api/streamers/:slug/settings/images/:slot', async (request) => {
    const { slug, slot } = parseInput(imageParams, request.params);
    const { streamer, viewer } = await requireStreamerAccess(request, slug);
    const updated = await replaceStreamerImage(context, {
      streamerId: streamer.id,
      slot,
      actor: actorOf(viewer),
      file: null,
    });
    return respond(updated);
  });

  /**
   * An alert image or GIF (≤ 2 MB, resized) or sound (mp3 or ogg, ≤ 1 MB), kept for the alert
   * variations to name; the variations themselves change through PATCH settings.
   */
  app.post('/api/streamers/:slug/settings/alert-media/:kind', async (request, reply) => {
    const { slug, kind } = parseInput(alertMediaParams, request.params);
    const { streamer, viewer } = await requireStreamerAccess(request, slug);
    const isImage = kind === 'image';
    const file = await app.uploads.receive(
      request,
      reply,
      isImage ? IMAGE_FILE : SOUND_FILE,
      async (received) => {
        const data = await received.read();
        return isImage ? prepareImage(data, 'alert_image') : prepareSound(data);
      },
    );
    const media: AlertMedia = await storeAlertMedia(context, {
      streamerId: streamer.id,
      kind: isImage ? 'alert_image' : 'alert_sound',
      uploadedBy: viewer.id,
      file,
    });
    reply.status(201);
    return media;
  });

  app.delete('/api/streamers/:slug/settings/alert-media/:mediaId', async (request, reply) => {
    const { slug, mediaId } = parseInput(mediaIdParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    await deleteAlertMedia(context, { streamer, mediaId });
    return reply.status(204).send();
  });

  /** The overlay's alert settings (its token, as for its stream); live changes come as `settings`. */
  app.get('/api/overlay/:slug/settings', async (request): Promise<OverlaySettings> => {
    const { streamer } = await requireOverlayToken(request);
    return presentOverlaySettings(streamer);
  });

  /**
   * The donation page's live profile: `ready`, then `streamer` with the whole public profile
   * (as GET /api/streamers/:slug answers) whenever the streamer's settings change, and
   * `donations` (no data) when a tip joins the public lists, which the page then reads again.
   */
  app.get('/api/streamers/:slug/profile-events', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const streamer = await findStreamerBySlugOrAlias(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    const stream = app.realtime.sse.open(request, reply);
    profiles.add(streamer.id, stream);
    stream.send({ event: PROFILE_EVENTS.ready, data: {} });
  });

  /** An uploaded image or sound, by its unguessable id. */
  app.get('/media/files/:mediaId', async (request, reply) => {
    const params = z.object({ mediaId: z.uuid() }).safeParse(request.params);
    const media = params.success ? await findMediaFile(db, params.data.mediaId) : null;
    const body = media ? await context.storage.get(media.storageKey) : null;
    if (!media || !body) throw notFound('This file does not exist.', 'media_not_found');
    return reply
      .header('content-type', media.contentType)
      .header('content-length', media.sizeBytes)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(body);
  });

  /**
   * A page's cover or avatar as the JPEG its link preview shows (`og:image`), sized for the
   * card (web/link-preview.ts). Made from the stored WebP on request; cached like the file.
   */
  app.get('/media/link-preview/:kind/:file', async (request, reply) => {
    const params = z
      .object({
        kind: z.enum(['cover', 'avatar']),
        file: z.string().regex(/^[0-9a-f-]{36}\.jpg$/),
      })
      .safeParse(request.params);
    const mediaId = params.success ? params.data.file.slice(0, -'.jpg'.length) : null;
    const media =
      mediaId && z.uuid().safeParse(mediaId).success ? await findMediaFile(db, mediaId) : null;
    const body =
      media && params.data?.kind === media.kind
        ? await context.storage.get(media.storageKey)
        : null;
    if (!params.success || !media || !body) {
      throw notFound('This file does not exist.', 'media_not_found');
    }
    const jpeg = await linkPreviewJpeg(await streamToBuffer(body), params.data.kind);
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .send(jpeg);
  });

  /** The bundled alert sounds (`/media/sounds/chime.wav` …). */
  app.get('/media/sounds/:file', async (request, reply) => {
    const params = z.object({ file: z.string().max(40) }).safeParse(request.params);
    const file = params.success ? params.data.file : '';
    const id = file.endsWith('.wav') ? file.slice(0, -'.wav'.length) : '';
    if (!isBundledSoundId(id)) throw notFound('This sound does not exist.', 'sound_not_found');
    return reply
      .header('content-type', 'audio/wav')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(bundledSoundWav(id));
  });
};
