import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
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
import {
  DEFAULT_MEDIA_TIP_SETTINGS,
  MEDIA_TIP_LIMITS,
  MEDIA_TIP_MESSAGES,
  type MediaTipSettings,
  type MediaUploadResponse,
} from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { donations, mediaUploads, streamerMediaSettings } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { isVideoFormat, sniffMedia, SNIFF_BYTES } from './media-sniff.ts';
import {
  MediaRefusal,
  transcodeImage,
  transcodeVideo,
  type Ffmpeg,
  type TranscodeResult,
} from './media-transcode.ts';
import { startPeriodicPass, type StopPeriodicPass } from '../../lib/periodic-pass.ts';

export type MediaUpload = typeof mediaUploads.$inferSelect;
type SettingsRow = typeof streamerMediaSettings.$inferSelect;

// ── settings ────────────────────────────────────────────────────────────────────────────────

function settingsOf(row: SettingsRow | null): MediaTipSettings {
  if (!row) return { ...DEFAULT_MEDIA_TIP_SETTINGS };
  return {
    enabled: row.enabled,
    min_amount_paise: row.minAmountPaise,
    max_bytes: row.maxBytes,
    max_duration_ms: row.maxDurationMs,
    allow_audio: row.allowAudio,
    hold_for_review: row.holdForReview,
  };
}

export async function readMediaTipSettings(
  db: Database,
  streamerId: string,
): Promise<MediaTipSettings> {
  const [row] = await db
    .select()
    .from(streamerMediaSettings)
    .where(eq(streamerMediaSettings.streamerId, streamerId));
  return settingsOf(row ?? null);
}

export async function writeMediaTipSettings(
  db: Database,
  streamerId: string,
  settings: MediaTipSettings,
): Promise<MediaTipSettings> {
  const values = {
    enabled: settings.enabled,
    minAmountPaise: settings.min_amount_paise,
    maxBytes: settings.max_bytes,
    maxDurationMs: settings.max_duration_ms,
    allowAudio: settings.allow_audio,
    holdForReview: settings.hold_for_review,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(streamerMediaSettings)
    .values({ streamerId, ...values })
    .onConflictDoUpdate({ target: streamerMediaSettings.streamerId, set: values })
    .returning();
  return settingsOf(row ?? null);
}

// ── upload ──────────────────────────────────────────────────────────────────────────────────

export type MediaContext = {
  db: Database;
  storage: FileStorage;
  /** Null when this server has no ffmpeg: video tips are refused, GIF/WebP still work. */
  ffmpeg: Ffmpeg | null;
  /** Where the re-encoded output is written before it goes to storage. */
  workDir: string;
  timeoutMs: number;
};

/** The fan's words for each refusal (400, or 413 for size). */
function refusalError(reason: MediaRefusal['reason'], settings: MediaTipSettings): AppError {
  switch (reason) {
    case 'too_long':
      return badRequest(MEDIA_TIP_MESSAGES.tooLong(settings.max_duration_ms), 'media_too_long');
    case 'too_short':
      return badRequest(MEDIA_TIP_MESSAGES.tooShort, 'media_too_short');
    case 'too_big':
      return badRequest(MEDIA_TIP_MESSAGES.tooBig, 'media_too_big');
    case 'failed':
      return new AppError(422, 'media_processing_failed', MEDIA_TIP_MESSAGES.processingFailed);
    default:
      return badRequest(MEDIA_TIP_MESSAGES.unsupported, 'unsupported_media');
  }
}

export function mediaTooLarge(maxBytes: number): AppError {
  return new AppError(413, 'file_too_large', MEDIA_TIP_MESSAGES.tooLarge(maxBytes));
}

/**
 * Sniffs, re-encodes and stores a fan's file for one page: only the re-encoded output is kept
 * (the upload itself is the reader's temporary file). Refusals are 400/413 with the fan's words.
 */
export async function storeMediaUpload(
  context: MediaContext,
  streamerId: string,
  settings: MediaTipSettings,
  file: { path: string; sizeBytes: number },
): Promise<MediaUploadResponse> {
  if (file.sizeBytes > Math.min(settings.max_bytes, MEDIA_TIP_LIMITS.maxBytes)) {
    throw mediaTooLarge(settings.max_bytes);
  }
  const head = Buffer.alloc(SNIFF_BYTES);
  const handle = await fsp.open(file.path, 'r');
  const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0).finally(() => handle.close());
  const format = sniffMedia(head.subarray(0, bytesRead));
  if (!format) throw refusalError('unsupported', settings);
  if (isVideoFormat(format) && !context.ffmpeg) {
    throw badRequest(MEDIA_TIP_MESSAGES.videoUnavailable, 'video_unavailable');
  }

  const id = crypto.randomUUID();
  await fsp.mkdir(context.workDir, { recursive: true });
  const output = path.join(context.workDir, `${id}.out`);
  let result: TranscodeResult;
  try {
    const limits = {
      maxDurationMs: settings.max_duration_ms,
      allowAudio: settings.allow_audio,
      timeoutMs: context.timeoutMs,
    };
    result =
      isVideoFormat(format) && context.ffmpeg
        ? await transcodeVideo(context.ffmpeg, file.path, output, format, limits)
        : await transcodeImage(file.path, output, limits);
  } catch (error) {
    await fsp.rm(output, { force: true });
    if (error instanceof MediaRefusal) throw refusalError(error.reason, settings);
    throw error;
  }
  try {
    const data = await fsp.readFile(output);
    if (data.length === 0) throw refusalError('unsupported', settings);
    const storageKey = `media/${id}.${result.extension}`;
    // The row first, then the file (as for voice): a crash in between leaves a row the
    // clean-up finds, never a file nothing points at.
    await context.db.insert(mediaUploads).values({
      id,
      streamerId,
      storageKey,
      kind: result.kind,
      contentType: result.contentType,
      sizeBytes: data.length,
      durationMs: result.durationMs,
      hasAudio: result.hasAudio,
    });
    try {
      await context.storage.put(storageKey, data, { contentType: result.contentType });
    } catch (error) {
      await context.storage.delete(storageKey).catch(() => {});
      await context.db.delete(mediaUploads).where(eq(mediaUploads.id, id));
      throw error;
    }
    return { upload_id: id, kind: result.kind, duration_ms: result.durationMs };
  } finally {
    await fsp.rm(output, { force: true });
  }
}

/** 503 while unclaimed media (and voice, counted on their own) holds `maxBytes` or more. */
export async function requireRoomForMedia(db: Database, maxBytes: number): Promise<void> {
  const [row] = await db
    .select({ bytes: sum(mediaUploads.sizeBytes) })
    .from(mediaUploads)
    .where(isNull(mediaUploads.donationId));
  if (Number(row?.bytes ?? 0) >= maxBytes) {
    throw new AppError(503, 'uploads_full', MEDIA_TIP_MESSAGES.uploadsFull);
  }
}

// ── orders ──────────────────────────────────────────────────────────────────────────────────

/**
 * Claims an upload for an order, inside the order's transaction (one conditional UPDATE, as for
 * voice), and records whether the tip is held for review on payment: the streamer's setting now.
 */
export async function claimMediaUpload(
  tx: Database | Transaction,
  input: { uploadId: string; orderId: string; streamerId: string; holdForReview: boolean },
  now: Date = new Date(),
): Promise<MediaUpload> {
  const cutoff = new Date(now.getTime() - MEDIA_TIP_LIMITS.uploadTtlMs);
  const [claimed] = await tx
    .update(mediaUploads)
    .set({ orderId: input.orderId, holdForReview: input.holdForReview })
    .where(
      and(
        eq(mediaUploads.id, input.uploadId),
        eq(mediaUploads.streamerId, input.streamerId),
        isNull(mediaUploads.orderId),
        gt(mediaUploads.createdAt, cutoff),
      ),
    )
    .returning();
  if (claimed) return claimed;
  const [existing] = await tx
    .select()
    .from(mediaUploads)
    .where(eq(mediaUploads.id, input.uploadId));
  if (!existing) throw badRequest(MEDIA_TIP_MESSAGES.uploadNotFound, 'media_upload_not_found');
  if (existing.streamerId !== input.streamerId) {
    throw badRequest(MEDIA_TIP_MESSAGES.uploadWrongPage, 'media_upload_wrong_page');
  }
  if (existing.orderId !== null) {
    throw conflict(MEDIA_TIP_MESSAGES.uploadClaimed, 'media_upload_claimed');
  }
  throw badRequest(MEDIA_TIP_MESSAGES.uploadExpired, 'media_upload_expired');
}

/** Gives an upload back when its order was never created at the provider. */
export async function releaseMediaUpload(db: Database, uploadId: string, orderId: string) {
  await db
    .update(mediaUploads)
    .set({ orderId: null })
    .where(
      and(
        eq(mediaUploads.id, uploadId),
        eq(mediaUploads.orderId, orderId),
        isNull(mediaUploads.donationId),
      ),
    );
}

/**
 * The order API's media-tip rules: the streamer's minimum for media tips, and the upload is
 * claimed for this order. Throws the fan's words.
 */
export async function prepareMediaOrder(
  db: Database,
  input: { streamerId: string; uploadId: string; orderId: string; amountPaise: number },
): Promise<void> {
  const settings = await readMediaTipSettings(db, input.streamerId);
  if (!settings.enabled)
    throw new AppError(403, 'tip_type_not_offered', MEDIA_TIP_MESSAGES.notOffered);
  if (input.amountPaise < settings.min_amount_paise) {
    throw badRequest(
      MEDIA_TIP_MESSAGES.belowMinimum(settings.min_amount_paise),
      'below_media_minimum',
    );
  }
  await claimMediaUpload(db, { ...input, holdForReview: settings.hold_for_review });
}

/**
 * An upload that is some donation's media (only those are served), with whether its fan
 * withdrew stream consent (issue 29: such media is no longer served).
 */
export async function findAttachedMedia(db: Database, uploadId: string) {
  const [row] = await db
    .select({ upload: mediaUploads, withdrawnAt: donations.streamConsentWithdrawnAt })
    .from(mediaUploads)
    .innerJoin(donations, eq(donations.id, mediaUploads.donationId))
    .where(and(eq(mediaUploads.id, uploadId), isNotNull(mediaUploads.donationId)));
  return row ? { ...row.upload, isWithdrawn: row.withdrawnAt !== null } : null;
}

// ── deletion ────────────────────────────────────────────────────────────────────────────────

const CLEANUP_BATCH = 200;

/**
 * Deletes media that must go: never paid within 24 h (kept while its order is still pending,
 * as for voice), and the media of rejected tips. Row first, then the file. Returns the count.
 */
export async function deleteExpiredMedia(
  context: { db: Database; storage: FileStorage; log?: FastifyBaseLogger },
  now: Date = new Date(),
): Promise<number> {
  const { db } = context;
  const cutoff = new Date(now.getTime() - MEDIA_TIP_LIMITS.uploadTtlMs);
  const rejected = db
    .select({ one: sql`1` })
    .from(donations)
    .where(
      and(eq(donations.id, mediaUploads.donationId), eq(donations.moderationStatus, 'rejected')),
    );
  const unpaid = and(
    isNull(mediaUploads.donationId),
    lt(mediaUploads.createdAt, cutoff),
    or(
      isNull(mediaUploads.orderId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(donations)
          .where(
            and(eq(donations.orderId, mediaUploads.orderId), ne(donations.paymentStatus, 'failed')),
          ),
      ),
    ),
  );
  const isDue = or(unpaid, and(isNotNull(mediaUploads.donationId), sql`exists (${rejected})`));
  const candidates = await db
    .select({ id: mediaUploads.id })
    .from(mediaUploads)
    .where(isDue)
    .limit(CLEANUP_BATCH);
  if (candidates.length === 0) return 0;
  const deleted = await db
    .delete(mediaUploads)
    .where(
      and(
        inArray(
          mediaUploads.id,
          candidates.map((row) => row.id),
        ),
        isDue,
      ),
    )
    .returning({ storageKey: mediaUploads.storageKey });
  await deleteFiles(context, deleted);
  return deleted.length;
}

/** A rejected tip's media, at once (the clean-up would find it too, a little later). */
export async function deleteMediaOfRejected(
  context: { db: Database; storage: FileStorage; log?: FastifyBaseLogger },
  donationId: string,
): Promise<void> {
  const deleted = await context.db
    .delete(mediaUploads)
    .where(
      and(
        eq(mediaUploads.donationId, donationId),
        sql`exists (select 1 from ${donations} where ${donations.id} = ${donationId} and ${donations.moderationStatus} = 'rejected')`,
      ),
    )
    .returning({ storageKey: mediaUploads.storageKey });
  await deleteFiles(context, deleted);
}

async function deleteFiles(
  context: { storage: FileStorage; log?: FastifyBaseLogger },
  rows: { storageKey: string }[],
): Promise<void> {
  for (const { storageKey } of rows) {
    try {
      await context.storage.delete(storageKey);
    } catch (error) {
      context.log?.warn({ err: error, storageKey }, 'could not delete a media tip file');
    }
  }
}

export const MEDIA_CLEANUP_INTERVAL_MS = 15 * 60_000;

/** Runs the clean-up now and then every interval; returns the function that stops it. */
export function startMediaCleanup(
  context: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
  intervalMs: number = MEDIA_CLEANUP_INTERVAL_MS,
): StopPeriodicPass {
  return startPeriodicPass(
    { name: 'media tip clean-up', intervalMs, runNow: true, log: context.log },
    async () => {
      const count = await deleteExpiredMedia(context);
      if (count > 0) context.log.info({ count }, 'deleted unpaid or rejected media tips');
    },
  );
}
