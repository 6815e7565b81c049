import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_YOUTUBE_TEMPLATES,
  YOUTUBE_LIMITS,
  YOUTUBE_MESSAGES,
  type YoutubeChatSettings,
  type YoutubeChatStatus,
  type YoutubeErrorCode,
  type YoutubeUnavailableReason,
} from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  alerts,
  youtubeChatSettings,
  youtubeConnections,
  youtubeOauthStates,
} from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';
import { GoogleOAuthError, type YoutubeClient } from './youtube-client.ts';
import { LIST_COST, type QuotaLedger } from './youtube-quota.ts';

/** A consent round trip must come back within this. */
const STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;

export type YoutubeContext = {
  db: Database;
  /** Null when SECRETS_KEY is unset. */
  box: SecretBox | null;
  /** Null when no Google OAuth client is configured. */
  client: YoutubeClient | null;
  ledger: QuotaLedger;
  log: FastifyBaseLogger;
  /** Where Google sends the browser back: PUBLIC_URL + /api/youtube/oauth/callback. */
  redirectUri: string;
};

export type YoutubeConnection = typeof youtubeConnections.$inferSelect;

/** Why YouTube cannot be connected on this site, or null when it can. */
export function unavailableReason(context: YoutubeContext): YoutubeUnavailableReason | null {
  if (!context.client) return 'not_configured';
  if (!context.box) return 'no_secrets_key';
  return null;
}

/** The client and key, or a 409 naming what the operator has not set up. */
export function requireAvailable(context: YoutubeContext): {
  client: YoutubeClient;
  box: SecretBox;
} {
  const reason = unavailableReason(context);
  if (reason || !context.client || !context.box) {
    throw new AppError(
      409,
      'youtube_unavailable',
      YOUTUBE_MESSAGES.unavailable[reason ?? 'not_configured'],
    );
  }
  return { client: context.client, box: context.box };
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const accessContext = (streamerId: string) => `youtube:${streamerId}:access`;
const refreshContext = (streamerId: string) => `youtube:${streamerId}:refresh`;

/** The creator's chat settings, or the defaults (on, ₹100, the default templates). */
export async function readChatSettings(
  db: Database,
  streamerId: string,
): Promise<YoutubeChatSettings> {
  const [row] = await db
    .select()
    .from(youtubeChatSettings)
    .where(eq(youtubeChatSettings.streamerId, streamerId));
  return chatSettingsOf(row ?? null);
}

/** Settings as stored → as the contract speaks them (templates kept as JSON in one column). */
export function chatSettingsOf(
  row: typeof youtubeChatSettings.$inferSelect | null,
): YoutubeChatSettings {
  const templates = parseTemplates(row?.template ?? null);
  return {
    enabled: row?.isEnabled ?? true,
    min_amount_paise: row?.minAmountPaise ?? YOUTUBE_LIMITS.defaultMinAmountPaise,
    templates,
  };
}

function parseTemplates(stored: string | null): YoutubeChatSettings['templates'] {
  if (!stored) return { ...DEFAULT_YOUTUBE_TEMPLATES };
  try {
    const parsed = JSON.parse(stored) as Partial<Record<'hi' | 'en', unknown>>;
    return {
      hi: typeof parsed.hi === 'string' ? parsed.hi : DEFAULT_YOUTUBE_TEMPLATES.hi,
      en: typeof parsed.en === 'string' ? parsed.en : DEFAULT_YOUTUBE_TEMPLATES.en,
    };
  } catch {
    return { ...DEFAULT_YOUTUBE_TEMPLATES };
  }
}

export async function writeChatSettings(
  db: Database,
  streamerId: string,
  settings: YoutubeChatSettings,
): Promise<void> {
  const values = {
    isEnabled: settings.enabled,
    minAmountPaise: settings.min_amount_paise,
    template: JSON.stringify(settings.templates),
    updatedAt: new Date(),
  };
  await db
    .insert(youtubeChatSettings)
    .values({ streamerId, ...values })
    .onConflictDoUpdate({ target: youtubeChatSettings.streamerId, set: values });
}

export async function findConnection(
  db: Database,
  streamerId: string,
): Promise<YoutubeConnection | null> {
  const [row] = await db
    .select()
    .from(youtubeConnections)
    .where(eq(youtubeConnections.streamerId, streamerId));
  return row ?? null;
}

/** What the dashboard's YouTube section shows: never a token. */
export async function presentStatus(
  context: YoutubeContext,
  streamerId: string,
): Promise<YoutubeChatStatus> {
  const reason = unavailableReason(context);
  const connection = await findConnection(context.db, streamerId);
  return {
    available: reason === null,
    unavailable_reason: reason,
    connection: connection
      ? {
          status: connection.status,
          channel_id: connection.channelId,
          channel_title: connection.channelTitle,
          connected_at: connection.connectedAt.toISOString(),
        }
      : null,
    settings: await readChatSettings(context.db, streamerId),
    last_error:
      connection?.lastErrorCode && connection.lastErrorAt
        ? {
            code: connection.lastErrorCode as YoutubeErrorCode,
            at: connection.lastErrorAt.toISOString(),
          }
        : null,
    quota: {
      used_units: await context.ledger.usedBy(streamerId),
      share_units: await context.ledger.shareUnits(),
    },
  };
}

/**
 * Starts connecting: a random state bound to this session and streamer, and a PKCE verifier
 * kept encrypted; answers Google's consent URL.
 */
export async function startConnect(
  context: YoutubeContext,
  input: { streamerId: string; sessionId: string },
): Promise<string> {
  const { client, box } = requireAvailable(context);
  const state = crypto.randomBytes(32).toString('base64url');
  const verifier = crypto.randomBytes(48).toString('base64url');
  const stateHash = sha256(state);
  await context.db.delete(youtubeOauthStates).where(lt(youtubeOauthStates.expiresAt, new Date()));
  await context.db.insert(youtubeOauthStates).values({
    stateHash,
    streamerId: input.streamerId,
    sessionId: input.sessionId,
    codeVerifierEnc: box.seal(verifier, `youtube-oauth:${stateHash}`),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return client.authorizationUrl({
    state,
    codeChallenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    redirectUri: context.redirectUri,
  });
}

/** The slug a live state was issued for (the callback sends the browser to its dashboard). */
export async function slugOfState(db: Database, state: string): Promise<string | null> {
  const streamers = streamerRowsSubquery(db);
  const [row] = await db
    .select({ slug: streamers.slug })
    .from(youtubeOauthStates)
    .innerJoin(streamers, eq(streamers.id, youtubeOauthStates.streamerId))
    .where(eq(youtubeOauthStates.stateHash, sha256(state)));
  return row?.slug ?? null;
}

/**
 * Finishes connecting: the state must be live and issued to this session for this streamer
 * (used once); the code is exchanged with the verifier, the channel looked up, and the tokens
 * kept encrypted. Alerts written before now are never posted.
 */
export async function completeConnect(
  context: YoutubeContext,
  input: { streamerId: string; sessionId: string; code: string; state: string },
): Promise<void> {
  const { client, box } = requireAvailable(context);
  const stateHash = sha256(input.state);
  const [pending] = await context.db
    .delete(youtubeOauthStates)
    .where(
      and(
        eq(youtubeOauthStates.stateHash, stateHash),
        eq(youtubeOauthStates.sessionId, input.sessionId),
        eq(youtubeOauthStates.streamerId, input.streamerId),
      ),
    )
    .returning();
  if (!pending || pending.expiresAt.getTime() < Date.now()) {
    throw badRequest(YOUTUBE_MESSAGES.invalidState, 'youtube_invalid_state');
  }
  const verifier = box.open(pending.codeVerifierEnc, `youtube-oauth:${stateHash}`);
  let tokens;
  try {
    tokens = await client.exchangeCode({
      code: input.code,
      codeVerifier: verifier,
      redirectUri: context.redirectUri,
    });
  } catch (error) {
    if (error instanceof GoogleOAuthError) {
      context.log.warn({ oauthError: error.error }, 'YouTube code exchange refused');
      throw badRequest(YOUTUBE_MESSAGES.exchangeFailed, 'youtube_exchange_failed');
    }
    throw error;
  }
  if (!tokens.refreshToken) {
    throw badRequest(YOUTUBE_MESSAGES.exchangeFailed, 'youtube_exchange_failed');
  }
  await context.ledger.reserve(input.streamerId, LIST_COST, { enforce: false });
  const channel = await client.myChannel(tokens.accessToken);
  if (!channel) throw badRequest(YOUTUBE_MESSAGES.noChannel, 'youtube_no_channel');
  const [latest] = await context.db
    .select({ id: sql<number>`coalesce(max(${alerts.id}), 0)` })
    .from(alerts)
    .where(eq(alerts.streamerId, input.streamerId));
  const values = {
    status: 'connected' as const,
    channelId: channel.id,
    channelTitle: channel.title,
    accessTokenEnc: box.seal(tokens.accessToken, accessContext(input.streamerId)),
    refreshTokenEnc: box.seal(tokens.refreshToken, refreshContext(input.streamerId)),
    accessTokenExpiresAt: tokens.expiresAt,
    liveChatId: null,
    liveCheckedAt: null,
    alertCursor: Number(latest?.id ?? 0),
    lastErrorCode: null,
    lastErrorAt: null,
    connectedAt: new Date(),
  };
  await context.db
    .insert(youtubeConnections)
    .values({ streamerId: input.streamerId, ...values })
    .onConflictDoUpdate({ target: youtubeConnections.streamerId, set: values });
}

/** Forgets the channel and its tokens, revoking the grant at Google first (best effort). */
export async function disconnect(context: YoutubeContext, streamerId: string): Promise<void> {
  const connection = await findConnection(context.db, streamerId);
  if (!connection) return;
  if (context.client && context.box && connection.refreshTokenEnc) {
    try {
      const refreshToken = context.box.open(connection.refreshTokenEnc, refreshContext(streamerId));
      await context.client.revoke(refreshToken);
    } catch (error) {
      context.log.warn(
        { streamerId, err: error instanceof Error ? error.name : 'error' },
        'YouTube grant not revoked at Google; forgetting it anyway',
      );
    }
  }
  await context.db.delete(youtubeConnections).where(eq(youtubeConnections.streamerId, streamerId));
}

/** Records what went wrong, for the creator's dashboard. */
export async function recordError(
  db: Database,
  streamerId: string,
  code: YoutubeErrorCode | null,
): Promise<void> {
  await db
    .update(youtubeConnections)
    .set({ lastErrorCode: code, lastErrorAt: code ? new Date() : null })
    .where(eq(youtubeConnections.streamerId, streamerId));
}

/**
 * A usable access token for the connection: the stored one, or a refreshed one (stored again).
 * Google refusing the refresh token (`invalid_grant`) means the creator removed access: the
 * tokens are forgotten, the connection marked revoked, and null answered.
 */
export async function accessTokenFor(
  context: YoutubeContext,
  connection: YoutubeConnection,
  { forceRefresh = false }: { forceRefresh?: boolean } = {},
): Promise<string | null> {
  const { client, box } = requireAvailable(context);
  const { streamerId } = connection;
  if (connection.status !== 'connected' || !connection.refreshTokenEnc) return null;
  const isFresh =
    connection.accessTokenEnc &&
    connection.accessTokenExpiresAt &&
    connection.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now();
  if (isFresh && !forceRefresh && connection.accessTokenEnc) {
    return box.open(connection.accessTokenEnc, accessContext(streamerId));
  }
  const refreshToken = box.open(connection.refreshTokenEnc, refreshContext(streamerId));
  try {
    const tokens = await client.refresh(refreshToken);
    await context.db
      .update(youtubeConnections)
      .set({
        accessTokenEnc: box.seal(tokens.accessToken, accessContext(streamerId)),
        accessTokenExpiresAt: tokens.expiresAt,
      })
      .where(eq(youtubeConnections.streamerId, streamerId));
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof GoogleOAuthError && error.error === 'invalid_grant') {
      await context.db
        .update(youtubeConnections)
        .set({
          status: 'revoked',
          accessTokenEnc: null,
          refreshTokenEnc: null,
          accessTokenExpiresAt: null,
          liveChatId: null,
          liveCheckedAt: null,
          lastErrorCode: 'revoked',
          lastErrorAt: new Date(),
        })
        .where(eq(youtubeConnections.streamerId, streamerId));
      context.log.info({ streamerId }, 'YouTube access was revoked by the creator');
      return null;
    }
    throw error;
  }
}
