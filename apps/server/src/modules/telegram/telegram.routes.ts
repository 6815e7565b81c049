import type { FastifyPluginAsync } from 'fastify';
import { webhookCallback } from 'grammy';
import { MODERATION_MESSAGES, type TelegramModerators } from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';
import { addModerator, listModerators, removeModerator } from './moderators.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const moderatorBody = z.object({
  telegram_user_id: z
    .union([z.string(), z.number()], { error: MODERATION_MESSAGES.telegramIdRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, MODERATION_MESSAGES.telegramIdRequired)
        .regex(/^\d{1,16}$/, MODERATION_MESSAGES.telegramIdInvalid)
        .transform(Number)
        .refine(Number.isSafeInteger, MODERATION_MESSAGES.telegramIdInvalid),
    ),
});

/** The dashboard's Telegram tab, and Telegram's webhook when the bot runs in webhook mode. */
export const telegramRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const botStatus = () =>
    app.telegram
      ? {
          configured: true,
          username: app.telegram.bot.isInited() ? app.telegram.bot.botInfo.username : null,
        }
      : { configured: false, username: null };

  app.get('/api/streamers/:slug/moderators', async (request): Promise<TelegramModerators> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    return { moderators: await listModerators(db, streamer.id), bot: botStatus() };
  });

  app.put('/api/streamers/:slug/moderators', async (request): Promise<TelegramModerators> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const { telegram_user_id } = parseInput(moderatorBody, request.body);
    await addModerator(db, streamer.id, telegram_user_id);
    return { moderators: await listModerators(db, streamer.id), bot: botStatus() };
  });

  app.delete('/api/streamers/:slug/moderators', async (request): Promise<TelegramModerators> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer } = await requireStreamerAccess(request, slug);
    const { telegram_user_id } = parseInput(moderatorBody, request.body ?? {});
    if (!(await removeModerator(db, streamer.id, telegram_user_id))) {
      throw notFound('This Telegram user is not linked.', 'moderator_not_found');
    }
    return { moderators: await listModerators(db, streamer.id), bot: botStatus() };
  });

  const telegram = app.telegram;
  // Only in webhook mode: grammY's webhook callback disables the bot's long polling.
  if (telegram && app.config.TELEGRAM_WEBHOOK_URL) {
    // grammY checks X-Telegram-Bot-Api-Secret-Token and answers 401 on a mismatch.
    const handleUpdate = webhookCallback(telegram.bot, 'fastify', {
      secretToken: telegram.webhookSecret,
    });
    app.post('/api/telegram/webhook', handleUpdate);
  }
};
