import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { secretBoxOf } from '../../lib/secrets.ts';
import { YoutubeChatRunner } from './youtube-chat-jobs.ts';
import { YoutubeClient, youtubeEndpointsOf } from './youtube-client.ts';
import { QuotaLedger } from './youtube-quota.ts';
import type { YoutubeContext } from './youtube.service.ts';

export type YoutubeChat = { context: YoutubeContext; runner: YoutubeChatRunner };

/**
 * YouTube chat as configured: with no Google client (GOOGLE_CLIENT_ID and _SECRET) the feature
 * is off, and the dashboard says the operator has not set it up; without SECRETS_KEY the same,
 * since tokens may only be kept encrypted.
 */
export function createYoutubeChat(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  options: { now?: () => Date } = {},
): YoutubeChat {
  const client =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? new YoutubeClient(
          youtubeEndpointsOf(config),
          config.GOOGLE_CLIENT_ID,
          config.GOOGLE_CLIENT_SECRET,
        )
      : null;
  const context: YoutubeContext = {
    db,
    box: secretBoxOf(config.SECRETS_KEY),
    client,
    ledger: new QuotaLedger(db, {
      dailyQuota: config.YOUTUBE_DAILY_QUOTA,
      share: config.YOUTUBE_QUOTA_SHARE,
      insertCost: config.YOUTUBE_INSERT_COST,
      now: options.now,
    }),
    log,
    redirectUri: `${config.publicUrl}/api/youtube/oauth/callback`,
  };
  return { context, runner: new YoutubeChatRunner(context) };
}
