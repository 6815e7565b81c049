import crypto from 'node:crypto';
import {
  and,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notExists,
  or,
  sql,
  sum,
} from 'drizzle-orm';
import { VOICE_LIMITS, VOICE_MESSAGES } from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { donations, voiceUploads } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { largestPlausibleBytes, probeAudio } from './audio/probe-audio.ts';
import { startPeriodicPass, type StopPeriodicPass } from '../../lib/periodic-pass.ts';

export type VoiceUpload = typeof voiceUploads.$inferSelect;

export type UploadsContext = { db: Database; storage: FileStorage; log: FastifyBaseLogger };

/**
 * Checks a recording by its content and stores it: an accepted container (judged by its bytes,
 * never its name or declared type) with a duration of 1–60 s read from the container, and no
 * larger than that much audio can be (so junk cannot ride along behind a short clip). The
 * file is stored under a fresh random id; the order names that id later.
 */
export async function storeVoiceUpload(
  context: Pick<UploadsContext, 'db' | 'storage'>,
  data: Buffer,
): Promise<{ id: string; durationMs: number }> {
  if (data.length > VOICE_LIMITS.maxBytes) throw payloadTooLarge();
  const probe = probeAudio(data);
  if (!probe) throw badRequest(VOICE_MESSAGES.unsupported, 'unsupported_audio');
  if (probe.durationMs < VOICE_LIMITS.minDurationMs) {
    throw badRequest(VOICE_MESSAGES.tooShort, 'voice_too_short');
  }
  if (probe.durationMs > VOICE_LIMITS.maxDurationMs + VOICE_LIMITS.maxDurationToleranceMs) {
    throw badRequest(VOICE_MESSAGES.tooLong, 'voice_too_long');
  }
  if (data.length > largestPlausibleBytes(probe.container, probe.durationMs)) {
    throw new AppError(413, 'voice_too_large_for_duration', VOICE_MESSAGES.tooLargeForDuration);
  }

  const id = crypto.randomUUID();
  const storageKey = `voice/${id}.${probe.extension}`;
  // The row first, then the file: if the process dies in between, the clean-up finds the row
  // (never claimed, since the fan got no id) and deletes it and whatever was stored. A file
  // stored first would have no row pointing at it and stay in storage for ever.
  await context.db.insert(voiceUploads).values({
    id,
    storageKey,
    contentType: probe.contentType,
    sizeBytes: data.length,
    durationMs: probe.durationMs,
  });
  try {
    await context.storage.put(storageKey, data, { contentType: probe.contentType });
  } catch (error) {
    await context.storage.delete(storageKey).catch(() => {}); // a partly written file, if any
    await context.db.delete(voiceUploads).where(eq(voiceUploads.id, id));
    throw error;
  }
  return { id, durationMs: probe.durationMs };
}

export function payloadTooLarge(): AppError {
  return new AppError(413, 'file_too_large', VOICE_MESSAGES.tooLarge);
}

/**
 * Refuses a new upload (503) while the uploads no paid donation has claimed yet (fresh ones,
 * and ones whose order still waits for its payment) hold `maxBytes` or more: abandoned uploads
 * wait 24 h for the clean-up, and this keeps them from filling the disk or the bucket meanwhile.
 * Checked before each upload starts, so uploads already under way may pass it by their size.
 */
export async function requireRoomForUploads(db: Database, maxBytes: number): Promise<void> {
  const [row] = await db
    .select({ bytes: sum(voiceUploads.sizeBytes) })
    .from(voiceUploads)
    .where(isNull(voiceUploads.donationId));
  if (Number(row?.bytes ?? 0) >= maxBytes) {
    throw new AppError(503, 'uploads_full', VOICE_MESSAGES.uploadsFull);
  }
}

/**
 * Claims an upload for an order, inside the order's transaction. One conditional UPDATE does
 * it, so of two orders racing for the same upload exactly one wins; the loser is told why:
 * unknown, expired (older than 24 h) or already taken by another order.
 */
export async function claimVoiceUpload(
  tx: Database | Transaction,
  uploadId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<VoiceUpload> {
  const cutoff = new Date(now.getTime() - VOICE_LIMITS.uploadTtlMs);
  const [claimed] = await tx
    .update(voiceUploads)
    .set({ orderId })
    .where(
      and(
        eq(voiceUploads.id, uploadId),
        isNull(voiceUploads.orderId),
        gt(voiceUploads.createdAt, cutoff),
      ),
    )
    .returning();
  if (claimed) return claimed;

  const [existing] = await tx.select().from(voiceUploads).where(eq(voiceUploads.id, uploadId));
  if (!existing) throw badRequest(VOICE_MESSAGES.uploadNotFound, 'voice_upload_not_found');
  if (existing.orderId !== null) {
    throw conflict(VOICE_MESSAGES.uploadClaimed, 'voice_upload_claimed');
  }
  throw badRequest(VOICE_MESSAGES.uploadExpired, 'voice_upload_expired');
}

/** Gives an upload back when its order was never created at the provider (the fan may retry). */
export async function releaseVoiceUpload(
  db: Database,
  uploadId: string,
  orderId: string,
): Promise<void> {
  await db
    .update(voiceUploads)
    .set({ orderId: null })
    .where(
      and(
        eq(voiceUploads.id, uploadId),
        eq(voiceUploads.orderId, orderId),
        isNull(voiceUploads.donationId),
      ),
    );
}

/**
 * An upload that is some donation's voice message (only those are served), with whether its
 * fan withdrew stream consent (issue 29: such a voice is no longer served).
 */
export async function findAttachedUpload(db: Database, uploadId: string) {
  const [row] = await db
    .select({ upload: voiceUploads, withdrawnAt: donations.streamConsentWithdrawnAt })
    .from(voiceUploads)
    .innerJoin(donations, eq(donations.id, voiceUploads.donationId))
    .where(and(eq(voiceUploads.id, uploadId), isNotNull(voiceUploads.donationId)));
  return row ? { ...row.upload, isWithdrawn: row.withdrawnAt !== null } : null;
}

/** At most this many uploads are deleted per run; the next run takes the rest. */
const CLEANUP_BATCH = 200;

/**
 * Deletes uploads that never became a donation's voice message within 24 h: the row, then the
 * file. An upload whose order is still waiting for its payment is kept until that order
 * settles (the reconciler fails it after a day), so a late payment still finds its voice.
 * Returns how many uploads were deleted.
 */
export async function deleteExpiredVoiceUploads(
  context: Pick<UploadsContext, 'db' | 'storage'> & { log?: FastifyBaseLogger },
  now: Date = new Date(),
): Promise<number> {
  const { db, storage } = context;
  const cutoff = new Date(now.getTime() - VOICE_LIMITS.uploadTtlMs);
  // Read-only look at donations: "is this order still pending?" is asked in the same statement,
  // so an order cannot be paid between the check and the delete without the delete seeing it.
  const isExpired = and(
    isNull(voiceUploads.donationId),
    lt(voiceUploads.createdAt, cutoff),
    or(
      isNull(voiceUploads.orderId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(donations)
          .where(
            and(eq(donations.orderId, voiceUploads.orderId), ne(donations.paymentStatus, 'failed')),
          ),
      ),
    ),
  );
  const candidates = await db
    .select({ id: voiceUploads.id })
    .from(voiceUploads)
    .where(isExpired)
    .limit(CLEANUP_BATCH);
  if (candidates.length === 0) return 0;
  const deleted = await db
    .delete(voiceUploads)
    .where(
      and(
        inArray(
          voiceUploads.id,
          candidates.map((row) => row.id),
        ),
        isExpired,
      ),
    )
    .returning({ storageKey: voiceUploads.storageKey });
  for (const { storageKey } of deleted) {
    try {
      await storage.delete(storageKey);
    } catch (error) {
      context.log?.warn({ err: error, storageKey }, 'could not delete an expired voice file');
    }
  }
  return deleted.length;
}

/** How often the cleanup looks for expired uploads. */
export const CLEANUP_INTERVAL_MS = 15 * 60_000;

/** Runs the cleanup now and then every interval; returns the function that stops it. */
export function startVoiceUploadCleanup(
  context: UploadsContext,
  intervalMs: number = CLEANUP_INTERVAL_MS,
): StopPeriodicPass {
  return startPeriodicPass(
    { name: 'voice upload cleanup', intervalMs, runNow: true, log: context.log },
    async () => {
      const count = await deleteExpiredVoiceUploads(context);
      if (count > 0) context.log.info({ count }, 'deleted unpaid voice uploads');
    },
  );
}
