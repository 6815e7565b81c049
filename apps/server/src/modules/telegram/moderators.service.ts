import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { streamerModerators, telegramUserLanguages } from '../../db/schema.ts';
import type { TelegramLocale } from './telegram-texts.ts';

/** Telegram users linked to a streamer as moderators (several per streamer). */
export async function listModerators(db: Database, streamerId: string) {
  const rows = await db
    .select()
    .from(streamerModerators)
    .where(
      and(eq(streamerModerators.streamerId, streamerId), eq(streamerModerators.isActive, true)),
    )
    .orderBy(asc(streamerModerators.createdAt));
  return rows.map((row) => ({
    telegram_user_id: String(row.telegramUserId),
    linked_at: row.createdAt.toISOString(),
  }));
}

/** Links (or re-activates) a Telegram user as a moderator of the streamer. */
export async function addModerator(
  db: Database,
  streamerId: string,
  telegramUserId: number,
): Promise<void> {
  await db
    .insert(streamerModerators)
    .values({ streamerId, telegramUserId })
    .onConflictDoUpdate({
      target: [streamerModerators.streamerId, streamerModerators.telegramUserId],
      set: { isActive: true },
    });
}

/** Unlinks a moderator; false when they were not linked. */
export async function removeModerator(
  db: Database,
  streamerId: string,
  telegramUserId: number,
): Promise<boolean> {
  const updated = await db
    .update(streamerModerators)
    .set({ isActive: false })
    .where(
      and(
        eq(streamerModerators.streamerId, streamerId),
        eq(streamerModerators.telegramUserId, telegramUserId),
        eq(streamerModerators.isActive, true),
      ),
    )
    .returning({ id: streamerModerators.id });
  return updated.length > 0;
}

/** Whether a Telegram user may moderate this streamer right now (checked on every button press). */
export async function isActiveModerator(
  db: Database,
  streamerId: string,
  telegramUserId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: streamerModerators.id })
    .from(streamerModerators)
    .where(
      and(
        eq(streamerModerators.streamerId, streamerId),
        eq(streamerModerators.telegramUserId, telegramUserId),
        eq(streamerModerators.isActive, true),
      ),
    );
  return Boolean(row);
}

/** The chats to ask for a review: each active moderator's private chat id is their user id. */
/**
 * The private chats of a streamer's active moderators (a user's chat id is their user id), each
 * with the language their Telegram app last showed; English for one never heard from.
 */
export async function moderatorChats(
  db: Database,
  streamerId: string,
): Promise<Array<{ chatId: number; locale: TelegramLocale }>> {
  const rows = await db
    .select({
      telegramUserId: streamerModerators.telegramUserId,
      locale: telegramUserLanguages.locale,
    })
    .from(streamerModerators)
    .leftJoin(
      telegramUserLanguages,
      eq(telegramUserLanguages.telegramUserId, streamerModerators.telegramUserId),
    )
    .where(
      and(eq(streamerModerators.streamerId, streamerId), eq(streamerModerators.isActive, true)),
    );
  return rows.map((row) => ({ chatId: row.telegramUserId, locale: row.locale ?? 'en' }));
}

/** Keeps the language a Telegram user's app is set to (from any update of theirs). */
export async function rememberLanguage(
  db: Database,
  telegramUserId: number,
  locale: TelegramLocale,
): Promise<void> {
  await db
    .insert(telegramUserLanguages)
    .values({ telegramUserId, locale })
    .onConflictDoUpdate({
      target: telegramUserLanguages.telegramUserId,
      set: { locale, updatedAt: new Date() },
    });
}
