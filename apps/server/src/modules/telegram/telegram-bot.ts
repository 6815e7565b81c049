import crypto from 'node:crypto';
import { sanitizeText } from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import { Bot, GrammyError, InlineKeyboard, InputFile } from 'grammy';
import sharp from 'sharp';
import type { UserFromGetMe } from 'grammy/types';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { findDonationWithStreamer } from '../donations/dashboard.queries.ts';
import { deleteMediaOfRejected } from '../media-tips/media-tips.service.ts';
import { moderateDonation } from '../moderation/commands/moderate-donation.ts';
import { registerTelegramControls } from '../stream-control/telegram-controls.ts';
import { isActiveModerator, moderatorChats, rememberLanguage } from './moderators.service.ts';
import { TelegramSendQueue } from './send-queue.ts';
import {
  escapeHtml,
  reviewMessage,
  telegramLocaleOf,
  telegramTexts,
  type TelegramLocale,
} from './telegram-texts.ts';

export type TelegramModeration = {
  bot: Bot;
  /** Sends a paid donation that waits for review to every linked moderator of its streamer. */
  requestReview(donationId: string): Promise<void>;
  /** Secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token (webhook mode). */
  webhookSecret: string;
  /** Resolves when every queued message has gone out. */
  idle(): Promise<void>;
};

/** Callback data stays far below Telegram's 64-byte limit: `m:a:<uuid>` is 40 bytes. */
const CALLBACK = /^m:(a|r):([0-9a-f-]{36})$/;

/**
 * The Telegram moderation bot (grammY): /start tells a user their id so they can be linked in
 * the dashboard; review requests carry Approve / Reject buttons that moderate through the same
 * service as the dashboard, and only linked, active moderators of that streamer may press them.
 */
export function createTelegramModeration(options: {
  token: string;
  apiRoot?: string | undefined;
  botInfo?: UserFromGetMe;
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Where voice clips live, so review requests can carry them. */
  storage?: FileStorage;
}): TelegramModeration {
  const { db, bus, log } = options;
  const bot = new Bot(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    client: options.apiRoot ? { apiRoot: options.apiRoot.replace(/\/$/, '') } : {},
  });
  const queue = new TelegramSendQueue((error) =>
    log.warn({ err: describeTelegramError(error) }, 'telegram send failed'),
  );

  // Each user's app language, kept so review requests reach them in it (issue 21).
  const knownLocales = new Map<number, TelegramLocale>();
  bot.use(async (ctx, next) => {
    const from = ctx.from;
    if (from && !from.is_bot) {
      const locale = telegramLocaleOf(from.language_code);
      if (knownLocales.get(from.id) !== locale) {
        await rememberLanguage(db, from.id, locale);
        knownLocales.set(from.id, locale);
      }
    }
    await next();
  });

  bot.command('start', async (ctx) => {
    const from = ctx.from;
    if (!from) return;
    const words = telegramTexts(telegramLocaleOf(from.language_code));
    await ctx.reply(words.start(from.id), { parse_mode: 'HTML' });
  });

  // /skip, /pause, /resume, /replay: the activity feed's controls (modules/stream-control).
  registerTelegramControls(bot, { db, bus });

  bot.callbackQuery(CALLBACK, async (ctx) => {
    const [, action, donationId = ''] = ctx.match;
    const from = ctx.from;
    const locale = telegramLocaleOf(from.language_code);
    const words = telegramTexts(locale);
    const found = await findDonationWithStreamer(db, donationId);
    if (!found || !(await isActiveModerator(db, found.streamer.id, from.id))) {
      await ctx.answerCallbackQuery({ text: words.notModerator, show_alert: true });
      return;
    }
    const who = from.username ? `@${from.username}` : from.first_name;
    const decision = action === 'a' ? 'approve' : 'reject';
    try {
      await moderateDonation(
        { db, bus },
        { donationId, decision, actor: `telegram:${from.id}:${who}` },
      );
      // A rejected media tip's file is deleted at once (issue 26).
      if (decision === 'reject' && found.donation.mediaUploadId && options.storage) {
        await deleteMediaOfRejected({ db, storage: options.storage, log }, donationId);
      }
      await ctx.answerCallbackQuery({
        text: decision === 'approve' ? words.approved : words.rejected,
      });
      await ctx.editMessageText(
        `${reviewText(locale, found.donation, found.streamer)}\n\n${words.decidedBy(decision, who)}`,
        { parse_mode: 'HTML' },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await ctx.answerCallbackQuery({ text: error.message, show_alert: true });
      await ctx
        .editMessageText(
          `${reviewText(locale, found.donation, found.streamer)}\n\n${escapeHtml(error.message)}`,
          { parse_mode: 'HTML' },
        )
        .catch(() => {}); // "message is not modified" when pressed twice
    }
  });

  /** Review requests still being prepared, so idle() can wait for them too. */
  const inFlight = new Set<Promise<void>>();

  bot.catch((error) =>
    log.error({ err: describeTelegramError(error.error) }, 'telegram update failed'),
  );

  return {
    bot,
    webhookSecret: crypto
      .createHash('sha256')
      .update(`webhook:${options.token}`)
      .digest('hex')
      .slice(0, 48),
    async idle() {
      await Promise.all(inFlight);
      await queue.idle();
    },
    requestReview(donationId) {
      const work = sendReviewRequest(donationId).finally(() => inFlight.delete(work));
      inFlight.add(work);
      return work;
    },
  };

  async function readClip(voice: {
    storageKey: string;
    contentType: string;
  }): Promise<Clip | null> {
    const stream = await options.storage?.get(voice.storageKey);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const contentType = voice.contentType.split(';')[0]?.trim() ?? '';
    const filename = voice.storageKey.split('/').pop() ?? 'voice';
    return { bytes: Buffer.concat(chunks), contentType, filename };
  }

  function sendClip(chatId: number, locale: TelegramLocale, clip: Clip) {
    const file = new InputFile(clip.bytes, clip.filename);
    const caption = telegramTexts(locale).voiceCaption;
    return VOICE_TYPES.has(clip.contentType)
      ? bot.api.sendVoice(chatId, file, { caption })
      : bot.api.sendDocument(chatId, file, { caption });
  }

  /**
   * A media tip as Telegram shows it (issue 26): the video as a video (sendVideo), the animated
   * WebP converted to a GIF for sendAnimation (Telegram's animations are GIF or silent H.264).
   * Both are our own re-encoded output, never the fan's file.
   */
  async function readMediaForTelegram(media: {
    storageKey: string;
    kind: 'image' | 'video';
  }): Promise<Clip | null> {
    const stored = await readClip({ storageKey: media.storageKey, contentType: '' });
    if (!stored) return null;
    if (media.kind === 'video') return { ...stored, contentType: 'video/mp4', filename: 'tip.mp4' };
    const gif = await sharp(stored.bytes, { animated: true, limitInputPixels: 100_000_000 })
      .resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true })
      .gif()
      .toBuffer();
    return { bytes: gif, contentType: 'image/gif', filename: 'tip.gif' };
  }

  function sendMedia(chatId: number, locale: TelegramLocale, media: Clip) {
    const caption = telegramTexts(locale).mediaCaption;
    const file = new InputFile(media.bytes, media.filename);
    return media.contentType === 'video/mp4'
      ? bot.api.sendVideo(chatId, file, { caption, supports_streaming: true })
      : bot.api.sendAnimation(chatId, file, { caption });
  }

  async function sendReviewRequest(donationId: string): Promise<void> {
    const found = await findDonationWithStreamer(db, donationId);
    const isWaiting =
      found?.donation.moderationStatus === 'pending' && found.donation.paymentStatus === 'success';
    if (!found || !isWaiting) return;
    const clip = found.voice ? await readClip(found.voice) : null;
    const media = found.media ? await readMediaForTelegram(found.media) : null;
    // Each moderator in their own language: the text and the buttons.
    for (const { chatId, locale } of await moderatorChats(db, found.streamer.id)) {
      const words = telegramTexts(locale);
      const text = reviewText(locale, found.donation, found.streamer);
      const keyboard = new InlineKeyboard()
        .text(words.approveButton, `m:a:${donationId}`)
        .text(words.rejectButton, `m:r:${donationId}`);
      queue.push(chatId, () =>
        bot.api.sendMessage(chatId, text, { parse_mode: 'HTML', reply_markup: keyboard }),
      );
      if (clip) queue.push(chatId, () => sendClip(chatId, locale, clip));
      if (media) queue.push(chatId, () => sendMedia(chatId, locale, media));
    }
  }
}

/**
 * Telegram shows OGG/Opus, MP3 and M4A as voice messages; anything else (Chrome's WebM) goes as
 * a document, which still plays in Telegram's apps.
 */
const VOICE_TYPES = new Set(['audio/ogg', 'audio/mpeg', 'audio/mp4']);

type Clip = { bytes: Buffer; contentType: string; filename: string };

/** The review message in the moderator's language (telegram-texts.ts escapes donor text). */
function reviewText(
  locale: TelegramLocale,
  donation: {
    name: string;
    amountPaise: number;
    message: string;
    type: string;
    voiceUploadId: string | null;
  },
  streamer: { name: string; hideAmountsFromModerators: boolean },
): string {
  return reviewMessage(locale, {
    streamerName: streamer.name,
    donorName: sanitizeText(donation.name),
    // Streamers may keep amounts private from their Telegram moderators (a creator setting).
    amountPaise: streamer.hideAmountsFromModerators ? null : donation.amountPaise,
    message: sanitizeText(donation.message),
    isHyperemote: donation.type === 'hyperemote',
    hasVoice: donation.voiceUploadId !== null,
    hasMedia: donation.type === 'media',
  });
}

/** Errors from Telegram without the bot token (grammY puts the URL in some messages). */
export function describeTelegramError(error: unknown): string {
  if (error instanceof GrammyError)
    return `${error.method}: ${error.error_code} ${error.description}`;
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/bot\d+:[A-Za-z0-9_-]+/g, 'bot<token>');
}
