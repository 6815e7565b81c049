import { and, asc, eq } from 'drizzle-orm';
import type { StreamControlAction } from '@shabaash/core';
import type { Bot } from 'grammy';
import type { Database } from '../../db/client.ts';
import { streamerModerators } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';
import {
  telegramLocaleOf,
  telegramTexts,
  type TelegramControlCommand,
} from '../telegram/telegram-texts.ts';
import { applyStreamControl } from './stream-control.service.ts';

/** The bot commands and the control each sends; the replies are in telegram-texts.ts. */
const TELEGRAM_CONTROL_COMMANDS = {
  skip: 'skip',
  pause: 'pause',
  resume: 'resume',
  replay: 'replay',
} as const satisfies Record<TelegramControlCommand, StreamControlAction>;

/**
 * `/skip`, `/pause`, `/resume` and `/replay` for linked Telegram moderators: the same controls
 * as the dashboard's activity feed, reaching every overlay of the streamer. A moderator of
 * several streamers names one (`/pause my-slug`).
 */
export function registerTelegramControls(bot: Bot, context: { db: Database; bus: EventBus }) {
  for (const [command, action] of Object.entries(TELEGRAM_CONTROL_COMMANDS)) {
    bot.command(command, async (ctx) => {
      const fromId = ctx.from?.id;
      if (!fromId) return;
      // In the language of the moderator's Telegram app.
      const words = telegramTexts(telegramLocaleOf(ctx.from?.language_code));
      const moderated = await streamersModeratedBy(context.db, fromId);
      const slug = ctx.match.trim();
      const chosen = slug
        ? moderated.find((streamer) => streamer.slug === slug)
        : moderated.length === 1
          ? moderated[0]
          : undefined;
      if (!chosen) {
        if (moderated.length === 0) await ctx.reply(words.notLinkedModerator);
        else if (slug) await ctx.reply(words.unknownStreamer(slug));
        else {
          const slugs = moderated.map((streamer) => streamer.slug);
          await ctx.reply(words.chooseStreamer(action, slugs));
        }
        return;
      }
      try {
        await applyStreamControl(context, chosen.id, { action });
        await ctx.reply(words.forStreamer(words.controlDone[action], chosen.name));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await ctx.reply(error.message);
      }
    });
  }
}

/** The active streamers a Telegram user is an active moderator of, oldest link first. */
async function streamersModeratedBy(db: Database, telegramUserId: number) {
  const streamer = streamerRowsSubquery(db);
  return db
    .select({ id: streamer.id, slug: streamer.slug, name: streamer.name })
    .from(streamerModerators)
    .innerJoin(streamer, eq(streamer.id, streamerModerators.streamerId))
    .where(
      and(
        eq(streamerModerators.telegramUserId, telegramUserId),
        eq(streamerModerators.isActive, true),
        eq(streamer.isActive, true),
      ),
    )
    .orderBy(asc(streamerModerators.createdAt));
}
