import type { FastifyPluginAsync } from 'fastify';
import {
  speechPreviewRequestSchema,
  speechSettingsSchema,
  type OverlaySpeech,
  type SpeechSettingsResponse,
} from '@shabaash/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { speechClips } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { requireOverlayToken } from '../overlays/overlay.routes.ts';
import { CACHE_FOR_GOOD, sendStoredFile } from '../uploads/stored-file-reply.ts';
import { resolveVoice } from './speech-provider.ts';
import { prepareSpeech } from './speech-text.ts';
import {
  assertKnownVoices,
  presentSpeechSettings,
  readSpeechSettings,
  writeSpeechSettings,
} from './speech.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const alertParams = z.object({
  slug: z.string().min(1).max(100),
  alertId: z.coerce.number().int().positive(),
});
const clipParams = z.object({ clipId: z.uuid() });

/** A sample tip per language for the Preview button, with a tag to hear what tags do. */
const PREVIEW_TIPS = {
  hi: { name: 'राहुल', amountPaise: 10_100, message: 'क्या शानदार स्ट्रीम है! [excited] चलते रहो भाई!' },
  en: {
    name: 'Asha',
    amountPaise: 10_100,
    message: 'Loved the clutch! [excited] Keep going bhai!',
  },
} as const;

/** Speech settings (dashboard), speech status (overlay) and the rendered clips (issue 23). */
export const speechRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const { speech } = app;

  app.get(
    '/api/streamers/:slug/speech-settings',
    async (request): Promise<SpeechSettingsResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      const settings = await readSpeechSettings(db, speech.provider, streamer.id);
      return presentSpeechSettings(settings, speech.provider);
    },
  );

  app.put(
    '/api/streamers/:slug/speech-settings',
    async (request): Promise<SpeechSettingsResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      const { streamer } = await requireStreamerAccess(request, slug);
      const update = parseInput(speechSettingsSchema, request.body);
      const settings = await writeSpeechSettings(db, speech.provider, streamer.id, update);
      // The donation page's promise ("Read out on stream") follows at once.
      app.realtime.bus.publish({ kind: 'settings_changed', streamerId: streamer.id });
      return presentSpeechSettings(settings, speech.provider);
    },
  );

  /** A sample read with the settings as edited (saved or not): the clip the browser plays. */
  app.post('/api/streamers/:slug/speech-preview', async (request): Promise<{ url: string }> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const { settings, language } = parseInput(speechPreviewRequestSchema, request.body);
    assertKnownVoices(speech.provider, settings);
    const tip = PREVIEW_TIPS[language];
    const prepared = prepareSpeech({
      ...tip,
      templates: settings.templates,
      maxChars: settings.max_chars,
      blockedWords: streamer.blockedWords ?? [],
    });
    const { clipId } = await speech.renderPreview({
      language: prepared.language,
      voice: resolveVoice(speech.provider, prepared.language, settings.voices[prepared.language]),
      segments: prepared.segments,
    });
    return { url: `/media/speech/${clipId}` };
  });

  /** Where this alert's speech stands; the overlay asks until it is ready or gives up. */
  app.get('/api/overlay/:slug/alerts/:alertId/speech', async (request): Promise<OverlaySpeech> => {
    const { alertId } = parseInput(alertParams, request.params);
    const { streamer } = await requireOverlayToken(request);
    return speech.statusForAlert(streamer.id, alertId);
  });

  /** A rendered clip, by its unguessable id; the same words are the same file, cached for good. */
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/speech/:clipId',
    handler: async (request, reply) => {
      const params = clipParams.safeParse(request.params);
      const [clip] = params.success
        ? await db.select().from(speechClips).where(eq(speechClips.id, params.data.clipId))
        : [];
      if (!clip) throw notFound('This speech clip does not exist.', 'speech_not_found');
      return sendStoredFile(request, reply, speech.storage, clip, {
        notFound: () => notFound('This speech clip does not exist.', 'speech_not_found'),
        cacheControl: CACHE_FOR_GOOD,
      });
    },
  });
};
