import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OBS_TOKEN_PREFIX, type ObsTokens } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { BatchLoader } from '../../realtime/coalesce.ts';
import { obsTokens, type Streamer } from '../../db/schema.ts';
import { streamerFieldsOf, streamerRowsSubquery } from '../streamers/streamers.repository.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `obs_` + 24 base62 characters from 24 random bytes (~143 bits). */
export function newObsToken(): string {
  const bytes = crypto.randomBytes(24);
  let body = '';
  // Modulo bias over 256/62 is tiny and irrelevant at this length; simplicity wins.
  for (const byte of bytes) body += BASE62[byte % 62];
  return `${OBS_TOKEN_PREFIX}${body}`;
}

export function maskToken(token: string): string {
  return `${token.slice(0, OBS_TOKEN_PREFIX.length + 4)}${'•'.repeat(8)}${token.slice(-4)}`;
}

/**
 * Makes a new active token for a streamer and deactivates the previous one in the same
 * transaction (one active token per streamer, enforced by a partial unique index too).
 */
export async function generateObsToken(
  db: Database,
  streamerId: string,
): Promise<{ token: string; id: string; deactivatedIds: string[] }> {
  return db.transaction(async (tx) => {
    const deactivated = await tx
      .update(obsTokens)
      .set({ isActive: false })
      .where(and(eq(obsTokens.streamerId, streamerId), eq(obsTokens.isActive, true)))
      .returning({ id: obsTokens.id });
    const token = newObsToken();
    const [created] = await tx
      .insert(obsTokens)
      .values({ streamerId, token })
      .returning({ id: obsTokens.id });
    if (!created) throw new Error('token insert returned nothing');
    return { token, id: created.id, deactivatedIds: deactivated.map((row) => row.id) };
  });
}

/** Deactivates one of the streamer's tokens; false when it was not theirs or already off. */
export async function deactivateObsToken(
  db: Database,
  streamerId: string,
  tokenId: string,
): Promise<boolean> {
  const updated = await db
    .update(obsTokens)
    .set({ isActive: false })
    .where(
      and(
        eq(obsTokens.id, tokenId),
        eq(obsTokens.streamerId, streamerId),
        eq(obsTokens.isActive, true),
      ),
    )
    .returning({ id: obsTokens.id });
  return updated.length > 0;
}

/** The OBS tab's view: the active token in full (for its owner), up to three previous masked. */
export async function listObsTokens(db: Database, streamerId: string): Promise<ObsTokens> {
  const rows = await db
    .select()
    .from(obsTokens)
    .where(eq(obsTokens.streamerId, streamerId))
    .orderBy(desc(obsTokens.createdAt))
    .limit(20);
  const active = rows.find((row) => row.isActive);
  const present = (row: (typeof rows)[number]) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  });
  return {
    active: active ? { ...present(active), token: active.token } : null,
    previous: rows
      .filter((row) => !row.isActive)
      .slice(0, 3)
      .map((row) => ({ ...present(row), masked_token: maskToken(row.token) })),
  };
}

/**
 * A token's last use is shown to the minute; recording every connect would make a thousand
 * overlays reconnecting at once a thousand writes to one row.
 */
const LAST_USED_PRECISION_MS = 60_000;
const lastUsedRecordedAt = new Map<string, number>();

/**
 * Token lookups, batched per database: overlays connecting together (a deploy, a network blip
 * reconnecting thousands) share one query however many streamers they belong to.
 */
const tokenLoaders = new WeakMap<Database, BatchLoader<string, TokenRow>>();
type TokenRow = { streamer: Streamer; tokenId: string };

function tokenLoader(db: Database): BatchLoader<string, TokenRow> {
  let loader = tokenLoaders.get(db);
  if (!loader) {
    loader = new BatchLoader(async (tokens) => {
      const rows = await selectActiveTokens(db, { tokens });
      return new Map(rows.map(({ token, ...row }) => [token, row]));
    });
    tokenLoaders.set(db, loader);
  }
  return loader;
}

/*
 * One statement with the streamer joined: an overlay's connect costs no second trip. Built once,
 * like the replay reads (alerts.service.ts), with the batch's tokens as one array so its text
 * never varies with the batch's size.
 */
const selectActiveTokens = preparedOnce((db) => {
  const streamer = streamerRowsSubquery(db);
  return db
    .select({
      streamer: streamerFieldsOf(streamer),
      tokenId: obsTokens.id,
      token: obsTokens.token,
    })
    .from(obsTokens)
    .innerJoin(streamer, eq(streamer.id, obsTokens.streamerId))
    .where(
      and(
        sql`${obsTokens.token} = any(${sql.placeholder('tokens')}::text[])`,
        eq(obsTokens.isActive, true),
      ),
    );
});

/**
 * Checks an overlay's token against the streamer in its URL and records its use (at most once
 * a minute per token). Null when the token is unknown, inactive, or another streamer's.
 */
export async function validateObsToken(
  db: Database,
  slug: string,
  token: string,
): Promise<{ streamer: Streamer; tokenId: string } | null> {
  if (!token.startsWith(OBS_TOKEN_PREFIX) || token.length > 100) return null;
  const row = await tokenLoader(db).load(token);
  if (row?.streamer.slug !== slug) {
    if (!row) await recordReplacedTokenUse(db, slug, token);
    return null;
  }
  const now = Date.now();
  if (now - (lastUsedRecordedAt.get(row.tokenId) ?? 0) >= LAST_USED_PRECISION_MS) {
    lastUsedRecordedAt.set(row.tokenId, now);
    if (lastUsedRecordedAt.size > 10_000) lastUsedRecordedAt.clear(); // stays small, forgets safely
    await db
      .update(obsTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(obsTokens.id, row.tokenId));
  }
  return row;
}

/**
 * An overlay still connecting with a replaced token: its last use is recorded like an active
 * token's (at most once a minute), so the dashboard can say an overlay lost its token and
 * needs the new URL (issue 32). Unknown tokens and other streamers' tokens change nothing.
 */
async function recordReplacedTokenUse(db: Database, slug: string, token: string): Promise<void> {
  const now = Date.now();
  if (now - (lastUsedRecordedAt.get(token) ?? 0) < LAST_USED_PRECISION_MS) return;
  const streamer = streamerRowsSubquery(db);
  const updated = await db
    .update(obsTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(obsTokens.token, token),
        eq(obsTokens.isActive, false),
        inArray(
          obsTokens.streamerId,
          db.select({ id: streamer.id }).from(streamer).where(eq(streamer.slug, slug)),
        ),
      ),
    )
    .returning({ id: obsTokens.id });
  if (updated.length > 0) {
    lastUsedRecordedAt.set(token, now);
    if (lastUsedRecordedAt.size > 10_000) lastUsedRecordedAt.clear();
  }
}
