import { and, desc, eq, inArray, isNotNull, lt, notLike, or } from 'drizzle-orm';
import { maskIpAddress, RETENTION, retentionCutoff, type RetentionKind } from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  consentRecords,
  contactMessages,
  donations,
  loginFailures,
  mediaUploads,
  paymentEvents,
  privacyCodes,
  privacyRequests,
  privacySessions,
  retentionRuns,
  sessions,
  speechClips,
  userSignups,
  users,
  voiceUploads,
} from '../../db/schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { deleteFiles, deleteSpeechClips, scrubPaymentContacts } from './rights.service.ts';
import { startPeriodicPass, type StopPeriodicPass } from '../../lib/periodic-pass.ts';

export type RetentionContext = {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  instanceId: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows one statement touches, so a first run over years of data never holds long locks. */
const BATCH = 1000;

/**
 * One retention pass (issue 29): applies every rule of RETENTION (packages/core) as of `now`
 * and records the run with what it did. Idempotent: data already masked or deleted is not
 * matched again, so a second pass at the same time changes nothing.
 */
export async function runRetention(context: RetentionContext, now: Date = new Date()) {
  const { db } = context;
  const [run] = await db
    .insert(retentionRuns)
    .values({ instanceId: context.instanceId, status: 'running', startedAt: now })
    .returning({ id: retentionRuns.id });
  if (!run) throw new Error('retention run insert returned nothing');
  const counts: Partial<Record<RetentionKind, number>> = {};
  try {
    counts.fanPhone = await maskOldPhones(db, retentionCutoff('fanPhone', now));
    counts.consentAddress = await maskOldConsentAddresses(
      db,
      retentionCutoff('consentAddress', now),
    );
    counts.paymentPayloadContact = await scrubPaymentContacts(
      db,
      lt(paymentEvents.receivedAt, retentionCutoff('paymentPayloadContact', now)),
    );
    counts.voiceAndMedia = await deleteOldVoiceAndMedia(
      context,
      retentionCutoff('voiceAndMedia', now),
    );
    const logsBefore = retentionCutoff('sessionLogs', now);
    counts.sessionLogs =
      (await deleteReturningCount(
        db
          .delete(sessions)
          .where(or(lt(sessions.expiresAt, logsBefore), lt(sessions.revokedAt, logsBefore)))
          .returning({ id: sessions.id }),
      )) +
      (await deleteReturningCount(
        db
          .delete(loginFailures)
          .where(lt(loginFailures.lastFailedAt, logsBefore))
          .returning({ email: loginFailures.email }),
      ));
    const leadsBefore = retentionCutoff('siteLeads', now);
    counts.siteLeads =
      (await deleteReturningCount(
        db
          .delete(userSignups)
          .where(lt(userSignups.createdAt, leadsBefore))
          .returning({ id: userSignups.id }),
      )) +
      (await deleteReturningCount(
        db
          .delete(contactMessages)
          .where(lt(contactMessages.createdAt, leadsBefore))
          .returning({ id: contactMessages.id }),
      ));
    const codesBefore = retentionCutoff('privacyCodes', now);
    counts.privacyCodes =
      (await deleteReturningCount(
        db
          .delete(privacyCodes)
          .where(lt(privacyCodes.expiresAt, codesBefore))
          .returning({ id: privacyCodes.id }),
      )) +
      (await deleteReturningCount(
        db
          .delete(privacySessions)
          .where(lt(privacySessions.expiresAt, codesBefore))
          .returning({ id: privacySessions.tokenHash }),
      ));
    counts.privacyRequests = await deleteReturningCount(
      db
        .delete(privacyRequests)
        .where(lt(privacyRequests.completedAt, retentionCutoff('privacyRequests', now)))
        .returning({ id: privacyRequests.id }),
    );
    counts.retentionRuns = await deleteReturningCount(
      db
        .delete(retentionRuns)
        .where(lt(retentionRuns.startedAt, retentionCutoff('retentionRuns', now)))
        .returning({ id: retentionRuns.id }),
    );
    await db
      .update(retentionRuns)
      .set({ status: 'completed', counts, finishedAt: new Date() })
      .where(eq(retentionRuns.id, run.id));
    return { id: run.id, counts };
  } catch (error) {
    await db
      .update(retentionRuns)
      .set({ status: 'failed', counts, error: String(error), finishedAt: new Date() })
      .where(eq(retentionRuns.id, run.id));
    throw error;
  }
}

async function deleteReturningCount(query: Promise<unknown[]>): Promise<number> {
  return (await query).length;
}

/** RETENTION.fanPhone: the sealed number and its index go; the masked form stays. */
async function maskOldPhones(db: Database, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const due = db
      .select({ id: donations.id })
      .from(donations)
      .where(
        and(
          lt(donations.createdAt, before),
          or(isNotNull(donations.phoneEnc), isNotNull(donations.phone)),
        ),
      )
      .limit(BATCH);
    const masked = await db
      .update(donations)
      .set({ phone: null, phoneEnc: null, phoneHash: null })
      .where(inArray(donations.id, due))
      .returning({ id: donations.id });
    total += masked.length;
    if (masked.length < BATCH) return total;
  }
}

/**
 * RETENTION.consentAddress: a consent record's addresses become their network (maskIpAddress);
 * the given address a year after the consent, the withdrawal's a year after the withdrawal.
 * A masked address has a '/', so it is never matched again.
 */
async function maskOldConsentAddresses(db: Database, before: Date): Promise<number> {
  const givenDue = and(
    lt(consentRecords.givenAt, before),
    isNotNull(consentRecords.ipAddress),
    notLike(consentRecords.ipAddress, '%/%'),
  );
  const withdrawnDue = and(
    lt(consentRecords.withdrawnAt, before),
    isNotNull(consentRecords.withdrawnIpAddress),
    notLike(consentRecords.withdrawnIpAddress, '%/%'),
  );
  let total = 0;
  for (;;) {
    const rows = await db
      .select({
        id: consentRecords.id,
        ip: consentRecords.ipAddress,
        withdrawnIp: consentRecords.withdrawnIpAddress,
        givenAt: consentRecords.givenAt,
        withdrawnAt: consentRecords.withdrawnAt,
      })
      .from(consentRecords)
      .where(or(givenDue, withdrawnDue))
      .limit(BATCH);
    for (const row of rows) {
      const maskGiven = row.ip !== null && row.givenAt < before;
      const maskWithdrawn =
        row.withdrawnIp !== null && row.withdrawnAt !== null && row.withdrawnAt < before;
      await db
        .update(consentRecords)
        .set({
          ...(maskGiven && row.ip !== null ? { ipAddress: maskIpAddress(row.ip) } : {}),
          ...(maskWithdrawn && row.withdrawnIp !== null
            ? { withdrawnIpAddress: maskIpAddress(row.withdrawnIp) }
            : {}),
        })
        .where(eq(consentRecords.id, row.id));
    }
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** RETENTION.voiceAndMedia: paid tips' voice messages and media files, rows and files. */
async function deleteOldVoiceAndMedia(context: RetentionContext, before: Date): Promise<number> {
  const { db } = context;
  const paidBefore = db
    .select({ id: donations.id })
    .from(donations)
    .where(lt(donations.paidAt, before));
  let total = 0;
  for (;;) {
    const voice = await db
      .delete(voiceUploads)
      .where(
        inArray(
          voiceUploads.id,
          db
            .select({ id: voiceUploads.id })
            .from(voiceUploads)
            .where(inArray(voiceUploads.donationId, paidBefore))
            .limit(BATCH),
        ),
      )
      .returning({ key: voiceUploads.storageKey });
    const media = await db
      .delete(mediaUploads)
      .where(
        inArray(
          mediaUploads.id,
          db
            .select({ id: mediaUploads.id })
            .from(mediaUploads)
            .where(inArray(mediaUploads.donationId, paidBefore))
            .limit(BATCH),
        ),
      )
      .returning({ key: mediaUploads.storageKey });
    // Rendered speech reads the tip's name and message aloud: it goes after the same time.
    const speech = await deleteSpeechClips(
      db,
      inArray(
        speechClips.id,
        db
          .select({ id: speechClips.id })
          .from(speechClips)
          .where(lt(speechClips.createdAt, before))
          .limit(BATCH),
      ),
    );
    const keys = [...voice, ...media, ...speech].map((row) => row.key);
    await deleteFiles(context.storage, keys, context.log);
    total += keys.length;
    if (voice.length < BATCH && media.length < BATCH && speech.length < BATCH) return total;
  }
}

/** How often the retention pass runs; each pass is cheap when there is nothing to do. */
export const RETENTION_INTERVAL_MS = 3_600_000;

/** Runs retention now and then every interval; returns the function that stops it. */
export function startRetention(
  context: RetentionContext,
  intervalMs: number = RETENTION_INTERVAL_MS,
): StopPeriodicPass {
  return startPeriodicPass(
    { name: 'retention pass', intervalMs, runNow: true, log: context.log },
    async () => {
      const { counts } = await runRetention(context);
      const total = Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
      if (total > 0) context.log.info({ counts }, 'retention pass masked or deleted personal data');
    },
  );
}

/** The admin console's Privacy tab: the latest runs, and the rules they apply. */
export async function listRetentionRuns(db: Database, limit = 50) {
  const runs = await db
    .select()
    .from(retentionRuns)
    .orderBy(desc(retentionRuns.startedAt))
    .limit(limit);
  return runs.map((run) => ({
    id: run.id,
    status: run.status,
    counts: run.counts,
    error: run.error,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  }));
}

export const RETENTION_RULES = Object.entries(RETENTION).map(([kind, rule]) => ({
  kind,
  data: rule.data,
  days: rule.days,
  from: rule.from,
  action: rule.action,
}));

/** The latest rights requests for the Privacy tab (subjects are hashes or ids, never numbers). */
export async function listPrivacyRequests(db: Database, limit = 100) {
  const rows = await db
    .select()
    .from(privacyRequests)
    .orderBy(desc(privacyRequests.createdAt))
    .limit(limit);
  // A creator's request names the account, so the operator knows whose money to settle first.
  const creatorIds = rows
    .filter((row) => row.subjectKind === 'creator' && UUID.test(row.subjectRef))
    .map((row) => row.subjectRef);
  const accounts =
    creatorIds.length > 0
      ? await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.id, creatorIds))
      : [];
  const emailOf = new Map(accounts.map((account) => [account.id, account.email]));
  return rows.map((row) => ({
    id: row.id,
    subject_kind: row.subjectKind,
    account_email: row.subjectKind === 'creator' ? (emailOf.get(row.subjectRef) ?? null) : null,
    kind: row.kind,
    verified_by: row.verifiedBy,
    status: row.status,
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  }));
}
