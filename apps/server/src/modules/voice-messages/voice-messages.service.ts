import { and, desc, eq, type SQL } from 'drizzle-orm';
import { sanitizeText, VOICE_LIMITS, type VoiceMessage } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { donations, voiceUploads } from '../../db/schema.ts';
import { countedSql, streamConsentSql } from '../alerts/alertable.sql.ts';

/**
 * The audio player's queue (spec 02 §7, audio player queries): paid donations, approved or
 * auto-approved (`countedSql`), whose voice message is attached. A read-only view across donations and
 * voice_uploads; neither table is written here. A voice whose fan withdrew stream consent
 * (issue 29, `streamConsentSql`) is never queued again.
 */
function selectPlayable(db: Database, streamerId: string, extra?: SQL) {
  return db
    .select({
      id: donations.id,
      name: donations.name,
      amountPaise: donations.amountPaise,
      message: donations.message,
      messageVisible: donations.messageVisible,
      createdAt: donations.createdAt,
      uploadId: voiceUploads.id,
      durationMs: voiceUploads.durationMs,
    })
    .from(donations)
    .innerJoin(
      voiceUploads,
      and(eq(voiceUploads.id, donations.voiceUploadId), eq(voiceUploads.donationId, donations.id)),
    )
    .where(and(eq(donations.streamerId, streamerId), countedSql(), streamConsentSql(), extra));
}

type PlayableRow = Awaited<ReturnType<typeof selectPlayable>>[number];

/** The most recent playable voice messages, oldest first. */
export async function listVoiceMessages(
  db: Database,
  streamerId: string,
  limit: number = VOICE_LIMITS.playerQueueMax,
): Promise<VoiceMessage[]> {
  const rows = await selectPlayable(db, streamerId)
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit);
  return rows.reverse().map(presentVoiceMessage);
}

/** Whether this donation is (now) in the streamer's audio player queue. */
export async function isPlayableVoiceMessage(
  db: Database,
  streamerId: string,
  donationId: string,
): Promise<boolean> {
  const rows = await selectPlayable(db, streamerId, eq(donations.id, donationId)).limit(1);
  return rows.length > 0;
}

/** The only shape in which a voice message leaves the server (no phone, no order id). */
export function presentVoiceMessage(row: PlayableRow): VoiceMessage {
  return {
    id: row.id,
    name: sanitizeText(row.name),
    amount_paise: row.amountPaise,
    message: row.messageVisible ? sanitizeText(row.message) : '',
    voice_url: `/media/voice/${row.uploadId}`,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
  };
}
