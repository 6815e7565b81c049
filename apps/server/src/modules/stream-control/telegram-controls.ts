import { and, asc, eq } from 'drizzle-orm';
import type { StreamControlAction } from '@shabaash/core';
import type { Bot } from 'grammy';
import type { Database } from '../../db/client.ts';
import { streamerModerators } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';
import { applyStreamControl } from './stream-control.service.ts';

/** The bot commands, the control each sends, and what the bot answers once it went out. */
export const TELEGRAM_CONTROL_COMMANDS = {
  skip: { action: 'skip', done: '⏭ Skipped the alert on screen' },
  pause: { action: 'pause', done: '⏸ Alerts paused; new ones wait until /resume' },
  resume: { action: 'resume', done: '▶️ Alerts resumed' },
  replay: { action: 'replay', done: '🔁 Replaying the latest alert' },
} as const satisfies Record<string, { action: StreamControlAction; done: string }>;

export const TELEGRAM_CONTROL_TEXT = {
  notModerator: 'You are not a linked moderator of any streamer.',
  chooseStreamer: (command: string, slugs: string[]) =>
    `You moderate several streamers. Say which: ${slugs.map((slug) => `/${command} ${slug}`).join(', ')}`,
  unknownStreamer: (slug: string) => `You are not a moderator of “${slug}”.`,
  forStreamer: (done: string, name: string) => `${done} for ${name}.`,
} as const;

/**
 * `/skip`, `/pause`, `/resume` and `/replay` for linked Telegram moderators: the same controls
 * as the dashboard's activity feed, reaching every overlay of the streamer. A moderator of
 * several streamers names one (`/pause my-slug`).
 */
export function registerTelegramControls(bot: Bot, context: { db: Database; bus: EventBus }) {
  for (const [command, { action, done }] of Object.entries(TELEGRAM_CONTROL_COMMANDS)) {
    bot.command(command, async (ctx) => {
      const fromId = ctx.from?.id;
      if (!fromId) return;
      const moderated = await streamersModeratedBy(context.db, fromId);
      const slug = ctx.match.trim();
      const chosen = slug
        ? moderated.find((streamer) => streamer.slug === slug)
        : moderated.length === 1
          ? moderated[0]
          : undefined;
      if (!chosen) {
        if (moderated.length === 0) await ctx.reply(TELEGRAM_CONTROL_TEXT.notModerator);
        else if (slug) await ctx.reply(TELEGRAM_CONTROL_TEXT.unknownStreamer(slug));
        else {
          const slugs = moderated.map((streamer) => streamer.slug);
          await ctx.reply(TELEGRAM_CONTROL_TEXT.chooseStreamer(command, slugs));
        }
        return;
      }
      try {
        await applyStreamControl(context, chosen.id, { action });
        await ctx.reply(TELEGRAM_CONTROL_TEXT.forStreamer(done, chosen.name));
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
