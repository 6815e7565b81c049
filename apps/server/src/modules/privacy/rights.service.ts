import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ANONYMOUS_DONOR_NAME, RETENTION, RIGHTS_ANSWER_DAYS, SHARED_WITH } from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import {
  alerts,
  donations,
  mediaUploads,
  paymentEvents,
  privacyCodes,
  privacyRequests,
  privacySessions,
  sandboxOrders,
  speechClips,
  speechJobs,
  voiceUploads,
} from '../../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../../errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { readOrderConsents } from '../consent/consent.service.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import type { PersonalData } from './personal-data.ts';

/** A one-time code works this long… */
export const CODE_TTL_MS = 10 * 60_000;
/** …for this many wrong tries; then a new code must be asked for. */
export const CODE_MAX_ATTEMPTS = 5;
/** A proven identity lasts this long on the rights page. */
export const PRIVACY_SESSION_TTL_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

export type RightsContext = {
  db: Database;
  personalData: PersonalData;
  sms: SmsSender;
  storage: FileStorage;
  log: FastifyBaseLogger;
};

/** Who the rights page is talking to: every tip of one phone number, or one receipt's tip. */
export type PrivacySubject =
  { kind: 'phone'; phoneHash: string } | { kind: 'receipt'; orderId: string };

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

function scopeOf(subject: PrivacySubject) {
  return subject.kind === 'phone'
    ? eq(donations.phoneHash, subject.phoneHash)
    : eq(donations.orderId, subject.orderId);
}

const subjectRefOf = (subject: PrivacySubject) =>
  subject.kind === 'phone' ? subject.phoneHash : subject.orderId;
const verifiedByOf = (subject: PrivacySubject) =>
  subject.kind === 'phone' ? ('sms_code' as const) : ('receipt_link' as const);

/**
 * Sends a code when the number has tips with us; otherwise sends nothing but answers the same,
 * so the page never tells whether a number tipped (and cannot be used to text strangers).
 */
export async function sendCode(context: RightsContext, phone: string): Promise<void> {
  const { db, personalData } = context;
  const phoneHash = personalData.phoneIndex(phone);
  const [known] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.phoneHash, phoneHash))
    .limit(1);
  if (!known) return;
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  // A new code replaces any earlier one: only the latest works.
  await db
    .update(privacyCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(privacyCodes.phoneHash, phoneHash), isNull(privacyCodes.usedAt)));
  await db.insert(privacyCodes).values({
    phoneHash,
    codeHash: personalData.codeHash(code, phoneHash),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  await context.sms.send({
    to: phone,
    text: `${code} is your Shabaash code to see your data. It works for 10 minutes. Do not share it.`,
  });
}

/** Checks a code; right: a rights-page token; wrong: counts the try and says so. */
export async function verifyCode(
  context: RightsContext,
  phone: string,
  code: string,
): Promise<{ token: string; expiresAt: Date }> {
  const { db, personalData } = context;
  const phoneHash = personalData.phoneIndex(phone);
  const [current] = await db
    .select()
    .from(privacyCodes)
    .where(
      and(
        eq(privacyCodes.phoneHash, phoneHash),
        isNull(privacyCodes.usedAt),
        gt(privacyCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(privacyCodes.createdAt))
    .limit(1);
  if (!current) {
    throw badRequest('This code has expired or was not sent. Ask for a new code.', 'code_expired');
  }
  if (current.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError(429, 'code_locked', 'Too many wrong codes. Ask for a new code.');
  }
  const expected = Buffer.from(current.codeHash);
  const given = Buffer.from(personalData.codeHash(code, phoneHash));
  const isRight = expected.length === given.length && crypto.timingSafeEqual(expected, given);
  if (!isRight) {
    // Counted in the statement, so parallel guesses cannot share one try.
    const [counted] = await db
      .update(privacyCodes)
      .set({ attempts: sql`${privacyCodes.attempts} + 1` })
      .where(eq(privacyCodes.id, current.id))
      .returning({ attempts: privacyCodes.attempts });
    const left = CODE_MAX_ATTEMPTS - (counted?.attempts ?? CODE_MAX_ATTEMPTS);
    if (left <= 0) {
      throw new AppError(429, 'code_locked', 'Too many wrong codes. Ask for a new code.');
    }
    throw badRequest(`That code is not right. ${left} tries left.`, 'code_invalid');
  }
  const [used] = await db
    .update(privacyCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(privacyCodes.id, current.id), isNull(privacyCodes.usedAt)))
    .returning({ id: privacyCodes.id });
  if (!used) throw badRequest('This code was already used. Ask for a new code.', 'code_expired');
  return createSession(db, { kind: 'phone', phoneHash });
}

/** The receipt's private link (the status page's order id) proves the tip it names. */
export async function openWithReceipt(
  db: Database,
  orderId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const [donation] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.orderId, orderId));
  if (!donation) {
    throw badRequest(
      'This receipt link is not valid. Check the link in your receipt.',
      'receipt_invalid',
    );
  }
  return createSession(db, { kind: 'receipt', orderId });
}

async function createSession(db: Database, subject: PrivacySubject) {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PRIVACY_SESSION_TTL_MS);
  await db.insert(privacySessions).values({
    tokenHash: sha256(token),
    phoneHash: subject.kind === 'phone' ? subject.phoneHash : null,
    orderId: subject.kind === 'receipt' ? subject.orderId : null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The subject of a rights-page token; 401 when it is unknown or expired. */
export async function requireSubject(
  db: Database,
  token: string | undefined,
): Promise<PrivacySubject> {
  if (!token) throw unauthorized('Prove who you are first.', 'privacy_session_required');
  const [session] = await db
    .select()
    .from(privacySessions)
    .where(
      and(eq(privacySessions.tokenHash, sha256(token)), gt(privacySessions.expiresAt, new Date())),
    );
  if (session?.phoneHash) return { kind: 'phone', phoneHash: session.phoneHash };
  if (session?.orderId) return { kind: 'receipt', orderId: session.orderId };
  throw unauthorized(
    'Your check has expired. Prove who you are again.',
    'privacy_session_required',
  );
}

async function tipsOf(db: Database, subject: PrivacySubject) {
  const streamers = streamerRowsSubquery(db);
  return db
    .select({
      id: donations.id,
      orderId: donations.orderId,
      streamerName: streamers.name,
      streamerSlug: streamers.slug,
      name: donations.name,
      isAnonymous: donations.isAnonymous,
      type: donations.type,
      amountPaise: donations.amountPaise,
      message: donations.message,
      phoneEnc: donations.phoneEnc,
      phoneMasked: donations.phoneMasked,
      paymentStatus: donations.paymentStatus,
      provider: donations.provider,
      createdAt: donations.createdAt,
      paidAt: donations.paidAt,
      erasedAt: donations.erasedAt,
      hasVoice: sql<boolean>`exists (select 1 from ${voiceUploads} where ${voiceUploads.id} = ${donations.voiceUploadId})`,
      hasMedia: sql<boolean>`exists (select 1 from ${mediaUploads} where ${mediaUploads.id} = ${donations.mediaUploadId})`,
    })
    .from(donations)
    .innerJoin(streamers, eq(streamers.id, donations.streamerId))
    .where(scopeOf(subject))
    .orderBy(desc(donations.createdAt))
    .limit(1000);
}

/** The summary the rights page shows (and logs as an access request). */
export async function summarize(context: RightsContext, subject: PrivacySubject) {
  const tips = await tipsOf(context.db, subject);
  await logRequest(context.db, subject, 'access', { tips: tips.length });
  return {
    proven_by: subject.kind === 'phone' ? ('sms_code' as const) : ('receipt_link' as const),
    phone_masked: tips.find((tip) => tip.phoneMasked)?.phoneMasked ?? null,
    tips: tips.map((tip) => ({
      order_id: tip.orderId,
      creator: tip.streamerName,
      name: tip.isAnonymous ? null : tip.name,
      type: tip.type,
      amount_paise: tip.amountPaise,
      message: tip.message,
      has_voice: tip.hasVoice,
      has_media: tip.hasMedia,
      phone_kept: tip.phoneEnc !== null,
      payment_status: tip.paymentStatus,
      created_at: tip.createdAt.toISOString(),
      erased_at: tip.erasedAt?.toISOString() ?? null,
    })),
    shared_with: SHARED_WITH,
    answer_days: RIGHTS_ANSWER_DAYS,
  };
}

/** Everything we hold about the subject, the phone number in clear (they proved it is theirs). */
export async function exportData(context: RightsContext, subject: PrivacySubject) {
  const tips = await tipsOf(context.db, subject);
  // The consents each tip was given under, and the notice version (issue 29, part A).
  const rows = tips.length
    ? await context.db
        .select()
        .from(donations)
        .where(
          inArray(
            donations.id,
            tips.map((tip) => tip.id),
          ),
        )
    : [];
  const consents = new Map<string, { notice_version: string | null; consents: unknown }>();
  for (const row of rows) {
    consents.set(row.id, {
      notice_version: row.noticeVersion,
      consents: await readOrderConsents(context.db, row),
    });
  }
  await logRequest(context.db, subject, 'download', { tips: tips.length });
  return {
    generated_at: new Date().toISOString(),
    controller: 'Shabaash (the operator of this site)',
    tips: tips.map((tip) => ({
      order_id: tip.orderId,
      creator: { name: tip.streamerName, page: `/${tip.streamerSlug}` },
      name: tip.name,
      anonymous: tip.isAnonymous,
      type: tip.type,
      amount_paise: tip.amountPaise,
      message: tip.message,
      phone: tip.phoneEnc ? context.personalData.openPhone(tip.phoneEnc, tip.orderId) : null,
      phone_masked: tip.phoneMasked,
      voice_message_kept: tip.hasVoice,
      media_kept: tip.hasMedia,
      ...consents.get(tip.id),
      payment_gateway: tip.provider,
      payment_status: tip.paymentStatus,
      created_at: tip.createdAt.toISOString(),
      paid_at: tip.paidAt?.toISOString() ?? null,
      erased_at: tip.erasedAt?.toISOString() ?? null,
    })),
    shared_with: SHARED_WITH,
    retention: Object.values(RETENTION).map((rule) => ({
      data: rule.data,
      kept_for_days: rule.days,
      from: rule.from,
      then: rule.action,
    })),
  };
}

/** Corrects the name on the subject's tips (not anonymous ones, not erased ones). */
export async function correctName(context: RightsContext, subject: PrivacySubject, name: string) {
  const changed = await context.db
    .update(donations)
    .set({ name })
    .where(and(scopeOf(subject), eq(donations.isAnonymous, false), isNull(donations.erasedAt)))
    .returning({ id: donations.id });
  await logRequest(context.db, subject, 'correction', { tips: changed.length });
  return { tips: changed.length };
}

/**
 * Erases the subject's name, message, voice message, media and phone number from every tip in
 * scope; the money record (amount, status, order id, time) stays, as the law on accounts asks.
 * Idempotent: an erased tip is erased again to no effect.
 */
export async function eraseTips(context: RightsContext, subject: PrivacySubject) {
  const { db, storage } = context;
  const rows = await db
    .select({ id: donations.id, orderId: donations.orderId })
    .from(donations)
    .where(scopeOf(subject));
  const ids = rows.map((row) => row.id);
  const files =
    ids.length > 0
      ? await eraseDonations(
          db,
          ids,
          rows.map((row) => row.orderId),
        )
      : [];
  await deleteFiles(storage, files, context.log);
  await logRequest(db, subject, 'erasure', { tips: ids.length, files: files.length });
  return { tips: ids.length };
}

/** The erasure itself, shared with nothing else: returns the storage keys to delete. */
async function eraseDonations(db: Database, ids: string[], orderIds: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const voice = await tx
      .delete(voiceUploads)
      .where(inArray(voiceUploads.donationId, ids))
      .returning({ key: voiceUploads.storageKey });
    const media = await tx
      .delete(mediaUploads)
      .where(inArray(mediaUploads.donationId, ids))
      .returning({ key: mediaUploads.storageKey });
    // Rendered speech of these tips reads the name and message aloud. Their jobs go too: a
    // replay asks for a new one, which reads the erased tip ("Anonymous").
    const alertIds = tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(inArray(alerts.donationId, ids));
    const clipIds = (
      await tx
        .select({ id: speechJobs.clipId })
        .from(speechJobs)
        .where(inArray(speechJobs.alertId, alertIds))
    ).flatMap((row) => (row.id ? [row.id] : []));
    await tx.delete(speechJobs).where(inArray(speechJobs.alertId, alertIds));
    const clips = await deleteSpeechClips(tx, inArray(speechClips.id, clipIds));
    await tx
      .update(donations)
      .set({
        name: ANONYMOUS_DONOR_NAME,
        isAnonymous: true,
        message: '',
        messageVisible: false,
        phone: null,
        phoneEnc: null,
        phoneHash: null,
        phoneMasked: null,
        erasedAt: sql`coalesce(${donations.erasedAt}, now())`,
      })
      .where(inArray(donations.id, ids));
    await scrubPaymentContacts(tx, inArray(paymentEvents.orderId, orderIds));
    await tx
      .update(sandboxOrders)
      .set({ customerName: ANONYMOUS_DONOR_NAME })
      .where(inArray(sandboxOrders.orderId, orderIds));
    return [...voice, ...media, ...clips].map((row) => row.key);
  });
}

/**
 * Deletes rendered speech (rows; the caller deletes the files it returns). A clip is a cache
 * shared by every alert that reads the same words, so the other jobs that used it are set to
 * render again (the speech runner picks them up) instead of waiting on a missing clip.
 */
export async function deleteSpeechClips(
  db: Database | Transaction,
  where: SQL | undefined,
): Promise<{ key: string }[]> {
  const clips = await db
    .delete(speechClips)
    .where(where)
    .returning({ key: speechClips.storageKey });
  if (clips.length > 0) {
    await db
      .update(speechJobs)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
      .where(and(eq(speechJobs.status, 'ready'), isNull(speechJobs.clipId)));
  }
  return clips;
}

/**
 * Removes the fan's contact details from stored gateway events (Cashfree's customer_details,
 * Razorpay's payment contact and e-mail); the amounts and statuses stay.
 */
export async function scrubPaymentContacts(
  db: Database | Transaction,
  where: SQL,
): Promise<number> {
  const scrubbed = await db
    .update(paymentEvents)
    .set({
      payload: sql`${paymentEvents.payload} #- '{data,customer_details}' #- '{payload,payment,entity,contact}' #- '{payload,payment,entity,email}'`,
    })
    .where(
      and(
        where,
        sql`(${paymentEvents.payload} #> '{data,customer_details}' is not null
          or ${paymentEvents.payload} #> '{payload,payment,entity,contact}' is not null
          or ${paymentEvents.payload} #> '{payload,payment,entity,email}' is not null)`,
      ),
    )
    .returning({ id: paymentEvents.id });
  return scrubbed.length;
}

export async function deleteFiles(
  storage: FileStorage,
  keys: string[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, storageKey: key }, 'could not delete an erased file');
    }
  }
}

/** Writes one rights request to the log; fans' requests are answered as they are made. */
export async function logRequest(
  db: Database,
  subject: PrivacySubject,
  kind: 'access' | 'download' | 'correction' | 'erasure',
  detail: Record<string, unknown>,
): Promise<void> {
  const now = new Date();
  await db.insert(privacyRequests).values({
    subjectKind: 'fan',
    subjectRef: subjectRefOf(subject),
    kind,
    verifiedBy: verifiedByOf(subject),
    status: 'completed',
    detail,
    dueAt: new Date(now.getTime() + RIGHTS_ANSWER_DAYS * DAY_MS),
    completedAt: now,
  });
}
