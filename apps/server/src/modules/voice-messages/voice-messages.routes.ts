import type { FastifyPluginAsync } from 'fastify';
import {
  VOICE_MESSAGE_EVENT,
  type VoiceMessageEventData,
  type VoiceMessagesResponse,
} from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import type { BusEvent } from '../../realtime/event-bus.ts';
import { loadAlerts } from '../alerts/alerts.service.ts';
import type { Streamer } from '../../db/schema.ts';
import { findStreamerBySlugOrAlias } from '../streamers/streamers.service.ts';
import { isPlayableVoiceMessage, listVoiceMessages } from './voice-messages.service.ts';
import { countOverlayConnections } from '../overlays/overlay-presence.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

/** The audio player page's data: public, like the page (spec 02 §6). */
export const voiceMessageRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const { bus, sse } = app.realtime;

  async function requireStreamer(slug: string): Promise<Streamer> {
    const streamer = await findStreamerBySlugOrAlias(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    return streamer;
  }

  app.get(
    '/api/streamers/:slug/voice-messages',
    async (request): Promise<VoiceMessagesResponse> => {
      const { slug } = parseInput(slugParams, request.params);
      const streamer = await requireStreamer(slug);
      return {
        streamer: { slug: streamer.slug, name: streamer.name },
        voice_messages: await listVoiceMessages(db, streamer.id),
      };
    },
  );

  /**
   * Live updates for the audio player: `ready` on connect (the page reloads its list, so a
   * reconnect misses nothing), then `voice_message` with the donation id whenever a voice
   * donation becomes playable (paid and approved). Ids only, like the bus.
   */
  app.get('/api/streamers/:slug/voice-messages/events', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const streamer = await requireStreamer(slug);
    const stream = sse.open(request, reply);
    const announced = new Set<string>();
    // Checks run one after another, so one donation is never announced twice by a race.
    let queue = Promise.resolve();

    const announceIfPlayable = async (donationId: string) => {
      if (announced.has(donationId) || stream.isClosed) return;
      if (!(await isPlayableVoiceMessage(db, streamer.id, donationId))) return;
      announced.add(donationId);
      // One owner per clip: with an overlay open, the overlay plays it on stream.
      const onOverlay = (await countOverlayConnections(db, streamer.id)) > 0;
      const data: VoiceMessageEventData = { donation_id: donationId, on_overlay: onOverlay };
      stream.send({ event: VOICE_MESSAGE_EVENT, data });
    };
    const donationIdOf = async (event: BusEvent): Promise<string | null> => {
      if (event.kind === 'donation_changed') return event.donationId;
      if (event.kind !== 'alert') return null;
      const [alert] = await loadAlerts(db, streamer.id, [event.alertId]);
      return alert?.kind === 'donation' && alert.donation.voice_url ? alert.donation.id : null;
    };

    const unsubscribe = bus.subscribe(streamer.id, (event) => {
      if (event.kind !== 'donation_changed' && event.kind !== 'alert') return;
      queue = queue
        .then(async () => {
          const donationId = await donationIdOf(event);
          if (donationId) await announceIfPlayable(donationId);
        })
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'audio player update check failed'),
        );
    });
    stream.onClose(unsubscribe);
    stream.send({ event: 'ready', data: {} });
  });
};
