import type { FastifyBaseLogger } from 'fastify';
import { GrammyError } from 'grammy';
import type { DatabaseConnection } from '../../db/client.ts';
import { tryTakePollerLock, type PollerLock } from './poller-lock.ts';
import { describeTelegramError, type TelegramModeration } from './telegram-bot.ts';

/** What moderation needs from Telegram: /start commands and button presses. */
const TELEGRAM_UPDATE_TYPES = ['message', 'callback_query'] as const;

/** How often an instance that does not poll asks whether it may (the poller may have gone). */
const POLLER_STANDBY_RETRY_MS = 15_000;

/**
 * How long shutdown waits for the last getUpdates (which confirms the offset) and the update
 * being handled. Past it the process goes anyway: Telegram then resends what was unconfirmed.
 */
const STOP_GRACE_MS = 5_000;

export type TelegramUpdatesState =
  | 'starting'
  /** Telegram posts updates to /api/telegram/webhook. */
  | 'webhook'
  /** This instance holds the poller lock and long-polls getUpdates. */
  | 'polling'
  /** Another instance polls; this one waits to take over. */
  | 'standby'
  | 'stopped';

export type TelegramUpdates = {
  state(): TelegramUpdatesState;
  /** Stops polling cleanly: the current update finishes and its offset is confirmed. */
  stop(): Promise<void>;
};

/**
 * Starts receiving the bot's updates, in the background (Telegram being unreachable never holds
 * up the server's start). With TELEGRAM_WEBHOOK_URL set, Telegram is told to post to it;
 * otherwise the bot long-polls getUpdates, one instance at a time (poller-lock.ts).
 */
export function startTelegramUpdates(
  telegram: TelegramModeration,
  options: {
    webhookUrl: string | undefined;
    database: DatabaseConnection;
    log: FastifyBaseLogger;
    /** Tests shorten it. */
    standbyRetryMs?: number;
  },
): TelegramUpdates {
  const { bot, webhookSecret } = telegram;
  const { webhookUrl, database, log } = options;
  const standbyRetryMs = options.standbyRetryMs ?? POLLER_STANDBY_RETRY_MS;
  let state: TelegramUpdatesState = 'starting';
  let isStopping = false;
  let wakeUp = () => {};

  if (webhookUrl) {
    void setWebhook(webhookUrl);
    return {
      state: () => state,
      stop: async () => {
        state = 'stopped';
      },
    };
  }
  const polling = pollWhileHoldingLock();
  return {
    state: () => state,
    async stop() {
      isStopping = true;
      wakeUp();
      // bot.stop() aborts the long poll and confirms the offset of what was handled.
      if (bot.isRunning()) await withGrace(bot.stop());
      await withGrace(polling);
      state = 'stopped';
    },
  };

  async function setWebhook(url: string): Promise<void> {
    try {
      await bot.init();
      await bot.api.setWebhook(url, {
        secret_token: webhookSecret,
        allowed_updates: [...TELEGRAM_UPDATE_TYPES],
      });
      state = 'webhook';
    } catch (error) {
      state = 'stopped';
      log.error(
        { err: describeTelegramError(error) },
        'telegram webhook could not be set; moderation by Telegram is off',
      );
    }
  }

  async function pollWhileHoldingLock(): Promise<void> {
    // Per bot (the token's public id part): two bots on one database poll independently.
    const lockName = `telegram-poller:${bot.token.split(':')[0] ?? ''}`;
    while (!isStopping) {
      let lock: PollerLock | null = null;
      try {
        lock = await tryTakePollerLock(database, lockName);
      } catch (error) {
        log.warn({ err: error }, 'could not ask the database which instance polls Telegram');
      }
      if (!lock) {
        state = 'standby';
        await pause(standbyRetryMs);
        continue;
      }
      const isFatal = await pollUntilStopped(lock);
      await lock.release();
      if (isFatal) break;
      if (!isStopping) await pause(standbyRetryMs);
    }
    state = 'stopped';
  }

  /** Polls while this instance holds the lock; true when polling can never work (bad token). */
  async function pollUntilStopped(lock: PollerLock): Promise<boolean> {
    if (isStopping) return false;
    void lock.lost.then(() => {
      log.warn('lost the Telegram poller lock (database connection); stopping polling');
      void bot.stop().catch(() => {});
    });
    try {
      state = 'polling';
      // Resolves when bot.stop() is called; rejects on 401 (bad token) or 409 (another poller).
      await bot.start({
        allowed_updates: [...TELEGRAM_UPDATE_TYPES],
        onStart: () => log.info('telegram bot polling for updates'),
      });
      return false;
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 401) {
        log.error(
          { err: describeTelegramError(error) },
          'telegram bot could not start; moderation by Telegram is off',
        );
        return true;
      }
      log.warn({ err: describeTelegramError(error) }, 'telegram polling stopped; will retry');
      return false;
    }
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function withGrace(work: Promise<unknown>): Promise<unknown> {
  return Promise.race([
    work.catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref()),
  ]);
}
