import crypto from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  mediaPath,
  type AlertMedia,
  type AlertMediaKind,
  type MediaKind,
} from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { processImage, type ImagePreset } from './image-processing.ts';
import { sniffImage, sniffSound } from './media-sniff.ts';

export type MediaFile = typeof mediaFiles.$inferSelect;
export type MediaContext = { db: Database; storage: FileStorage; log: FastifyBaseLogger };

/** A checked, ready-to-store file: resized images, sounds as they came. */
export type PreparedMedia = { data: Buffer; contentType: string; extension: string };

export const imageTooLarge = () =>
  new AppError(413, 'file_too_large', SETTINGS_MESSAGES.imageTooLarge);
export const soundTooLarge = () =>
  new AppError(413, 'file_too_large', SETTINGS_MESSAGES.soundTooLarge);

/**
 * Checks an image by its bytes and size, then resizes it for its use. A file that is not a
 * PNG, JPEG, WebP or GIF (whatever its name says), or that does not decode, is refused.
 */
export async function prepareImage(data: Buffer, preset: ImagePreset): Promise<PreparedMedia> {
  if (data.length > SETTINGS_LIMITS.imageMaxBytes) throw imageTooLarge();
  const format = sniffImage(data);
  if (!format) throw badRequest(SETTINGS_MESSAGES.imageNotImage, 'not_an_image');
  try {
    const image = await processImage(data, format, preset);
    return { data: image.data, contentType: image.contentType, extension: 'webp' };
  } catch (error) {
    throw new AppError(400, 'not_an_image', SETTINGS_MESSAGES.imageNotImage, { cause: error });
  }
}

/** Checks an alert sound: MP3 or Ogg by its bytes, at most 1 MB. Stored as uploaded. */
export function prepareSound(data: Buffer): PreparedMedia {
  if (data.length > SETTINGS_LIMITS.soundMaxBytes) throw soundTooLarge();
  const format = sniffSound(data);
  if (!format) throw badRequest(SETTINGS_MESSAGES.soundNotAudio, 'not_a_sound');
  return { data, contentType: format.contentType, extension: format.extension };
}

/**
 * Puts the file in storage under a fresh random id and returns the row to insert with it.
 * The caller inserts the row in its own transaction and calls `discard` if that fails.
 */
export async function putMediaFile(
  storage: FileStorage,
  input: { streamerId: string; kind: MediaKind; uploadedBy: string | null; file: PreparedMedia },
): Promise<{ row: typeof mediaFiles.$inferInsert & { id: string }; discard: () => Promise<void> }> {
  const id = crypto.randomUUID();
  const storageKey = `media/${input.kind}/${id}.${input.file.extension}`;
  await storage.put(storageKey, input.file.data, { contentType: input.file.contentType });
  return {
    row: {
      id,
      streamerId: input.streamerId,
      kind: input.kind,
      storageKey,
      contentType: input.file.contentType,
      sizeBytes: input.file.data.length,
      uploadedBy: input.uploadedBy,
    },
    discard: () => storage.delete(storageKey).catch(() => {}),
  };
}

export async function insertMediaRow(
  tx: Database | Transaction,
  row: typeof mediaFiles.$inferInsert,
): Promise<void> {
  await tx.insert(mediaFiles).values(row);
}

/** Stores an alert image or sound for later use in the streamer's alert variations. */
export async function storeAlertMedia(
  context: MediaContext,
  input: { streamerId: string; kind: AlertMediaKind; uploadedBy: string; file: PreparedMedia },
): Promise<AlertMedia> {
  const { row, discard } = await putMediaFile(context.storage, input);
  try {
    const [created] = await context.db.insert(mediaFiles).values(row).returning();
    if (!created) throw new Error('media insert returned nothing');
    return presentAlertMedia(created);
  } catch (error) {
    await discard();
    throw error;
  }
}

export async function findMediaFile(db: Database, id: string): Promise<MediaFile | null> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row ?? null;
}

/** The streamer's uploaded alert sounds and images, newest first. */
export async function listAlertMedia(db: Database, streamerId: string): Promise<AlertMedia[]> {
  const rows = await db
    .select()
    .from(mediaFiles)
    .where(
      and(
        eq(mediaFiles.streamerId, streamerId),
        inArray(mediaFiles.kind, ['alert_image', 'alert_sound']),
      ),
    )
    .orderBy(desc(mediaFiles.createdAt));
  return rows.map(presentAlertMedia);
}

/** The ids among `ids` that are this streamer's media of this kind. */
export async function ownedMediaIds(
  tx: Database | Transaction,
  streamerId: string,
  kind: MediaKind,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(
      and(
        eq(mediaFiles.streamerId, streamerId),
        eq(mediaFiles.kind, kind),
        inArray(mediaFiles.id, ids),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Deletes media rows inside a transaction; returns their storage keys to delete after commit. */
export async function deleteMediaRows(
  tx: Database | Transaction,
  streamerId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await tx
    .delete(mediaFiles)
    .where(and(eq(mediaFiles.streamerId, streamerId), inArray(mediaFiles.id, ids)))
    .returning({ storageKey: mediaFiles.storageKey });
  return deleted.map((row) => row.storageKey);
}

/** Removes files whose rows are gone; a failure only leaves an unreachable file behind. */
export async function deleteStoredFiles(context: Omit<MediaContext, 'db'>, keys: string[]) {
  for (const key of keys) {
    try {
      await context.storage.delete(key);
    } catch (error) {
      context.log.warn({ err: error, key }, 'could not delete a replaced media file');
    }
  }
}

/** The media id in one of our media URLs (`/media/files/<uuid>`), or null for any other URL. */
export function mediaIdFromUrl(url: string | null): string | null {
  const match = /^\/media\/files\/([0-9a-f-]{36})$/.exec(url ?? '');
  return match?.[1] ?? null;
}

export function presentAlertMedia(row: MediaFile): AlertMedia {
  return {
    id: row.id,
    kind: row.kind === 'alert_sound' ? 'alert_sound' : 'alert_image',
    url: mediaPath(row.id),
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
  };
}
