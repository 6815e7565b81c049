import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OBS_TOKEN_PREFIX } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { BatchLoader } from '../../realtime/coalesce.ts';
import { obsTokens, streamers } from '../../db/schema.ts';
import type { Streamer } from '../streamers/streamers.service.ts';

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
export async function listObsTokens(db: Database, streamerId: string) {
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
      const rows = await db
        .select({ streamer: streamers, tokenId: obsTokens.id, token: obsTokens.token })
        .from(obsTokens)
        .innerJoin(streamers, eq(streamers.id, obsTokens.streamerId))
        .where(and(inArray(obsTokens.token, tokens), eq(obsTokens.isActive, true)));
      return new Map(rows.map(({ token, ...row }) => [token, row]));
    });
    tokenLoaders.set(db, loader);
  }
  return loader;
}

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
  if (row?.streamer.slug !== slug) return null;
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
